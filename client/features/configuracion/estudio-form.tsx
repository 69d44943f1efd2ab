// «Nuevo estudio» and «Editar» of one: its modalidad and código, fixed once created; its name,
// duration, preparation and (editing) whether it is active, a deactivation asked first. Checked
// with the shared schemas on the body it will send; a repeated name or código (409) and the
// server's field errors show under their field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { Modalidad } from '../../../shared/catalogos.js'
import {
  CambioEstudioSchema,
  NuevoEstudioSchema,
  type CambioEstudio,
  type EstudioCatalogo,
  type NuevoEstudio,
} from '../../../shared/configuracion.js'
import type { ErrorCampo } from '../../../shared/contract.js'
import { describe, Field } from '../../components/field.js'
import { modalidadesDe, useCatalogos, useEtiquetaModalidad } from '../../state/catalogos.js'
import { CasillaActivo, FormularioCatalogo } from './formulario-catalogo.js'
import { cambiarEstudio, crearEstudio } from './catalogos-api.js'
import { DialogoEstudioActivo } from './estudio-activo.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

interface Valores {
  modalidad: string
  codigo: string
  nombre: string
  duracion: string
  preparacion: string
  activo: boolean
}

const AYUDA_CODIGO = 'Mayúsculas sin tildes, números o guiones; p. ej. ECO-RENAL'
const AYUDA_DURACION = 'De 5 a 480 minutos'
const AYUDA_PREPARACION =
  'Opcional: lo que el paciente debe hacer antes, p. ej. «Ayuno de 8 horas.»'
const FIJOS = 'La modalidad y el código de un estudio no cambian'

/** A blank duration stays blank, so the schema answers «Campo requerido». */
const minutos = (s: string): number | string => (s.trim() === '' ? '' : Number(s))

/** The changeable fields as they will be sent (the whole set: a correction checks them all). */
const campos = (v: Valores) => ({
  nombre: v.nombre.trim(),
  duracionMinutos: minutos(v.duracion) as number,
  preparacion: v.preparacion.trim() || null,
  activo: v.activo,
})

function nuevo(v: Valores): NuevoEstudio {
  const { nombre, duracionMinutos, preparacion } = campos(v)
  return {
    modalidad: v.modalidad,
    codigo: v.codigo.trim().toUpperCase(),
    nombre,
    duracionMinutos,
    ...(preparacion === null ? {} : { preparacion }),
  }
}

/** Only what changed: an unchanged study sends nothing. */
function cambio(v: Valores, e: EstudioCatalogo): CambioEstudio {
  const n = campos(v)
  const c: CambioEstudio = {}
  if (n.nombre !== e.nombre) c.nombre = n.nombre
  if (n.duracionMinutos !== e.duracionMinutos) c.duracionMinutos = n.duracionMinutos
  if (n.preparacion !== e.preparacion) c.preparacion = n.preparacion
  if (n.activo !== e.activo) c.activo = n.activo
  return c
}

const PROPIOS: Record<string, keyof Valores> = {
  modalidad: 'modalidad',
  codigo: 'codigo',
  nombre: 'nombre',
  duracionMinutos: 'duracion',
  preparacion: 'preparacion',
  activo: 'activo',
}
const ubicar = (e: ErrorCampo) =>
  PROPIOS[e.campo] ? { campo: PROPIOS[e.campo]!, mensaje: e.mensaje } : null

const errores = (v: Valores, editado: boolean): ErrorCampo[] =>
  (editado
    ? erroresDeEsquema(CambioEstudioSchema, campos(v))
    : erroresDeEsquema(NuevoEstudioSchema, nuevo(v))
  ).flatMap((e) => ubicar(e) ?? [])

export function EstudioForm({
  estudio,
  modalidad,
  onGuardado,
  onCancelar,
}: {
  /** The study to edit; none: a new one. */
  estudio?: EstudioCatalogo
  /** A new study's modality to start with (the list's filter). */
  modalidad?: Modalidad
  onGuardado: (e: EstudioCatalogo) => void
  onCancelar: () => void
}) {
  const editado = estudio !== undefined
  const catalogo = useCatalogos()
  const etiqueta = useEtiquetaModalidad()
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: estudio
      ? {
          modalidad: estudio.modalidad,
          codigo: estudio.codigo,
          nombre: estudio.nombre,
          duracion: String(estudio.duracionMinutos),
          preparacion: estudio.preparacion ?? '',
          activo: estudio.activo,
        }
      : {
          modalidad: modalidad ?? '',
          codigo: '',
          nombre: '',
          duracion: '',
          preparacion: '',
          activo: true,
        },
    resolver: resolverDeCuerpo((v) => errores(v, editado)),
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)
  /** A change that deactivates the study, waiting for its «Desactivar». */
  const [porConfirmar, setPorConfirmar] = useState<CambioEstudio | null>(null)

  const guardar = async (hacer: () => Promise<EstudioCatalogo>) => {
    setFallo(null)
    try {
      onGuardado(await hacer())
    } catch (err) {
      const resto = erroresDelServidor(err, setError, ubicar)
      if (resto) setFallo(`No se pudo guardar el estudio: ${resto}`)
    }
  }

  const enviar = async (v: Valores) => {
    if (!estudio) return guardar(() => crearEstudio(nuevo(v)))
    const c = cambio(v, estudio)
    if (Object.keys(c).length === 0) return onGuardado(estudio)
    if (c.activo === false) return setPorConfirmar(c)
    return guardar(() => cambiarEstudio(estudio.id, c))
  }

  const e = (k: keyof Valores) => errors[k]?.message
  const px = editado ? 'ee' : 'ne'
  return (
    <FormularioCatalogo
      id={px}
      titulo={estudio ? `Editar estudio ${estudio.nombre}` : 'Nuevo estudio'}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar={editado ? 'Guardar cambios' : 'Crear estudio'}
      despues={
        <>
          {estudio && porConfirmar && (
            <DialogoEstudioActivo
              estudio={estudio}
              activo={false}
              onVolver={() => setPorConfirmar(null)}
              onConfirmar={() => {
                setPorConfirmar(null)
                void guardar(() => cambiarEstudio(estudio.id, porConfirmar))
              }}
            />
          )}
        </>
      }
    >
      <div className="form-grid">
        {estudio ? (
          <>
            <Field id={`${px}-modalidad`} label="Modalidad">
              <input
                id={`${px}-modalidad`}
                className="input"
                readOnly
                value={etiqueta(estudio.modalidad)}
              />
            </Field>
            <Field id={`${px}-codigo`} label="Código" hint={FIJOS}>
              <input
                className="input mono"
                readOnly
                value={estudio.codigo}
                {...describe(`${px}-codigo`, undefined, FIJOS)}
              />
            </Field>
          </>
        ) : (
          <>
            <Field id={`${px}-modalidad`} label="Modalidad" required error={e('modalidad')}>
              <select
                className="select"
                autoFocus
                {...describe(`${px}-modalidad`, e('modalidad'))}
                {...register('modalidad')}
              >
                <option value="">Elija una modalidad</option>
                {modalidadesDe(catalogo).map((m) => (
                  <option key={m.valor} value={m.valor}>
                    {m.etiqueta}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id={`${px}-codigo`}
              label="Código"
              required
              hint={AYUDA_CODIGO}
              error={e('codigo')}
            >
              <input
                className="input mono"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                {...describe(`${px}-codigo`, e('codigo'), AYUDA_CODIGO)}
                {...register('codigo')}
              />
            </Field>
          </>
        )}
        <Field id={`${px}-nombre`} label="Nombre" required error={e('nombre')}>
          <input
            className="input"
            autoComplete="off"
            maxLength={100}
            autoFocus={editado}
            {...describe(`${px}-nombre`, e('nombre'))}
            {...register('nombre')}
          />
        </Field>
        <Field
          id={`${px}-duracion`}
          label="Duración (minutos)"
          required
          hint={AYUDA_DURACION}
          error={e('duracion')}
        >
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={5}
            max={480}
            step={1}
            {...describe(`${px}-duracion`, e('duracion'), AYUDA_DURACION)}
            {...register('duracion')}
          />
        </Field>
        <Field
          id={`${px}-preparacion`}
          label="Preparación"
          hint={AYUDA_PREPARACION}
          error={e('preparacion')}
          className="field--wide"
        >
          <textarea
            className="input catalogo__preparacion"
            rows={3}
            maxLength={2000}
            {...describe(`${px}-preparacion`, e('preparacion'), AYUDA_PREPARACION)}
            {...register('preparacion')}
          />
        </Field>
        {editado && <CasillaActivo registro={register('activo')} etiqueta="Activo" />}
      </div>
    </FormularioCatalogo>
  )
}
