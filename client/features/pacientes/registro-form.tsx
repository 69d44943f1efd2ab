// Registro de Paciente (docs/producto.md#registro-de-paciente): three sections, Guardar and
// Cancelar, errors under their fields (the shared schema's and the server's), possible duplicates
// beside the form. With `edicion` the same form corrects a stored patient
// (docs/producto.md#editar-paciente): filled in, it sends the changed fields with the version it
// opened, and if someone else changed the patient meanwhile it shows their values beside the user's.
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import {
  DEPARTAMENTOS,
  GRUPOS_SANGUINEOS,
  MUNICIPIOS,
  SEXOS,
  TIPOS_DOCUMENTO,
  TIPO_DOCUMENTO_ETIQUETA,
  esDepartamento,
} from '../../../shared/catalogos.js'
import { calcularEdad } from '../../../shared/edad.js'
import { FECHA_NACIMIENTO_MINIMA, LIMITES, type Paciente } from '../../../shared/paciente-datos.js'
import { CAMPOS_EDITABLES, type CampoEditable } from '../../../shared/pacientes.js'
import { ApiError } from '../../api.js'
import { ETIQUETA_CAMPO, valorCampo } from '../../components/campos-paciente.js'
import { describe, Field, FieldError } from '../../components/field.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconCheck, IconX } from '../../components/icons.js'
import { hoyLocal } from '../../lib/hoy.js'
import { paths } from '../../paths.js'
import { ConfirmarDuplicados } from './confirmar-duplicados.js'
import { DuplicadosPanel, useDuplicados } from './duplicados.js'
import {
  aValores,
  cambiosDe,
  pacienteResolver,
  VALORES_INICIALES,
  type ValoresPaciente,
} from './paciente-form-schema.js'
import { crearPaciente, editarPaciente, obtenerParaEditar } from './pacientes-api.js'

type Resultado = { tipo: 'ok' | 'error'; texto: string; id?: number }

/** The stored patient a correction starts from, and its version (GET's ETag). */
export interface Edicion {
  paciente: Paciente
  etag: string
}

/** After a 412: each field where the stored value and the user's differ. */
interface Conflicto {
  mensaje: string
  filas: { campo: CampoEditable; actual: string; suyo: string | null }[]
}

export function RegistroForm({
  onRegistrado,
  edicion,
  onGuardado,
  onCancelar,
}: {
  onRegistrado?: (p: Paciente) => void
  /** Correct this patient instead of registering a new one. */
  edicion?: Edicion
  onGuardado?: (p: Paciente) => void
  onCancelar?: () => void
}) {
  const { register, handleSubmit, watch, setValue, getValues, reset, setError, formState } =
    useForm<ValoresPaciente>({
      defaultValues: edicion ? aValores(edicion.paciente) : VALORES_INICIALES,
      resolver: pacienteResolver,
    })
  const { errors } = formState
  // What the correction is made against: the values and version last read from the server.
  const [base, setBase] = useState(() => (edicion ? aValores(edicion.paciente) : null))
  const [etag, setEtag] = useState(edicion?.etag ?? '')
  const [conflicto, setConflicto] = useState<Conflicto | null>(null)
  const [resultado, setResultado] = useState<Resultado | null>(null)
  const [guardando, setGuardando] = useState(false)
  const [porConfirmar, setPorConfirmar] = useState<ValoresPaciente | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)

  const [
    departamento,
    fechaNacimiento,
    primerNombre,
    segundoNombre,
    primerApellido,
    segundoApellido,
  ] = watch([
    'departamento',
    'fechaNacimiento',
    'primerNombre',
    'segundoNombre',
    'primerApellido',
    'segundoApellido',
  ])
  const hoy = hoyLocal()
  const edad = fechaNacimiento ? calcularEdad(fechaNacimiento, hoy) : null
  const municipios = esDepartamento(departamento) ? MUNICIPIOS[departamento] : []
  // Choosing a departamento sets its first municipio (docs/producto.md#registro-de-paciente), after
  // render, once its options exist; a municipio of that departamento (a stored one) stays.
  const { isSubmitted } = formState
  useEffect(() => {
    const lista: readonly string[] = esDepartamento(departamento) ? MUNICIPIOS[departamento] : []
    if (lista.includes(getValues('municipio'))) return
    setValue('municipio', lista[0] ?? '', { shouldValidate: isSubmitted })
  }, [departamento, setValue])
  const todos = useDuplicados({
    primerNombre,
    segundoNombre,
    primerApellido,
    segundoApellido,
    fechaNacimiento,
  })
  // A patient being corrected is not a duplicate of itself.
  const duplicados = edicion
    ? { ...todos, lista: todos.lista?.filter((d) => d.id !== edicion.paciente.id) ?? null }
    : todos

  const mostrar = (r: Resultado) => {
    setResultado(r)
    requestAnimationFrame(() =>
      alertRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    )
  }

  const errorDelServidor = (e: ApiError | null, prefijo: string) => {
    for (const fe of e?.errores ?? []) {
      if (fe.campo in VALORES_INICIALES)
        setError(fe.campo as keyof ValoresPaciente, { type: 'server', message: fe.mensaje })
    }
    if (e?.status === 409) setError('documento', { type: 'server', message: e.message })
    mostrar({
      tipo: 'error',
      // Only a message the server sent counts (docs/producto.md#mensajes); a failed connection
      // has none.
      texto: `${prefijo}: ${(e && e.status > 0 && e.message) || 'Error al guardar paciente'}`,
      id: e?.status === 409 ? e.id : undefined,
    })
  }

  /**
   * Someone else saved first: the form takes their values, except in the fields this user changed,
   * and lists every field where the stored value and the user's differ, so the user can re-apply.
   */
  const resolverConflicto = async (valores: ValoresPaciente, mensaje: string) => {
    const propios = cambiosDe(valores, base!)
    const { paciente, etag: nueva } = await obtenerParaEditar(String(edicion!.paciente.id))
    const actuales = aValores(paciente)
    const filas = CAMPOS_EDITABLES.filter((campo) =>
      campo in propios ? propios[campo] !== actuales[campo] : base![campo] !== actuales[campo],
    ).map((campo) => ({
      campo,
      actual: actuales[campo],
      suyo: campo in propios ? (propios[campo] ?? '') : null,
    }))
    reset({ ...actuales, ...propios })
    setBase(actuales)
    setEtag(nueva)
    setConflicto({ mensaje, filas })
  }

  const corregir = async (valores: ValoresPaciente) => {
    const cambios = cambiosDe(valores, base!)
    if (Object.keys(cambios).length === 0) {
      onGuardado?.(edicion!.paciente)
      return
    }
    setGuardando(true)
    setResultado(null)
    try {
      const { paciente } = await editarPaciente(edicion!.paciente.id, cambios, etag)
      onGuardado?.(paciente)
    } catch (err) {
      const e = err instanceof ApiError ? err : null
      if (e?.status === 412) {
        setConflicto(null)
        try {
          await resolverConflicto(valores, e.message)
        } catch (otro) {
          errorDelServidor(otro instanceof ApiError ? otro : null, 'Error al guardar los cambios')
        }
      } else {
        errorDelServidor(e, 'Error al guardar los cambios')
      }
    } finally {
      setGuardando(false)
    }
  }

  const guardar = async (valores: ValoresPaciente) => {
    if (edicion) return corregir(valores)
    setGuardando(true)
    setResultado(null)
    try {
      const paciente = await crearPaciente({ ...valores, edad })
      reset(VALORES_INICIALES)
      mostrar({
        tipo: 'ok',
        texto: `Paciente registrado con éxito! ID: ${paciente.id}`,
        id: paciente.id,
      })
      onRegistrado?.(paciente)
    } catch (err) {
      errorDelServidor(err instanceof ApiError ? err : null, 'Error al registrar paciente')
    } finally {
      setGuardando(false)
    }
  }

  // A correction is not asked to confirm: the panel beside the form still shows the look-alikes.
  const onValid = (valores: ValoresPaciente) => {
    if (!edicion && duplicados.lista && duplicados.lista.length > 0) setPorConfirmar(valores)
    else return guardar(valores)
  }

  const cancelar = () => {
    if (edicion) return onCancelar?.()
    reset(VALORES_INICIALES)
    setResultado(null)
  }

  const texto = (
    name: keyof ValoresPaciente,
    label: string,
    opts: {
      required?: boolean
      max?: number
      type?: string
      autoComplete?: string
      hint?: string
      inputMode?: 'tel' | 'email' | 'numeric'
    } = {},
  ) => {
    const error = errors[name]?.message
    return (
      <Field id={name} label={label} required={opts.required} error={error} hint={opts.hint}>
        <input
          className="input"
          type={opts.type ?? 'text'}
          maxLength={opts.max}
          autoComplete={opts.autoComplete ?? 'off'}
          inputMode={opts.inputMode}
          aria-required={opts.required || undefined}
          {...describe(name, error, opts.hint)}
          {...register(name)}
        />
      </Field>
    )
  }

  const select = (
    name: keyof ValoresPaciente,
    label: string,
    opciones: readonly (string | [string, string])[],
    opts: { required?: boolean; disabled?: boolean; vacio?: string } = {},
  ) => {
    const error = errors[name]?.message
    return (
      <Field id={name} label={label} required={opts.required} error={error}>
        <select
          className="select"
          disabled={opts.disabled}
          aria-required={opts.required || undefined}
          {...describe(name, error)}
          {...register(name)}
        >
          <option value="">{opts.vacio ?? 'Seleccione…'}</option>
          {opciones.map((o) => {
            const [valor, etiqueta] = typeof o === 'string' ? [o, o] : o
            return (
              <option key={valor} value={valor}>
                {etiqueta}
              </option>
            )
          })}
        </select>
      </Field>
    )
  }

  const sexoError = errors.sexo?.message
  const politicaError = errors.aceptaPolitica?.message

  return (
    <div className="registro">
      <form
        className="registro__form"
        onSubmit={handleSubmit(onValid)}
        noValidate
        aria-labelledby="registro-titulo"
      >
        <h2 id="registro-titulo" className="registro__title">
          {edicion ? 'Datos del paciente' : 'Registro de Paciente'}
        </h2>
        <p className="registro__intro">
          Los campos marcados con <span className="field__required">*</span> son obligatorios.
        </p>

        {resultado && (
          <div
            ref={alertRef}
            className={`alert ${resultado.tipo === 'ok' ? 'alert--success' : 'alert--error'}`}
            role="alert"
          >
            {resultado.tipo === 'ok' ? <IconCheck /> : <IconAlert />}
            <div className="alert__body">
              <p>{resultado.texto}</p>
              {resultado.id !== undefined && (
                <Link href={paths.paciente(resultado.id)} className="alert__link">
                  {resultado.tipo === 'ok'
                    ? 'Ver la ficha del paciente'
                    : 'Ver el paciente ya registrado'}
                </Link>
              )}
            </div>
            <button
              type="button"
              className="alert__close"
              aria-label="Cerrar aviso"
              onClick={() => setResultado(null)}
            >
              <IconX />
            </button>
          </div>
        )}

        {conflicto && (
          <div className="alert alert--warning conflicto" role="alert">
            <IconAlert />
            <div className="alert__body">
              <p>{conflicto.mensaje}</p>
              {conflicto.filas.length > 0 && (
                <table className="conflicto__tabla">
                  <caption className="visually-hidden">Valores actuales y los suyos</caption>
                  <thead>
                    <tr>
                      <th scope="col">Campo</th>
                      <th scope="col">Valor actual</th>
                      <th scope="col">Su valor</th>
                    </tr>
                  </thead>
                  <tbody>
                    {conflicto.filas.map((f) => (
                      <tr key={f.campo}>
                        <th scope="row">{ETIQUETA_CAMPO[f.campo]}</th>
                        <td data-label="Valor actual">{valorCampo(f.campo, f.actual)}</td>
                        <td data-label="Su valor">
                          {f.suyo === null ? (
                            <span className="muted">sin cambios suyos</span>
                          ) : (
                            valorCampo(f.campo, f.suyo)
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <p className="small">
                El formulario tiene ahora los valores actuales y, en los campos que usted cambió,
                los suyos. Revíselos y pulse «Guardar cambios» para aplicarlos.
              </p>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => {
                  reset(base!)
                  setConflicto(null)
                }}
              >
                Descartar mis cambios
              </button>
            </div>
          </div>
        )}

        <section className="form-section" aria-labelledby="sec-identidad">
          <h3 id="sec-identidad" className="form-section__title">
            Identificación
          </h3>
          <div className="form-grid">
            {select(
              'tipoDocumento',
              'Tipo de documento',
              TIPOS_DOCUMENTO.map((t) => [t, TIPO_DOCUMENTO_ETIQUETA[t]] as [string, string]),
              { required: true },
            )}
            {texto('documento', 'Documento', { required: true, max: LIMITES.documento })}
            {texto('primerNombre', 'Primer nombre', {
              required: true,
              max: LIMITES.nombre,
              autoComplete: 'given-name',
            })}
            {texto('segundoNombre', 'Segundo nombre', {
              max: LIMITES.nombre,
              autoComplete: 'additional-name',
            })}
            {texto('primerApellido', 'Primer apellido', {
              required: true,
              max: LIMITES.nombre,
              autoComplete: 'family-name',
            })}
            {texto('segundoApellido', 'Segundo apellido', { max: LIMITES.nombre })}
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
            <Field id="edad" label="Edad" hint="Años cumplidos, según la fecha de nacimiento">
              <div className="input-suffix">
                <input
                  className="input"
                  id="edad"
                  name="edad"
                  readOnly
                  value={edad ?? ''}
                  aria-describedby="edad-hint"
                />
                <span className="input-suffix__text" aria-hidden="true">
                  años
                </span>
              </div>
            </Field>
            {select('grupoSanguineo', 'Grupo sanguíneo', GRUPOS_SANGUINEOS, { vacio: 'Sin dato' })}
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

        <section className="form-section" aria-labelledby="sec-demograficos">
          <h3 id="sec-demograficos" className="form-section__title">
            Datos Demográficos
          </h3>
          <div className="form-grid">
            <Field
              id="departamento"
              label="Departamento"
              required
              error={errors.departamento?.message}
            >
              <select
                className="select"
                aria-required
                {...describe('departamento', errors.departamento?.message)}
                {...register('departamento')}
              >
                <option value="">Seleccione…</option>
                {DEPARTAMENTOS.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </Field>
            {select('municipio', 'Municipio', municipios, {
              required: true,
              disabled: municipios.length === 0,
              vacio: municipios.length ? 'Seleccione…' : 'Elija departamento',
            })}
            {texto('zonaResidencial', 'Zona residencial', {
              required: true,
              max: LIMITES.zonaResidencial,
              hint: 'Urbana, rural, urbanización…',
            })}
            {texto('barrio', 'Barrio', { max: LIMITES.barrio })}
            {texto('direccion', 'Dirección', {
              max: LIMITES.direccion,
              autoComplete: 'street-address',
            })}
          </div>
        </section>

        <section className="form-section" aria-labelledby="sec-contacto">
          <h3 id="sec-contacto" className="form-section__title">
            Contacto
          </h3>
          <div className="form-grid">
            {texto('celular', 'Celular', {
              type: 'tel',
              max: LIMITES.telefono,
              autoComplete: 'tel',
              inputMode: 'tel',
            })}
            {texto('telefono', 'Teléfono', {
              type: 'tel',
              max: LIMITES.telefono,
              inputMode: 'tel',
            })}
            {texto('telefono2', 'Teléfono 2', {
              type: 'tel',
              max: LIMITES.telefono,
              inputMode: 'tel',
            })}
            {texto('codigoPostal', 'Código postal', {
              max: LIMITES.codigoPostal,
              autoComplete: 'postal-code',
            })}
            {texto('correoElectronico', 'Correo electrónico', {
              type: 'email',
              max: LIMITES.correoElectronico,
              autoComplete: 'email',
              inputMode: 'email',
            })}
            {texto('acudiente', 'Acudiente', {
              max: LIMITES.acudiente,
              hint: 'Familiar o responsable del paciente',
            })}
          </div>
        </section>

        {edicion ? (
          <p className="consent muted">
            Política de privacidad aceptada el {fechaHora(edicion.paciente.politicaAceptadaEn)}{' '}
            (versión {edicion.paciente.politicaVersion}).
          </p>
        ) : (
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
                (Ley 29733).
                <span className="field__required" aria-hidden="true">
                  *
                </span>
              </span>
            </label>
            {politicaError && <FieldError id="aceptaPolitica-error">{politicaError}</FieldError>}
          </div>
        )}

        <div className="form-actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={cancelar}
            disabled={guardando}
          >
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary" disabled={guardando}>
            {guardando && <span className="spinner" aria-hidden="true" />}
            {edicion ? 'Guardar cambios' : 'Guardar'}
          </button>
        </div>
      </form>

      <DuplicadosPanel estado={duplicados} />

      {porConfirmar && (
        <ConfirmarDuplicados
          cantidad={duplicados.lista?.length ?? 0}
          onConfirmar={() => {
            const v = porConfirmar
            setPorConfirmar(null)
            void guardar(v)
          }}
          onCancelar={() => setPorConfirmar(null)}
        />
      )}
    </div>
  )
}
