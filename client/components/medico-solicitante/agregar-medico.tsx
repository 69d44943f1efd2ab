// «Agregar médico» inside the atención form (docs/producto.md#ficha-del-paciente): the physician's
// fields in a panel of their own, saved with their own button, so that nothing typed in the
// atención is lost. Not a <form> (it sits inside the atención's): Enter in a field saves the
// physician, never the atención. A CMP already registered names its physician and offers to use
// them instead.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  MENSAJES_MEDICOS as M,
  type MedicoSolicitante,
} from '../../../shared/medico-solicitante.js'
import { ApiError, mensajeDe } from '../../api.js'
import { IconAlert } from '../icons.js'
import {
  aEntrada,
  CamposMedico,
  medicoVacio,
  resolverMedico,
  type ValoresMedico,
} from './campos-medico.js'
import { buscarMedicos, crearMedico } from './medicos-api.js'

export function AgregarMedico({
  id,
  buscado,
  onAgregado,
  onCancelar,
}: {
  id: string
  /** What was typed in the search: a CMP or surnames to start from. */
  buscado: string
  /** The new one, or the one that already had the CMP, chosen instead. */
  onAgregado: (m: MedicoSolicitante) => void
  onCancelar: () => void
}) {
  const { register, handleSubmit, setError, getValues, formState } = useForm<ValoresMedico>({
    defaultValues: medicoVacio(buscado),
    resolver: resolverMedico,
  })
  const [fallo, setFallo] = useState<string | null>(null)
  /** A 409: who already has the CMP, to choose them instead. */
  const [repetido, setRepetido] = useState<{ id: number; mensaje: string } | null>(null)

  const guardar = handleSubmit(async (v) => {
    setFallo(null)
    setRepetido(null)
    try {
      onAgregado(await crearMedico(aEntrada(v)))
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.id !== undefined)
        return setRepetido({ id: err.id, mensaje: err.message })
      const errores = err instanceof ApiError ? err.errores : []
      for (const e of errores)
        setError(e.campo as keyof ValoresMedico, { type: 'server', message: e.mensaje })
      if (errores.length === 0) setFallo(mensajeDe(err, 'No se pudo agregar el médico'))
    }
  })

  const usarRepetido = async () => {
    if (!repetido) return
    try {
      const [m] = (await buscarMedicos(getValues('cmp'), 20)).filter((x) => x.id === repetido.id)
      if (!m) return setFallo('No se pudo leer ese médico: búsquelo por su CMP')
      if (!m.activo) return setFallo(M.solicitanteInactivo(m))
      onAgregado(m)
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudo leer el médico'))
    }
  }

  return (
    <div
      className="agregar-medico"
      role="group"
      aria-labelledby={`${id}-titulo`}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
          e.preventDefault()
          void guardar()
        }
      }}
    >
      <h3 id={`${id}-titulo`} className="agregar-medico__titulo">
        Agregar médico solicitante
      </h3>
      {fallo && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{fallo}</span>
        </p>
      )}
      <CamposMedico
        prefijo={id}
        register={register}
        errors={formState.errors}
        autoFocus
        errorCmp={repetido?.mensaje}
      />
      <div className="agregar-medico__acciones">
        {repetido && (
          <button
            type="button"
            className="btn btn--secondary agregar-medico__usar"
            onClick={() => void usarRepetido()}
          >
            Usar este médico
          </button>
        )}
        <button type="button" className="btn btn--secondary" onClick={onCancelar}>
          Cancelar
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={formState.isSubmitting}
          onClick={() => void guardar()}
        >
          {formState.isSubmitting && <span className="spinner" aria-hidden="true" />}
          Guardar médico
        </button>
      </div>
    </div>
  )
}
