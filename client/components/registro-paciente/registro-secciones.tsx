// The registration form's sections (docs/producto.md#registro-de-paciente): Identificación, Datos
// Demográficos, Contacto and the consent, each reading and writing the form through its context.
import { useEffect, type ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import {
  GRUPOS_SANGUINEOS,
  SEXOS,
  TIPOS_DOCUMENTO,
  TIPO_DOCUMENTO_ETIQUETA,
} from '../../../shared/catalogos.js'
import { edadDetallada, edadTexto } from '../../../shared/edad.js'
import { FECHA_NACIMIENTO_MINIMA, LIMITES, type Paciente } from '../../../shared/paciente-datos.js'
import { DEPARTAMENTOS, MUNICIPIOS, esDepartamento } from '../../../shared/ubigeo.js'
import { describe, Field, FieldError } from '../../components/field.js'
import { fechaHora } from '../../components/format.js'
import { CampoSelect, CampoTexto } from './campos.js'
import type { ValoresPaciente } from './paciente-form-schema.js'

const TIPOS = TIPOS_DOCUMENTO.map((t) => [t, TIPO_DOCUMENTO_ETIQUETA[t]] as const)

/** `documento`: the Documento field, which the form gives with its own check. */
export function Identificacion({ hoy, documento }: { hoy: string; documento: ReactNode }) {
  const { register, formState, control } = useFormContext<ValoresPaciente>()
  const { errors } = formState
  const fechaNacimiento = useWatch({ control, name: 'fechaNacimiento' })
  // Shown as the lists show it: an infant's age in months or days, never «0 años».
  const detalle = fechaNacimiento ? edadDetallada(fechaNacimiento, hoy) : null
  const sexoError = errors.sexo?.message
  return (
    <section className="form-section" aria-labelledby="sec-identidad">
      <h3 id="sec-identidad" className="form-section__title">
        Identificación
      </h3>
      <div className="form-grid">
        <CampoSelect name="tipoDocumento" label="Tipo de documento" opciones={TIPOS} required />
        {documento}
        <CampoTexto
          name="primerNombre"
          label="Primer nombre"
          required
          max={LIMITES.nombre}
          autoComplete="given-name"
        />
        <CampoTexto
          name="segundoNombre"
          label="Segundo nombre"
          max={LIMITES.nombre}
          autoComplete="additional-name"
        />
        <CampoTexto
          name="primerApellido"
          label="Primer apellido"
          required
          max={LIMITES.nombre}
          autoComplete="family-name"
        />
        <CampoTexto name="segundoApellido" label="Segundo apellido" max={LIMITES.nombre} />
        <Field
          id="fechaNacimiento"
          label="Fecha de nacimiento"
          required
          error={errors.fechaNacimiento?.message}
        >
          <input
            className="input"
            type="date"
            min={FECHA_NACIMIENTO_MINIMA}
            max={hoy}
            aria-required
            {...describe('fechaNacimiento', errors.fechaNacimiento?.message)}
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
        <CampoSelect
          name="grupoSanguineo"
          label="Grupo sanguíneo"
          opciones={GRUPOS_SANGUINEOS}
          vacio="Sin dato"
        />
        <fieldset
          className="field field--wide radio-group"
          aria-describedby={sexoError ? 'sexo-error' : undefined}
        >
          <legend className="field__label">
            Sexo
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
      </div>
    </section>
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
  return (
    <section className="form-section" aria-labelledby="sec-demograficos">
      <h3 id="sec-demograficos" className="form-section__title">
        Datos Demográficos
      </h3>
      <div className="form-grid">
        <CampoSelect name="departamento" label="Departamento" opciones={DEPARTAMENTOS} required />
        <CampoSelect
          name="municipio"
          label="Municipio"
          opciones={municipios}
          required
          disabled={municipios.length === 0}
          vacio={municipios.length ? 'Seleccione…' : 'Elija departamento'}
        />
        <CampoTexto
          name="zonaResidencial"
          label="Zona residencial"
          required
          max={LIMITES.zonaResidencial}
          hint="Urbana, rural, urbanización…"
        />
        <CampoTexto name="barrio" label="Barrio" max={LIMITES.barrio} />
        <CampoTexto
          name="direccion"
          label="Dirección"
          max={LIMITES.direccion}
          autoComplete="street-address"
        />
      </div>
    </section>
  )
}

export function Contacto() {
  return (
    <section className="form-section" aria-labelledby="sec-contacto">
      <h3 id="sec-contacto" className="form-section__title">
        Contacto
      </h3>
      <div className="form-grid">
        <CampoTexto
          name="celular"
          label="Celular"
          type="tel"
          max={LIMITES.telefono}
          autoComplete="tel"
          inputMode="tel"
        />
        <CampoTexto
          name="telefono"
          label="Teléfono"
          type="tel"
          max={LIMITES.telefono}
          inputMode="tel"
        />
        <CampoTexto
          name="telefono2"
          label="Teléfono 2"
          type="tel"
          max={LIMITES.telefono}
          inputMode="tel"
        />
        <CampoTexto
          name="codigoPostal"
          label="Código postal"
          max={LIMITES.codigoPostal}
          autoComplete="postal-code"
        />
        <CampoTexto
          name="correoElectronico"
          label="Correo electrónico"
          type="email"
          max={LIMITES.correoElectronico}
          autoComplete="email"
          inputMode="email"
        />
        <CampoTexto
          name="acudiente"
          label="Acudiente"
          max={LIMITES.acudiente}
          hint="Familiar o responsable del paciente"
        />
      </div>
    </section>
  )
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
