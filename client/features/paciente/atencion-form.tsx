// Registers a patient's arrival for studies, from the shared catalogues (sede, modalidad and its
// estudios, procedencia, prioridad), or corrects a registered one; validated with the shared schema.
// A new arrival's date and time start blank, meaning "now": the server fills them with the
// clinic's time when it stores the arrival, so neither the browser's zone nor the moment the page
// was opened decides them.
import { typeboxResolver } from '@hookform/resolvers/typebox'
import { useMemo, useState } from 'react'
import { useForm, type FieldError, type Resolver } from 'react-hook-form'
import type { ErrorCampo } from '../../../shared/contract.js'
import { MENSAJES_VISITAS, type VisitaEntrada } from '../../../shared/visitas.js'
import {
  AtencionEntradaSchema,
  validarEstudios,
  type Atencion,
  type AtencionEntrada,
} from '../../../shared/atenciones.js'
import { ESTADOS_INICIALES, PRIORIDADES, PROCEDENCIAS } from '../../../shared/catalogos.js'
import { ApiError } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { aErroresDeFormulario } from '../../lib/typebox-mensajes.js'
import {
  catalogos,
  estudiosDeModalidad,
  etiquetaModalidad,
  nombresDeSedes,
  salasDe,
  useCatalogos,
} from '../../state/catalogos.js'
import type { Catalogos } from '../../../shared/configuracion.js'
import { EstudiosCasillas } from './estudios-casillas.js'
import { OtrasModalidades, type OtraModalidad } from './otras-modalidades.js'
import { corregirAtencion, crearAtencion, crearVisita } from './paciente-api.js'
import { ModalidadSelect } from './modalidad-select.js'
import { MedicoSolicitanteCampo } from '../../components/medico-solicitante/medico-solicitante-campo.js'

interface Valores {
  sede: string
  modalidad: string
  /** '' where the sede has one sala of the modality (the server gives it) or none. */
  salaId: string
  estudios: string[]
  estado: string
  procedencia: string
  prioridad: string
  fechaLlegada: string
  horaLlegada: string
  /** The visit's other modalities (otras-modalidades.tsx); none when correcting. */
  otras: OtraModalidad[]
  /** The médico solicitante chosen (medico-solicitante-campo.tsx), or none. */
  solicitanteId: number | null
}

const SEDE_KEY = 'clinica.sede'
/** What a blank arrival date and time mean (docs/datos.md#atenciones). */
const AHORA = 'Vacía: ahora, en la hora de la clínica al registrar'
const AHORA_HORA = 'Vacía: la hora actual de la clínica (o 00:00 si indica la fecha)'

function iniciales(): Valores {
  let sede = ''
  try {
    sede = localStorage.getItem(SEDE_KEY) ?? ''
  } catch {
    // no storage: choose every time
  }
  return {
    sede,
    modalidad: '',
    salaId: '',
    estudios: [],
    estado: 'En espera',
    procedencia: 'Ambulatorio',
    prioridad: 'Rutina',
    fechaLlegada: '',
    horaLlegada: '',
    otras: [],
    solicitanteId: null,
  }
}

/** An atención's values, for correcting it (no estado: that changes by its own buttons). */
const deAtencion = (a: Atencion): Valores => ({
  sede: a.sede,
  modalidad: a.modalidad,
  salaId: a.salaId === null ? '' : String(a.salaId),
  estudios: a.estudios.map((e) => e.nombre),
  estado: '',
  procedencia: a.procedencia,
  prioridad: a.prioridad,
  fechaLlegada: a.fechaLlegada,
  horaLlegada: a.horaLlegada,
  otras: [],
  solicitanteId: a.solicitante?.id ?? null,
})

/** A checkbox group's value: RHF gives a lone checkbox's as a string, or false when unticked. */
const marcados = (v: unknown): string[] =>
  Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : []

/**
 * The body of the call: estudios as `{nombre}` objects, the sala's id a number, blank fields left
 * out; the médico solicitante always (null: none, which also takes away a corrected one's).
 */
const aCuerpo = (v: Valores) => {
  const cuerpo: Record<string, unknown> = {
    estudios: marcados(v.estudios).map((nombre) => ({ nombre })),
  }
  for (const [k, valor] of Object.entries(v))
    if (k !== 'estudios' && k !== 'otras' && valor !== '')
      cuerpo[k] = k === 'salaId' ? Number(valor) : valor
  return cuerpo as unknown as AtencionEntrada
}

/** The body of a visit: the shared fields once, then each modality with its studies and sala. */
const aVisita = (v: Valores): VisitaEntrada => {
  const { modalidad, estudios, salaId, ...comunes } = aCuerpo(v)
  const bloque = (o: OtraModalidad) => ({
    modalidad: o.modalidad as AtencionEntrada['modalidad'],
    estudios: marcados(o.estudios).map((nombre) => ({ nombre })),
    ...(o.salaId !== '' && { salaId: Number(o.salaId) }),
  })
  return {
    ...comunes,
    atenciones: [{ modalidad, estudios, ...(salaId && { salaId }) }, ...v.otras.map(bloque)],
  }
}

/** A visit's error, where the form shows it: the first modality's fields are the form's own. */
const campoDelFormulario = (campo: string) =>
  campo.replace(/^atenciones\.(\d+)\./, (_, n: string) =>
    n === '0' ? '' : `otras.${Number(n) - 1}.`,
  )

const SIN_ESTUDIOS = (AtencionEntradaSchema.properties.estudios as { mensaje?: string }).mensaje!
const SIN_MODALIDAD = (AtencionEntradaSchema.properties.modalidad as { mensaje?: string }).mensaje!

/** Each other modality of the visit: chosen once, with its studies and, where needed, its sala. */
function erroresDeOtras(v: Valores, c: Catalogos): ErrorCampo[] {
  return v.otras.flatMap((o, i): ErrorCampo[] => {
    const campo = (k: string) => `otras.${i}.${k}`
    if (!o.modalidad) return [{ campo: campo('modalidad'), mensaje: SIN_MODALIDAD }]
    if ([v.modalidad, ...v.otras.slice(0, i).map((x) => x.modalidad)].includes(o.modalidad))
      return [{ campo: campo('modalidad'), mensaje: MENSAJES_VISITAS.modalidadRepetida }]
    const estudios = marcados(o.estudios).map((nombre) => ({ nombre }))
    if (estudios.length === 0) return [{ campo: campo('estudios'), mensaje: SIN_ESTUDIOS }]
    return [
      ...validarEstudios(
        etiquetaModalidad(c, o.modalidad),
        estudios,
        estudiosDeModalidad(c, o.modalidad),
      ).map((e) => ({ ...e, campo: campo(e.campo) })),
      ...(o.salaId === '' && salasDe(c, v.sede, o.modalidad).length > 1
        ? [{ campo: campo('salaId'), mensaje: 'Elija la sala' }]
        : []),
    ]
  })
}

const esquema = typeboxResolver(AtencionEntradaSchema)

/**
 * The schema's checks, then the studies against the catalogue (GET /catalogos): the modality's
 * active ones, plus those a corrected atención already has (`conservados`).
 */
const resolverCon =
  (conservados: readonly string[]): Resolver<Valores> =>
  async (values, ctx, options) => {
    const cuerpo = aCuerpo(values)
    const r = await esquema(cuerpo, ctx, options as never)
    const otras = catalogos.datos ? erroresDeOtras(values, catalogos.datos) : []
    if (Object.keys(r.errors).length > 0)
      return {
        values: {},
        errors: { ...aErroresDeFormulario<Valores>(otras), ...r.errors } as never,
      }
    const errores =
      values.modalidad && catalogos.datos
        ? [
            ...otras,
            ...validarEstudios(
              etiquetaModalidad(catalogos.datos, values.modalidad),
              cuerpo.estudios,
              [...estudiosDeModalidad(catalogos.datos, values.modalidad), ...conservados],
            ),
            // Where the sede has several salas of the modality, its equipment's worklist needs one.
            ...(values.salaId === '' &&
            salasDe(catalogos.datos, values.sede, values.modalidad).length > 1
              ? [{ campo: 'salaId', mensaje: 'Elija la sala' }]
              : []),
          ]
        : []
    return errores.length
      ? { values: {}, errors: aErroresDeFormulario<Valores>(errores) }
      : { values, errors: {} }
  }

/** A new atención of the patient, or (`atencion`) the correction of a registered one. */
export type AtencionFormProps =
  | { pacienteId: number; onCreada: (a: Atencion) => void; atencion?: undefined }
  | { atencion: Atencion; onGuardada: (a: Atencion) => void; onVolver: () => void }

/** The form once the catalogues are here: a select's value is set when its options exist. */
export function AtencionForm(props: AtencionFormProps) {
  const catalogo = useCatalogos()
  if (!catalogo)
    return (
      <p className="atencion-form" role="status">
        {catalogos.error ?? 'Cargando sedes y estudios…'}
      </p>
    )
  return <FormularioAtencion {...props} catalogo={catalogo} />
}

function FormularioAtencion(props: AtencionFormProps & { catalogo: Catalogos }) {
  const { catalogo } = props
  const editada = props.atencion
  // Field ids of their own: the correction opens over the page that holds the registration form.
  const px = editada ? 'ed' : 'at'
  const conservados = useMemo(() => editada?.estudios.map((e) => e.nombre) ?? [], [editada])
  const resolver = useMemo(() => resolverCon(conservados), [conservados])
  const form = useForm<Valores>({
    defaultValues: editada ? deAtencion(editada) : iniciales(),
    resolver,
  })
  const { register, handleSubmit, watch, reset, setValue, setError, formState } = form
  const { errors, isSubmitting } = formState
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null)
  /** How many this form registered: each one starts the next with an empty solicitante. */
  const [registradas, setRegistradas] = useState(0)
  const modalidad = watch('modalidad')
  // The modality's active studies, and those the corrected atención keeps though retired since.
  const estudios = modalidad
    ? [
        ...new Set([
          ...estudiosDeModalidad(catalogo, modalidad),
          ...(modalidad === editada?.modalidad ? conservados : []),
        ]),
      ]
    : []
  // An atención at a sede closed since keeps it as an option.
  const sedes = [...new Set([...nombresDeSedes(catalogo), ...(editada ? [editada.sede] : [])])]
  const sede = watch('sede')
  const salas = salasDe(catalogo, sede, modalidad)

  const enviar = async (v: Valores) => {
    setAviso(null)
    try {
      if (props.atencion) {
        const { estado: _estado, ...correccion } = aCuerpo(v)
        props.onGuardada(await corregirAtencion(props.atencion.id, correccion))
        return
      }
      const creadas =
        v.otras.length > 0
          ? (await crearVisita(props.pacienteId, aVisita(v))).atenciones
          : [await crearAtencion(props.pacienteId, aCuerpo(v))]
      try {
        localStorage.setItem(SEDE_KEY, v.sede)
      } catch {
        // not remembered
      }
      reset({ ...iniciales(), sede: v.sede })
      setRegistradas((n) => n + 1)
      const numeros = creadas.map((a) => a.id).join(' y ')
      setAviso({
        ok: true,
        texto:
          creadas.length > 1
            ? `Visita registrada: atenciones N.º ${numeros}, con un solo ticket y turno.`
            : `Atención registrada (N.º ${numeros}).`,
      })
      // Each is added on top: last to first, so the list shows them in the visit's order.
      for (const a of [...creadas].reverse()) props.onCreada(a)
    } catch (err) {
      const e = err instanceof ApiError ? err : null
      for (const fe of e?.errores ?? [])
        setError(campoDelFormulario(fe.campo) as keyof Valores, {
          type: 'server',
          message: fe.mensaje,
        })
      const que = editada ? 'guardar los cambios' : 'registrar la atención'
      setAviso({ ok: false, texto: `Error al ${que}: ${e?.message || 'Error desconocido'}` })
    }
  }

  const select = (
    name: keyof Valores,
    label: string,
    opciones: readonly (readonly [string, string])[],
    vacio?: string,
    onChange?: () => void,
  ) => (
    <Field id={`${px}-${name}`} label={label} required={!!vacio} error={errors[name]?.message}>
      <select
        className="select"
        {...describe(`${px}-${name}`, errors[name]?.message)}
        {...register(name, { onChange })}
      >
        {vacio && <option value="">{vacio}</option>}
        {opciones.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </Field>
  )
  const par = (xs: readonly string[]) => xs.map((x) => [x, x] as const)
  return (
    <form
      className="atencion-form"
      onSubmit={handleSubmit(enviar)}
      noValidate
      aria-labelledby={`${px}-titulo`}
    >
      <h2 id={`${px}-titulo`}>
        {editada ? `Editar atención N.º ${editada.id}` : 'Registrar atención'}
      </h2>
      {aviso && (
        <div className={`alert ${aviso.ok ? 'alert--success' : 'alert--error'}`} role="alert">
          {aviso.ok ? <IconCheck /> : <IconAlert />}
          <span>{aviso.texto}</span>
        </div>
      )}
      <div className="atencion-form__grid">
        {select('sede', 'Sede', par(sedes), 'Seleccione…', () => setValue('salaId', ''))}
        <ModalidadSelect
          id={`${px}-modalidad`}
          error={errors.modalidad?.message}
          actual={editada?.modalidad}
          registro={register('modalidad', {
            onChange: () => {
              setValue('estudios', [])
              setValue('salaId', '')
            },
          })}
        />
        {salas.length > 1 &&
          select(
            'salaId',
            'Sala',
            salas.map((x) => [String(x.id), x.nombre] as const),
            'Seleccione…',
          )}
      </div>
      <EstudiosCasillas
        id={px}
        estudios={estudios}
        registrar={() => register('estudios')}
        error={errors.estudios as FieldError | undefined}
      />
      {!editada && <OtrasModalidades form={form} catalogo={catalogo} />}
      <div className="atencion-form__grid">
        <MedicoSolicitanteCampo
          // A new one after each registration: the last patient's physician is not carried over.
          key={editada ? `ed-${editada.id}` : registradas}
          id={`${px}-solicitante`}
          valor={watch('solicitanteId')}
          inicial={editada?.solicitante ?? null}
          error={errors.solicitanteId?.message}
          onCambio={(id) =>
            setValue('solicitanteId', id, {
              shouldDirty: true,
              shouldValidate: formState.isSubmitted,
            })
          }
        />
      </div>
      <div className="atencion-form__grid">
        {!editada && select('estado', 'Estado inicial', par(ESTADOS_INICIALES))}
        {select('prioridad', 'Prioridad', par(PRIORIDADES))}
        {select('procedencia', 'Procedencia', par(PROCEDENCIAS))}
        <Field
          id={`${px}-fechaLlegada`}
          label="Fecha de llegada"
          error={errors.fechaLlegada?.message}
          hint={editada ? undefined : AHORA}
        >
          <input
            className="input"
            type="date"
            {...describe(
              `${px}-fechaLlegada`,
              errors.fechaLlegada?.message,
              editada ? undefined : AHORA,
            )}
            {...register('fechaLlegada')}
          />
        </Field>
        <Field
          id={`${px}-horaLlegada`}
          label="Hora de llegada"
          error={errors.horaLlegada?.message}
          hint={editada ? undefined : AHORA_HORA}
        >
          <input
            className="input"
            type="time"
            {...describe(
              `${px}-horaLlegada`,
              errors.horaLlegada?.message,
              editada ? undefined : AHORA_HORA,
            )}
            {...register('horaLlegada')}
          />
        </Field>
      </div>
      {props.atencion ? (
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={props.onVolver}>
            Volver
          </button>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner" aria-hidden="true" />}
            Guardar cambios
          </button>
        </div>
      ) : (
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting && <span className="spinner" aria-hidden="true" />}
          Registrar atención
        </button>
      )}
    </form>
  )
}
