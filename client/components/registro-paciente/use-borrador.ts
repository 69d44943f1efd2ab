// The form's values kept in memory while it is filled (state/borrador.ts), so that a session that
// expires under it does not lose them: after logging in again the same page gets them back.
import { useEffect, useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useLocation } from 'wouter'
import { descartarBorrador, guardarBorrador, tomarBorrador } from '../../state/borrador.js'
import { sesion } from '../../state/sesion.js'
import type { ValoresPaciente } from './paciente-form-schema.js'

/** What comes back: the values, and what else the form needs to go on (a correction's base). */
export interface Borrador<E> {
  valores: ValoresPaciente
  extra: E
}

/**
 * Keeps the values of `form` while they differ from its defaults, with `extra()` beside them, and
 * once, when the form opens, hands a kept draft of this page and user to `recuperar`.
 */
export function useBorrador<E>(
  form: UseFormReturn<ValoresPaciente>,
  extra: () => E,
  recuperar: (b: Borrador<E>) => void,
): void {
  const [donde] = useLocation()
  const extraActual = useRef(extra)
  extraActual.current = extra

  useEffect(() => {
    const usuario = sesion.usuario?.usuario ?? ''
    const guardado = tomarBorrador<Borrador<E>>(donde, usuario)
    if (guardado) recuperar(guardado)
    const unsubscribe = form.subscribe({
      formState: { values: true, isDirty: true },
      callback: ({ values, isDirty }) => {
        if (!isDirty) return descartarBorrador()
        guardarBorrador(donde, usuario, { valores: values, extra: extraActual.current() })
      },
    })
    return () => {
      unsubscribe()
      // Any way out with the session open (leaving, a saved correction) drops the values.
      if (sesion.estado === 'activa') return descartarBorrador()
      // The session ended under the form: the way back from the login finds the values, with
      // what the form last knew beside them. Logging out dropped them already.
      if (tomarBorrador(donde, usuario))
        guardarBorrador(donde, usuario, { valores: form.getValues(), extra: extraActual.current() })
    }
  }, [])
}
