// «Registrar comunicación» of a critical finding or a lab critical value: whom it was told to,
// how, and whether they read it back. What the server refuses shows under its field; a finding
// someone else recorded meanwhile says who and when (409), and the caller reads its list again.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  COMUNICADO_A_MAXIMO,
  comunicarHallazgoContract,
  MEDIOS_COMUNICACION,
  MENSAJES_HALLAZGOS as M,
  NOTA_MAXIMO,
  type HallazgoCritico,
  type MedioComunicacion,
} from '../../shared/hallazgos.js'
import { limpiar } from '../../shared/texto.js'
import { ApiError, call, mensajeDe } from '../api.js'
import { describe, Field, FieldError } from './field.js'
import { IconAlert } from './icons.js'
import { Modal, PieDialogo } from './modal.js'

interface Valores {
  comunicadoA: string
  medio: MedioComunicacion | ''
  /** The radio's value: no answer is chosen for the person recording it. */
  releido: 'si' | 'no' | ''
  nota: string
}

const CAMPOS = ['comunicadoA', 'medio', 'releido', 'nota'] as const

export function ComunicarDialogo({
  hallazgoId,
  descripcion,
  onRegistrado,
  onYaRegistrado,
  onVolver,
}: {
  hallazgoId: number
  /** What is being communicated and about whom, first in the dialog's text. */
  descripcion: string
  onRegistrado: (h: HallazgoCritico) => void
  /** Someone recorded it first: the list is read again. */
  onYaRegistrado: () => void
  onVolver: () => void
}) {
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: { comunicadoA: '', medio: '', releido: '', nota: '' },
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)
  const id = `comunicar-${hallazgoId}`

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      onRegistrado(
        await call(comunicarHallazgoContract, {
          params: { id: String(hallazgoId) },
          body: {
            comunicadoA: limpiar(v.comunicadoA),
            medio: v.medio as MedioComunicacion,
            releido: v.releido === 'si',
            ...(limpiar(v.nota) && { nota: limpiar(v.nota) }),
          },
        }),
      )
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) onYaRegistrado()
      const propios = err instanceof ApiError ? err.errores : []
      for (const e of propios)
        if ((CAMPOS as readonly string[]).includes(e.campo))
          setError(e.campo as (typeof CAMPOS)[number], { type: 'server', message: e.mensaje })
      if (!propios.some((e) => (CAMPOS as readonly string[]).includes(e.campo)))
        setFallo(mensajeDe(err, 'No se pudo registrar la comunicación'))
    }
  }

  return (
    <Modal labelledBy={`${id}-titulo`} describedBy={`${id}-texto`} onVolver={onVolver}>
      <div className="dialog__icon dialog__icon--danger" aria-hidden="true">
        <IconAlert />
      </div>
      <h2 id={`${id}-titulo`}>Registrar comunicación</h2>
      <p id={`${id}-texto`}>
        {descripcion} Anote a quién se comunicó y si lo repitió para confirmarlo.
      </p>
      <form className="dialog__form" onSubmit={(e) => void handleSubmit(enviar)(e)} noValidate>
        <Field
          id={`${id}-a`}
          label="Comunicado a"
          required
          hint="Nombre y cargo, p. ej. «Dr. Pérez, médico tratante»"
          error={errors.comunicadoA?.message}
        >
          <input
            className="input"
            autoComplete="off"
            autoFocus
            maxLength={COMUNICADO_A_MAXIMO}
            {...describe(
              `${id}-a`,
              errors.comunicadoA?.message,
              'Nombre y cargo, p. ej. «Dr. Pérez, médico tratante»',
            )}
            {...register('comunicadoA', { validate: (s) => (limpiar(s) ? true : M.comunicadoA) })}
          />
        </Field>
        <fieldset
          className="field radio-group"
          aria-describedby={errors.medio ? `${id}-medio-error` : undefined}
        >
          <legend className="field__label">
            Medio
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="radio-group__options">
            {MEDIOS_COMUNICACION.map((m) => (
              <label key={m} className="radio">
                <input
                  type="radio"
                  value={m}
                  aria-invalid={errors.medio ? true : undefined}
                  {...register('medio', { validate: (s) => (s ? true : M.medio) })}
                />
                <span>{m}</span>
              </label>
            ))}
          </div>
          {errors.medio?.message && (
            <FieldError id={`${id}-medio-error`}>{errors.medio.message}</FieldError>
          )}
        </fieldset>
        <fieldset
          className="field radio-group"
          aria-describedby={errors.releido ? `${id}-releido-error` : undefined}
        >
          <legend className="field__label">
            ¿Lo repitió (releyó) quien lo recibió?
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="radio-group__options">
            {(
              [
                ['si', 'Sí, lo releyó'],
                ['no', 'No'],
              ] as const
            ).map(([valor, texto]) => (
              <label key={valor} className="radio">
                <input
                  type="radio"
                  value={valor}
                  aria-invalid={errors.releido ? true : undefined}
                  {...register('releido', { validate: (s) => (s ? true : M.releido) })}
                />
                <span>{texto}</span>
              </label>
            ))}
          </div>
          {errors.releido?.message && (
            <FieldError id={`${id}-releido-error`}>{errors.releido.message}</FieldError>
          )}
        </fieldset>
        <Field id={`${id}-nota`} label="Nota" error={errors.nota?.message}>
          <input
            className="input"
            autoComplete="off"
            maxLength={NOTA_MAXIMO}
            {...describe(`${id}-nota`, errors.nota?.message)}
            {...register('nota')}
          />
        </Field>
        <PieDialogo
          fallo={fallo}
          onVolver={onVolver}
          enviando={isSubmitting}
          enviar="Registrar comunicación"
        />
      </form>
    </Modal>
  )
}
