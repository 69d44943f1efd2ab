// «Nueva modalidad» and «Editar» of one: its code (fixed once created: atenciones keep it), its
// Spanish name and its DICOM codes, checked with the shared schema as they will be sent; a code
// or a name another modality has, or a DICOM code a sala uses (409), shows under its field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  CambioModalidadSchema,
  NuevaModalidadSchema,
  type ModalidadFila,
} from '../../../shared/configuracion.js'
import { describe, Field } from '../../components/field.js'
import { cambiarModalidad, crearModalidad } from './catalogos-api.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

const AYUDA_VALOR = 'Como se busca y como lo guardan sus atenciones: CT, MG, DXA… No cambia después'
const AYUDA_CODIGOS =
  'Separados por comas, el habitual primero (DX, CR). Vacío si no tiene equipos DICOM, como Laboratorio'

interface Valores {
  valor: string
  etiqueta: string
  codigos: string
}

/** The DICOM codes as typed: separated by commas or blanks, in capitals. */
const codigosDe = (texto: string): string[] =>
  texto
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase())

const cuerpo = (v: Valores) => ({
  valor: v.valor.trim(),
  etiqueta: v.etiqueta.trim(),
  codigosDicom: codigosDe(v.codigos),
})

/** The form's field of each field of the body. */
const CAMPOS: Record<string, keyof Valores> = {
  valor: 'valor',
  etiqueta: 'etiqueta',
  codigosDicom: 'codigos',
}

export function ModalidadForm({
  modalidad,
  onGuardada,
  onCancelar,
}: {
  /** The modality to edit; none: a new one. */
  modalidad?: ModalidadFila
  onGuardada: (m: ModalidadFila) => void
  onCancelar: () => void
}) {
  const resolver = resolverDeCuerpo<Valores>((v) => {
    const { valor, ...cambio } = cuerpo(v)
    const errores = modalidad
      ? erroresDeEsquema(CambioModalidadSchema, cambio)
      : erroresDeEsquema(NuevaModalidadSchema, { valor, ...cambio })
    // «codigosDicom.1» is the second code: the one field that holds them all shows it.
    return errores.map((e) => ({ ...e, campo: CAMPOS[e.campo.split('.')[0]!] ?? e.campo }))
  })
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: {
      valor: modalidad?.valor ?? '',
      etiqueta: modalidad?.etiqueta ?? '',
      codigos: modalidad?.codigosDicom.join(', ') ?? '',
    },
    resolver,
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      const { valor, ...cambio } = cuerpo(v)
      onGuardada(
        modalidad
          ? await cambiarModalidad(modalidad.valor, cambio)
          : await crearModalidad({ valor, ...cambio }),
      )
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) => {
        const campo = CAMPOS[e.campo.split('.')[0]!]
        return campo ? { campo, mensaje: e.mensaje } : null
      })
      if (resto) setFallo(`No se pudo ${modalidad ? 'guardar' : 'crear'} la modalidad: ${resto}`)
    }
  }

  const e = (k: keyof Valores) => errors[k]?.message
  return (
    <FormularioCatalogo
      id={modalidad ? 'editar-modalidad' : 'nueva-modalidad'}
      titulo={modalidad ? `Editar la modalidad ${modalidad.etiqueta}` : 'Nueva modalidad'}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar={modalidad ? 'Guardar modalidad' : 'Crear modalidad'}
    >
      <div className="form-grid">
        <Field
          id="nm-valor"
          label="Código"
          required={!modalidad}
          error={e('valor')}
          hint={AYUDA_VALOR}
        >
          <input
            className="input"
            autoComplete="off"
            maxLength={16}
            readOnly={modalidad !== undefined}
            autoFocus={!modalidad}
            {...describe('nm-valor', e('valor'), AYUDA_VALOR)}
            {...register('valor')}
          />
        </Field>
        <Field id="nm-etiqueta" label="Nombre" required error={e('etiqueta')}>
          <input
            className="input"
            autoComplete="off"
            maxLength={60}
            placeholder="Tomografía (CT)"
            autoFocus={modalidad !== undefined}
            {...describe('nm-etiqueta', e('etiqueta'))}
            {...register('etiqueta')}
          />
        </Field>
        <Field id="nm-codigos" label="Códigos DICOM" error={e('codigos')} hint={AYUDA_CODIGOS}>
          <input
            className="input"
            autoComplete="off"
            spellCheck={false}
            maxLength={140}
            {...describe('nm-codigos', e('codigos'), AYUDA_CODIGOS)}
            {...register('codigos')}
          />
        </Field>
      </div>
    </FormularioCatalogo>
  )
}
