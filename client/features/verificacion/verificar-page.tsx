// Verificar documento (docs/producto.md#verificar-documento): where the QR of a signed informe or a
// result sheet leads, for anyone holding the paper, without an account. It shows what the server
// says of the code (genuine or not, the clinic, the kind of document, when, its version and its
// SHA-256) and checks a PDF the person drops here against that SHA-256, in the browser. Outside
// the app's frame, and small: a cheap phone opens it from a QR over a slow connection.
import { useEffect, useState, type DragEvent, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import type { DocumentoVerificado } from '../../../shared/verificacion.js'
import {
  MENSAJES_VERIFICACION as M,
  normalizarCodigo,
  rutaVerificacion,
} from '../../../shared/verificacion-codigo.js'
import { ApiError, mensajeDeEstado } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconCheck, IconFileText } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { huellaDeArchivo } from './huella.js'
import '../../components/pagina-publica.css'
import './verificar.css'

/**
 * GET /v/:codigo as JSON. Fetched here rather than through its contract: the contract brings
 * TypeBox, three times this page's size, and this page only reads the answer.
 */
async function consultar(codigo: string, signal: AbortSignal): Promise<DocumentoVerificado> {
  let res: Response
  try {
    res = await fetch(rutaVerificacion(encodeURIComponent(codigo)), {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      signal,
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new ApiError(0, 'No se pudo conectar con el servidor')
  }
  const cuerpo = (await res.json().catch(() => null)) as { message?: string } | null
  if (!res.ok) throw new ApiError(res.status, cuerpo?.message || mensajeDeEstado(res.status))
  return cuerpo as DocumentoVerificado
}

type Estado =
  | { tipo: 'cargando' }
  | { tipo: 'documento'; d: DocumentoVerificado }
  | { tipo: 'error'; texto: string; noEncontrado: boolean }

type Comparacion =
  | { tipo: 'calculando'; archivo: string }
  | { tipo: 'coincide' | 'distinto'; archivo: string; huella: string }
  | { tipo: 'error'; archivo: string }

export default function VerificarPage() {
  useTitle('Verificar documento')
  const { codigo = '' } = useParams<{ codigo: string }>()
  const [estado, setEstado] = useState<Estado>({ tipo: 'cargando' })

  useEffect(() => {
    setEstado({ tipo: 'cargando' })
    const ctrl = new AbortController()
    consultar(codigo, ctrl.signal)
      .then((d) => setEstado({ tipo: 'documento', d }))
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return
        const e = err instanceof ApiError ? err : null
        setEstado({
          tipo: 'error',
          texto: e?.message || 'No se pudo verificar el documento',
          noEncontrado: e?.status === 404,
        })
      })
    return () => ctrl.abort()
  }, [codigo])

  return (
    <div className="publica">
      <main className="publica__panel" aria-labelledby="verificar-titulo">
        <header className="publica__cabecera">
          <h1 id="verificar-titulo">Verificación de documento</h1>
          <p>Compruebe que un informe o unos resultados impresos son auténticos.</p>
        </header>
        {estado.tipo === 'cargando' && (
          <div className="publica__tarjeta" role="status">
            <span className="spinner" aria-hidden="true" /> Verificando el código…
          </div>
        )}
        {estado.tipo === 'error' && (
          <section className="publica__tarjeta">
            <div className="alert alert--error" role="alert">
              <IconAlert />
              <p>{estado.texto}</p>
            </div>
            {estado.noEncontrado && (
              <p className="verificar__ayuda">
                Revise el código impreso bajo el QR del documento: son diez letras y cifras, sin las
                letras I ni O y sin los números 0 ni 1.
              </p>
            )}
          </section>
        )}
        {estado.tipo === 'documento' && <Documento d={estado.d} />}
        <OtroCodigo />
      </main>
    </div>
  )
}

function Documento({ d }: { d: DocumentoVerificado }) {
  return (
    <>
      <section className="publica__tarjeta" aria-labelledby="verificar-resultado">
        {d.reemplazadoEn ? (
          <div className="alert alert--warning" role="status" id="verificar-resultado">
            <IconAlert />
            <div>
              <p className="verificar__veredicto">
                Documento auténtico, pero no es la última versión
              </p>
              <p>
                {M.reemplazado} el {fechaHora(d.reemplazadoEn)}. Pida a la clínica el documento
                vigente.
              </p>
            </div>
          </div>
        ) : (
          <div className="alert alert--success" role="status" id="verificar-resultado">
            <IconCheck />
            <p className="verificar__veredicto">Documento auténtico emitido por {d.clinica}</p>
          </div>
        )}
        <dl className="verificar__datos">
          <dt>Emitido por</dt>
          <dd>{d.clinica}</dd>
          <dt>Documento</dt>
          <dd>
            {d.titulo}
            {d.parcial && <span className="verificar__parcial">{M.parcial}</span>}
          </dd>
          <dt>Emitido el</dt>
          <dd>{fechaHora(d.emitidoEn)}</dd>
          <dt>Versión</dt>
          <dd>{d.version}</dd>
          <dt>Código</dt>
          <dd className="mono">{d.codigo}</dd>
          <dt>SHA-256</dt>
          <dd className="mono verificar__huella">{d.sha256}</dd>
        </dl>
        <p className="verificar__ayuda">
          Esta página no muestra datos del paciente ni resultados: compare el documento que tiene
          con estos datos.
        </p>
      </section>
      <CompruebePdf sha256={d.sha256} />
    </>
  )
}

/** The drop zone: the file is hashed here and compared; it is never sent anywhere. */
function CompruebePdf({ sha256 }: { sha256: string }) {
  const [comparacion, setComparacion] = useState<Comparacion | null>(null)
  const [encima, setEncima] = useState(false)

  const comprobar = async (archivo: File | undefined) => {
    if (!archivo) return
    setComparacion({ tipo: 'calculando', archivo: archivo.name })
    try {
      const huella = await huellaDeArchivo(archivo)
      setComparacion({
        tipo: huella === sha256 ? 'coincide' : 'distinto',
        archivo: archivo.name,
        huella,
      })
    } catch {
      setComparacion({ tipo: 'error', archivo: archivo.name })
    }
  }

  const soltar = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault()
    setEncima(false)
    void comprobar(e.dataTransfer.files[0])
  }

  return (
    <section className="publica__tarjeta" aria-labelledby="compruebe-titulo">
      <h2 id="compruebe-titulo">Compruebe su PDF</h2>
      <label
        className={`verificar__zona${encima ? ' verificar__zona--encima' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setEncima(true)
        }}
        onDragLeave={() => setEncima(false)}
        onDrop={soltar}
      >
        <IconFileText />
        <span>
          <strong>Elija el archivo PDF</strong> o suéltelo aquí. Se comprueba en este dispositivo:
          el archivo no se envía.
        </span>
        {/* The browser's own button speaks the browser's language: ours, in Spanish, instead. */}
        <input
          type="file"
          accept="application/pdf,.pdf"
          className="visually-hidden"
          onChange={(e) => void comprobar(e.currentTarget.files?.[0])}
        />
        <span className="btn btn--secondary verificar__boton" aria-hidden="true">
          Elegir archivo
        </span>
      </label>
      <div aria-live="polite">
        {comparacion?.tipo === 'calculando' && (
          <p role="status">Comprobando {comparacion.archivo}…</p>
        )}
        {comparacion?.tipo === 'coincide' && (
          <div className="alert alert--success" role="status">
            <IconCheck />
            <p>
              {comparacion.archivo}: el archivo coincide con el documento emitido, byte por byte.
            </p>
          </div>
        )}
        {comparacion?.tipo === 'distinto' && (
          <div className="alert alert--error" role="alert">
            <IconAlert />
            <div>
              <p>
                {comparacion.archivo}: el archivo no coincide con el documento emitido. No es el PDF
                que la clínica entregó con este código, o fue modificado.
              </p>
              <p className="mono verificar__huella">Su SHA-256: {comparacion.huella}</p>
            </div>
          </div>
        )}
        {comparacion?.tipo === 'error' && (
          <div className="alert alert--error" role="alert">
            <IconAlert />
            <p>No se pudo leer {comparacion.archivo}. Intente con otro archivo.</p>
          </div>
        )}
      </div>
    </section>
  )
}

/** Another code typed from the paper, with or without its dash. */
function OtroCodigo() {
  const [, navigate] = useLocation()
  const [error, setError] = useState<string | null>(null)
  const enviar = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const texto = String(new FormData(e.currentTarget).get('codigo') ?? '')
    const codigo = normalizarCodigo(texto)
    if (!codigo) {
      setError('Escriba los diez caracteres del código, como en el documento (p. ej. 7KQ2M-9XDHA)')
      return
    }
    setError(null)
    e.currentTarget.reset()
    navigate(rutaVerificacion(codigo))
  }
  return (
    <form className="publica__tarjeta verificar__otro" onSubmit={enviar} noValidate>
      <label htmlFor="otro-codigo" className="field__label">
        Verificar otro código
      </label>
      <div className="verificar__fila">
        <input
          id="otro-codigo"
          name="codigo"
          className="input mono"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'otro-codigo-error' : undefined}
        />
        <button type="submit" className="btn btn--secondary">
          Verificar
        </button>
      </div>
      {error && (
        <p id="otro-codigo-error" className="field__error">
          {error}
        </p>
      )}
    </form>
  )
}
