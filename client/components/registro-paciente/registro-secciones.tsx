// The registration form's sections (docs/producto.md#registro-de-paciente): Identificación, Datos
// Demográficos, Contacto and the consent, each reading and writing the form through its context.
import { Fragment, useEffect, type ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { SEXOS, TIPOS_DOCUMENTO, TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import { edadDetallada, edadTexto } from '../../../shared/edad.js'
import {
  CAMPOS_PACIENTE,
  campo,
  camposDe,
  FECHA_NACIMIENTO_MINIMA,
  type CampoPaciente,
  type Seccion as SeccionCampos,
} from '../../../shared/paciente-campos.js'
import type { Paciente } from '../../../shared/paciente-datos.js'
import { distritosDe } from '../../../shared/distritos.js'
import { DEPARTAMENTOS, MUNICIPIOS, esDepartamento } from '../../../shared/ubigeo.js'
import { describe, Field, FieldError } from '../../components/field.js'
import { fechaHora } from '../../components/format.js'
import { CampoSelect, CampoTexto } from './campos.js'
import { Madre } from './madre.js'
import type { Familiar as MadreLeida } from '../../../shared/pacientes.js'
import type { ValoresPaciente } from './paciente-form-schema.js'

const TIPOS = TIPOS_DOCUMENTO.map((t) => [t, TIPO_DOCUMENTO_ETIQUETA[t]] as const)

/**
 * One section of the form: its fields in the list's order (paciente-campos.ts), each as a text
 * input or a select of its values, but those with a layout of their own (`especiales`).
 */
function Seccion({
  titulo,
  id,
  especiales = {},
}: {
  titulo: SeccionCampos
  id: string
  especiales?: Partial<Record<CampoPaciente, ReactNode>>
}) {
  return (
    <section className="form-section" aria-labelledby={id}>
      <h3 id={id} className="form-section__title">
        {titulo}
      </h3>
      <div className="form-grid">
        {camposDe(titulo).map((c) => (
          <Fragment key={c}>{c in especiales ? especiales[c] : <CampoDe campo={c} />}</Fragment>
        ))}
      </div>
    </section>
  )
}

/**
 * A field with its suggested values (Zona residencial: Urbana, Rural) as a select; a record from
 * before them keeps its own value there, as one more option.
 */
function CampoSugerido({ campo: c }: { campo: CampoPaciente }) {
  const d = campo(c)
  const { control } = useFormContext<ValoresPaciente>()
  const actual = String(useWatch({ control, name: c }) ?? '')
  const sugerencias = d.sugerencias ?? []
  return (
    <CampoSelect
      name={c}
      label={d.etiqueta}
      opciones={actual && !sugerencias.includes(actual) ? [...sugerencias, actual] : sugerencias}
      required={d.requerido}
      vacio={d.requerido ? undefined : 'Sin dato'}
    />
  )
}

function CampoDe({ campo: c }: { campo: CampoPaciente }) {
  const d = campo(c)
  if (d.sugerencias) return <CampoSugerido campo={c} />
  if (d.valores) {
    return (
      <CampoSelect
        name={c}
        label={d.etiqueta}
        opciones={d.valores}
        required={d.requerido}
        vacio={d.requerido ? undefined : 'Sin dato'}
      />
    )
  }
  return (
    <CampoTexto
      name={c}
      label={d.etiqueta}
      required={d.requerido}
      max={d.max}
      type={d.entrada}
      inputMode={d.entrada}
      autoComplete={d.autocompletar}
      hint={d.ayuda}
    />
  )
}

/**
 * `documento`: the Documento field, which the form gives with its own check; after it, a newborn's
 * mother (`editable`: chosen at registration, only shown in a correction).
 */
export function Identificacion({
  hoy,
  documento,
  editable,
  madre,
}: {
  hoy: string
  documento: ReactNode
  editable: boolean
  /** A correction's patient's mother, as its read named her. */
  madre?: MadreLeida | null
}) {
  return (
    <Seccion
      titulo="Identificación"
      id="sec-identidad"
      especiales={{
        tipoDocumento: (
          <CampoSelect
            name="tipoDocumento"
            label={CAMPOS_PACIENTE.tipoDocumento.etiqueta}
            opciones={TIPOS}
            required
          />
        ),
        documento: (
          <>
            {documento}
            <Madre editable={editable} conocida={madre} />
          </>
        ),
        fechaNacimiento: <Nacimiento hoy={hoy} />,
        sexo: <Sexo />,
      }}
    />
  )
}

/** The birth date and, beside it, the age it gives today. */
function Nacimiento({ hoy }: { hoy: string }) {
  const { register, formState, control } = useFormContext<ValoresPaciente>()
  const error = formState.errors.fechaNacimiento?.message
  const fechaNacimiento = useWatch({ control, name: 'fechaNacimiento' })
  // Shown as the lists show it: an infant's age in months or days, never «0 años».
  const detalle = fechaNacimiento ? edadDetallada(fechaNacimiento, hoy) : null
  return (
    <>
      <Field
        id="fechaNacimiento"
        label={CAMPOS_PACIENTE.fechaNacimiento.etiqueta}
        required
        error={error}
      >
        <input
          className="input"
          type="date"
          min={FECHA_NACIMIENTO_MINIMA}
          max={hoy}
          aria-required
          {...describe('fechaNacimiento', error)}
          {...register('fechaNacimiento')}
        />
      </Field>
      <Field
        id="edad"
        label="Edad"
        hint="Según la fecha de nacimiento; en meses o días si es menor de un año"
      >
        <input
          className="input"
          id="edad"
          name="edad"
          readOnly
          value={detalle ? edadTexto(detalle) : ''}
          aria-describedby="edad-hint"
        />
      </Field>
    </>
  )
}

function Sexo() {
  const { register, formState } = useFormContext<ValoresPaciente>()
  const sexoError = formState.errors.sexo?.message
  return (
    <fieldset
      className="field field--wide radio-group"
      aria-describedby={sexoError ? 'sexo-error' : undefined}
    >
      <legend className="field__label">
        {CAMPOS_PACIENTE.sexo.etiqueta}
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="radio-group__options">
        {SEXOS.map((s) => (
          <label key={s} className="radio">
            <input
              type="radio"
              value={s}
              aria-invalid={sexoError ? true : undefined}
              {...register('sexo')}
            />
            <span>{s}</span>
          </label>
        ))}
      </div>
      {sexoError && <FieldError id="sexo-error">{sexoError}</FieldError>}
    </fieldset>
  )
}

export function Demograficos() {
  const { control, getValues, setValue, formState } = useFormContext<ValoresPaciente>()
  const departamento = useWatch({ control, name: 'departamento' })
  const municipios = esDepartamento(departamento) ? MUNICIPIOS[departamento] : []
  // Choosing a departamento sets its first municipio (docs/producto.md#registro-de-paciente), after
  // render, once its options exist; a municipio of that departamento (a stored one) stays.
  const { isSubmitted } = formState
  useEffect(() => {
    const lista: readonly string[] = esDepartamento(departamento) ? MUNICIPIOS[departamento] : []
    if (lista.includes(getValues('municipio'))) return
    setValue('municipio', lista[0] ?? '', { shouldValidate: isSubmitted })
  }, [departamento, setValue])
  // A distrito is not guessed: a new provincia empties it, unless it is one of that provincia's.
  const municipio = useWatch({ control, name: 'municipio' })
  const distritos = distritosDe(departamento, municipio)
  useEffect(() => {
    if (distritosDe(departamento, municipio).includes(getValues('distrito'))) return
    setValue('distrito', '', { shouldValidate: isSubmitted })
  }, [departamento, municipio, setValue])
  return (
    <Seccion
      titulo="Datos Demográficos"
      id="sec-demograficos"
      especiales={{
        departamento: (
          <CampoSelect
            name="departamento"
            label={CAMPOS_PACIENTE.departamento.etiqueta}
            opciones={DEPARTAMENTOS}
            required
          />
        ),
        municipio: (
          <CampoSelect
            name="municipio"
            label={CAMPOS_PACIENTE.municipio.etiqueta}
            opciones={municipios}
            required
            disabled={municipios.length === 0}
            vacio={municipios.length ? 'Seleccione…' : 'Elija departamento'}
          />
        ),
        distrito: (
          <CampoSelect
            name="distrito"
            label={CAMPOS_PACIENTE.distrito.etiqueta}
            opciones={distritos}
            disabled={distritos.length === 0}
            vacio={distritos.length ? 'Seleccione…' : 'Elija provincia'}
          />
        ),
      }}
    />
  )
}

export function Contacto() {
  return <Seccion titulo="Contacto" id="sec-contacto" />
}

/** The consent box of a registration; a correction shows when and which version was accepted. */
export function Consentimiento({ paciente }: { paciente?: Paciente }) {
  const { register, formState } = useFormContext<ValoresPaciente>()
  if (paciente) {
    return (
      <p className="consent muted">
        Política de privacidad aceptada el {fechaHora(paciente.politicaAceptadaEn)} (versión{' '}
        {paciente.politicaVersion}).
      </p>
    )
  }
  const politicaError = formState.errors.aceptaPolitica?.message
  return (
    <div className="consent">
      <label className="check">
        <input
          type="checkbox"
          id="aceptaPolitica"
          aria-invalid={politicaError ? true : undefined}
          aria-describedby={politicaError ? 'aceptaPolitica-error' : undefined}
          {...register('aceptaPolitica')}
        />
        <span>
          El paciente acepta la política de privacidad y el tratamiento de sus datos de salud
          (Ley&nbsp;29733).
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </span>
      </label>
      {politicaError && <FieldError id="aceptaPolitica-error">{politicaError}</FieldError>}
    </div>
  )
}
