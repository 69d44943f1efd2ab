// Configuración › Clínica (docs/producto.md#identidad-de-la-clínica): the clinic's name, RUC,
// address, phone and RENIPRESS code, its logo, and how long a patient's access code works. What is saved shows at once in the menu, the
// tab's title and every printed page.
import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import {
  CambioClinicaSchema,
  errorRuc,
  LOGO_BYTES_MAXIMO,
  LOGO_TIPOS,
  MENSAJES_CLINICA,
  type CambioClinica,
  type Clinica,
} from '../../../shared/clinica.js'
import { mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { useTitle } from '../../components/use-title.js'
import { clinica as estado, useClinica } from '../../state/clinica.js'
import { cambiarClinica, cambiarLogo, quitarLogo } from './clinica-api.js'
import { VigenciaCodigo } from './vigencia-codigo.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

type Valores = Record<'nombre' | 'ruc' | 'direccion' | 'telefono' | 'renipress', string>
const CAMPOS = ['nombre', 'ruc', 'direccion', 'telefono', 'renipress'] as const

/** The body the form sends: every field, an empty one as null (cleared), the name as typed. */
function cuerpo(v: Valores): CambioClinica {
  const nulo = (s: string) => (s.trim() ? s.trim() : null)
  return {
    nombre: v.nombre.trim(),
    ruc: nulo(v.ruc),
    direccion: nulo(v.direccion),
    telefono: nulo(v.telefono),
    renipress: nulo(v.renipress),
  }
}

const resolver = resolverDeCuerpo<Valores>((v) => {
  const b = cuerpo(v)
  const errores = erroresDeEsquema(CambioClinicaSchema, b)
  const ruc = errores.some((e) => e.campo === 'ruc') ? null : errorRuc(b.ruc)
  return ruc ? [...errores, { campo: 'ruc', mensaje: ruc }] : errores
})

const valoresDe = (c: Clinica): Valores => ({
  nombre: c.nombre,
  ruc: c.ruc ?? '',
  direccion: c.direccion ?? '',
  telefono: c.telefono ?? '',
  renipress: c.renipress ?? '',
})

function Formulario({ actual }: { actual: Clinica }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<Valores>({
    defaultValues: valoresDe(actual),
    resolver,
  })
  const { errors, isSubmitting, isDirty } = formState
  const [aviso, setAviso] = useState<{ tipo: 'error' | 'success'; texto: string } | null>(null)

  const enviar = async (v: Valores) => {
    setAviso(null)
    try {
      const nueva = await cambiarClinica(cuerpo(v))
      estado.datos = nueva
      reset(valoresDe(nueva))
      setAviso({ tipo: 'success', texto: 'Datos de la clínica guardados.' })
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) =>
        (CAMPOS as readonly string[]).includes(e.campo)
          ? { campo: e.campo as keyof Valores, mensaje: e.mensaje }
          : null,
      )
      if (resto) setAviso({ tipo: 'error', texto: `No se pudieron guardar: ${resto}` })
    }
  }

  const campo = (
    nombre: keyof Valores,
    label: string,
    max: number,
    extra: {
      required?: boolean
      inputMode?: 'numeric' | 'tel'
      ayuda?: string
      ancho?: boolean
    } = {},
  ) => {
    const id = `cl-${nombre}`
    const error = errors[nombre]?.message
    return (
      <Field
        id={id}
        label={label}
        required={extra.required}
        error={error}
        hint={extra.ayuda}
        className={extra.ancho ? 'clinica__ancho' : undefined}
      >
        <input
          className="input"
          autoComplete="off"
          maxLength={max}
          inputMode={extra.inputMode}
          {...describe(id, error, extra.ayuda)}
          {...register(nombre)}
        />
      </Field>
    )
  }

  return (
    <form className="card" onSubmit={handleSubmit(enviar)} noValidate aria-labelledby="cl-titulo">
      <header className="card__header">
        <h2 id="cl-titulo">Datos de la clínica</h2>
      </header>
      <div className="card__body form-grid">
        {campo('nombre', 'Nombre', 120, { required: true, ancho: true })}
        {campo('ruc', 'RUC', 11, { inputMode: 'numeric' })}
        {campo('renipress', 'Código RENIPRESS', 8, {
          inputMode: 'numeric',
          ayuda: 'El código único de la IPRESS en RENIPRESS (SUSALUD), 8 dígitos',
        })}
        {campo('telefono', 'Teléfono', 30, { inputMode: 'tel' })}
        {campo('direccion', 'Dirección', 200, { ancho: true })}
      </div>
      <footer className="card__footer">
        {aviso && (
          <p
            className={`alert alert--${aviso.tipo}`}
            role={aviso.tipo === 'error' ? 'alert' : 'status'}
          >
            {aviso.texto}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting && <span className="spinner" aria-hidden="true" />}
          Guardar
        </button>
      </footer>
    </form>
  )
}

/** A file read as a data URL, as the server takes the logo. */
const leerComoDataUrl = (archivo: File) =>
  new Promise<string>((resolve, reject) => {
    const lector = new FileReader()
    lector.onload = () => resolve(String(lector.result))
    lector.onerror = () => reject(new Error('No se pudo leer el archivo'))
    lector.readAsDataURL(archivo)
  })

function Logo({ actual }: { actual: Clinica }) {
  const [aviso, setAviso] = useState<{ tipo: 'error' | 'success'; texto: string } | null>(null)
  const [enviando, setEnviando] = useState(false)

  const hacer = async (paso: () => Promise<Clinica>, hecho: string) => {
    setEnviando(true)
    setAviso(null)
    try {
      estado.datos = await paso()
      setAviso({ tipo: 'success', texto: hecho })
    } catch (err) {
      setAviso({ tipo: 'error', texto: mensajeDe(err, 'No se pudo cambiar el logo') })
    } finally {
      setEnviando(false)
    }
  }

  const elegido = async (e: ChangeEvent<HTMLInputElement>) => {
    const archivo = e.target.files?.[0]
    e.target.value = ''
    if (!archivo) return
    if (
      !(LOGO_TIPOS as readonly string[]).includes(archivo.type) ||
      archivo.size > LOGO_BYTES_MAXIMO
    )
      return setAviso({ tipo: 'error', texto: MENSAJES_CLINICA.logo })
    const imagen = await leerComoDataUrl(archivo)
    await hacer(() => cambiarLogo(imagen), 'Logo guardado.')
  }

  return (
    <section className="card" aria-labelledby="cl-logo">
      <header className="card__header">
        <h2 id="cl-logo">Logo</h2>
      </header>
      <div className="card__body clinica__logo">
        {actual.logo ? (
          <img src={actual.logo} alt="Logo actual de la clínica" className="clinica__imagen" />
        ) : (
          <p className="muted">Sin logo: el menú y los tickets muestran solo el nombre.</p>
        )}
        <div className="clinica__acciones">
          <label className="btn btn--secondary">
            {actual.logo ? 'Cambiar logo…' : 'Subir logo…'}
            <input
              type="file"
              accept={LOGO_TIPOS.join(',')}
              className="visually-hidden"
              disabled={enviando}
              onChange={(e) => void elegido(e)}
            />
          </label>
          {actual.logo && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={enviando}
              onClick={() => void hacer(quitarLogo, 'Logo quitado.')}
            >
              Quitar logo
            </button>
          )}
        </div>
        <p className="muted small">PNG o JPEG, hasta {LOGO_BYTES_MAXIMO / 1024} KB.</p>
        {aviso && (
          <p
            className={`alert alert--${aviso.tipo}`}
            role={aviso.tipo === 'error' ? 'alert' : 'status'}
          >
            {aviso.texto}
          </p>
        )}
      </div>
    </section>
  )
}

export default function ClinicaPage() {
  useTitle('Clínica')
  const actual = useClinica()
  if (!actual)
    return (
      <div className="centered" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Cargando…</span>
      </div>
    )
  return (
    <div className="clinica">
      <Formulario actual={actual} />
      <Logo actual={actual} />
      <VigenciaCodigo />
    </div>
  )
}
