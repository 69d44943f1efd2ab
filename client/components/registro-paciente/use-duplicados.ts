// Possible duplicates (docs/datos.md#posibles-duplicados): while names and birth date are filled
// the server is asked, after a pause in typing, for patients with the same ones. Guardar never
// goes ahead on a stale or unanswered check: `asegurar` gives the answer for the values being
// saved, waiting for the question in flight or asking at once.
import { useEffect, useRef, useState } from 'react'
import { esFechaValida } from '../../../shared/edad.js'
import type { Duplicado, DuplicadosQuery } from '../../../shared/pacientes.js'
import { posiblesDuplicados } from './registro-api.js'

export interface EstadoDuplicados {
  /** null: names and birth date are not filled yet. */
  lista: Duplicado[] | null
  buscando: boolean
}

const PAUSA_MS = 350

/** The question for these values, as text (equal values, equal key); '' when not ready to ask. */
function claveDe(q: DuplicadosQuery): string {
  const listo =
    q.primerNombre.trim() !== '' &&
    q.primerApellido.trim() !== '' &&
    esFechaValida(q.fechaNacimiento)
  if (!listo) return ''
  return JSON.stringify([
    q.primerNombre.trim(),
    q.segundoNombre?.trim() ?? '',
    q.primerApellido.trim(),
    q.segundoApellido?.trim() ?? '',
    q.fechaNacimiento,
  ])
}

function preguntar(clave: string): Promise<Duplicado[]> {
  const [primerNombre, segundoNombre, primerApellido, segundoApellido, fechaNacimiento] =
    JSON.parse(clave) as string[]
  return posiblesDuplicados({
    primerNombre: primerNombre!,
    segundoNombre: segundoNombre!,
    primerApellido: primerApellido!,
    segundoApellido: segundoApellido!,
    fechaNacimiento: fechaNacimiento!,
  }).catch(() => [] as Duplicado[]) // a failed check must not stop a registration: it only loses the warning
}

/** `propioId`: the patient being corrected, who is not a duplicate of itself. */
export function useDuplicados(
  q: DuplicadosQuery,
  propioId?: number,
): {
  estado: EstadoDuplicados
  /** The answer for `valores`: the one already given, the one in flight, or a new question. */
  asegurar(valores: DuplicadosQuery): Promise<Duplicado[]>
} {
  const [estado, setEstado] = useState<EstadoDuplicados>({ lista: null, buscando: false })
  // The latest question and its answer to come; an older question's answer is not shown.
  const actual = useRef<{ clave: string; respuesta: Promise<Duplicado[]> } | null>(null)
  const clave = claveDe(q)

  const consultar = (c: string): Promise<Duplicado[]> => {
    if (actual.current?.clave === c) return actual.current.respuesta
    const respuesta = preguntar(c)
    actual.current = { clave: c, respuesta }
    void respuesta.then((lista) => {
      if (actual.current?.clave === c) setEstado({ lista, buscando: false })
    })
    return respuesta
  }

  useEffect(() => {
    if (!clave) {
      actual.current = null
      setEstado({ lista: null, buscando: false })
      return
    }
    if (actual.current?.clave === clave) return
    setEstado((e) => ({ ...e, buscando: true }))
    const t = setTimeout(() => void consultar(clave), PAUSA_MS)
    return () => clearTimeout(t)
  }, [clave])

  return {
    estado: propioId
      ? { ...estado, lista: estado.lista?.filter((d) => d.id !== propioId) ?? null }
      : estado,
    asegurar: (valores) => {
      const c = claveDe(valores)
      return c ? consultar(c) : Promise.resolve([])
    },
  }
}
