// «Nuevo médico» and «Editar» of a médico solicitante: the fields the desk's «Agregar médico» has
// too (components/medico-solicitante), in Configuración's form frame. An edit sends only what
// changed; a CMP another physician has (409) shows under the CMP, naming them.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  LISTA_CAMPOS_MEDICO,
  validarMedico,
  type CambioMedico,
  type CampoMedico,
  type MedicoSolicitante,
} from '../../../shared/medico-solicitante.js'
import { ApiError } from '../../api.js'
import {
  aEntrada,
  CamposMedico,
  deMedico,
  medicoVacio,
  resolverMedico,
  type ValoresMedico,
} from '../../components/medico-solicitante/campos-medico.js'
import { cambiarMedico, crearMedico } from '../../components/medico-solicitante/medicos-api.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { erroresDelServidor } from './validar-catalogo.js'

/** The fields that changed, as stored (trimmed, the CMP normalised; a blank optional one, null). */
function cambioDe(v: ValoresMedico, m: MedicoSolicitante): CambioMedico {
  const { datos } = validarMedico(v)
  const c: CambioMedico = {}
  for (const campo of LISTA_CAMPOS_MEDICO)
    if (datos[campo] !== undefined && datos[campo] !== m[campo]) c[campo] = datos[campo] as never
  return c
}

const esCampo = (c: string): c is CampoMedico => (LISTA_CAMPOS_MEDICO as string[]).includes(c)

export function MedicoForm({
  medico,
  onGuardado,
  onCancelar,
}: {
  /** The physician to correct; none: a new one. */
  medico?: MedicoSolicitante
  onGuardado: (m: MedicoSolicitante) => void
  onCancelar: () => void
}) {
  const { register, handleSubmit, setError, formState } = useForm<ValoresMedico>({
    defaultValues: medico ? deMedico(medico) : medicoVacio(),
    resolver: resolverMedico,
  })
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: ValoresMedico) => {
    setFallo(null)
    try {
      if (!medico) return onGuardado(await crearMedico(aEntrada(v)))
      const c = cambioDe(v, medico)
      onGuardado(Object.keys(c).length > 0 ? await cambiarMedico(medico.id, c) : medico)
    } catch (err) {
      if (err instanceof ApiError && err.status === 409)
        return setError('cmp', { type: 'server', message: err.message })
      const resto = erroresDelServidor(err, setError, (e) =>
        esCampo(e.campo) ? { campo: e.campo, mensaje: e.mensaje } : null,
      )
      if (resto) setFallo(`No se pudo ${medico ? 'guardar' : 'agregar'} el médico: ${resto}`)
    }
  }

  const nombre = medico && `${medico.apellidos}, ${medico.nombres}`
  return (
    <FormularioCatalogo
      id={medico ? 'editar-medico' : 'nuevo-medico'}
      titulo={medico ? `Editar a ${nombre}` : 'Nuevo médico solicitante'}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={formState.isSubmitting}
      enviar={medico ? 'Guardar cambios' : 'Agregar médico'}
    >
      <CamposMedico
        prefijo={medico ? 'em' : 'nm'}
        register={register}
        errors={formState.errors}
        autoFocus
      />
    </FormularioCatalogo>
  )
}
