// Mis resultados (docs/producto.md#mis-resultados): where the code printed on the ticket leads. A
// patient types their document and that code, without an account, and downloads their signed
// documents. Outside the app's frame and small, for a cheap phone on a slow connection. The code
// lives only in this page's state while it is typed: nothing is kept in the browser's storage,
// and the download cookie the server sets is HttpOnly and lasts 15 minutes.
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  codigoAccesoMientrasEscribe,
  MENSAJES_ACCESO as M,
  normalizarCodigoAcceso,
} from '../../../shared/acceso-codigo.js'
import type { Acceso } from '../../../shared/acceso.js'
import { TIPO_DOCUMENTO_ETIQUETA, TIPOS_DOCUMENTO } from '../../../shared/catalogos.js'
import { ApiError } from '../../api.js'
import { FieldError } from '../../components/field.js'
import { IconAlert } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { MisDocumentos } from './mis-documentos.js'
import { entrar, salir } from './resultados-api.js'
import '../../components/pagina-publica.css'
import './resultados.css'

type Faltan = { documento?: string; codigo?: string }

export default function ResultadosPage() {
  useTitle('Mis resultados')
  const [acceso, setAcceso] = useState<Acceso | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)

  const terminar = (mensaje: string | null) => {
    setAcceso(null)
    setAviso(mensaje)
  }

  return (
    <div className="publica">
      <main className="publica__panel" aria-labelledby="resultados-titulo">
        {acceso ? (
          <MisDocumentos
            acceso={acceso}
            // A list read again after «Salir» must not bring the documents back.
            onActualizado={(a) => setAcceso((actual) => (actual ? a : null))}
            onSalir={() => {
              void salir()
              terminar(null)
            }}
            onVencido={() => terminar(M.sinAcceso)}
          />
        ) : (
          <Ingreso aviso={aviso} onAcceso={setAcceso} />
        )}
      </main>
    </div>
  )
}

function Ingreso({ aviso, onAcceso }: { aviso: string | null; onAcceso: (a: Acceso) => void }) {
  const [codigo, setCodigo] = useState('')
  const [faltan, setFaltan] = useState<Faltan>({})
  const [error, setError] = useState<string | null>(aviso)
  const [enviando, setEnviando] = useState(false)
  // A second tap lands before React disables the button: the ref refuses it at once.
  const enCurso = useRef(false)

  const enviar = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (enCurso.current) return
    const data = new FormData(e.currentTarget)
    const documento = String(data.get('documento') ?? '').trim()
    const nuevos: Faltan = {
      ...(!documento && { documento: 'Escriba su número de documento' }),
      ...(!normalizarCodigoAcceso(codigo) && {
        codigo: codigo.trim()
          ? 'El código tiene 16 letras y números, como en su ticket (p. ej. K7QM-2XHD-9PRA-TW4C)'
          : 'Escriba el código de acceso de su ticket',
      }),
    }
    setFaltan(nuevos)
    if (nuevos.documento || nuevos.codigo) {
      document.getElementById(nuevos.documento ? 'documento' : 'codigo')?.focus()
      return
    }
    enCurso.current = true
    setEnviando(true)
    setError(null)
    try {
      const a = await entrar({
        tipoDocumento: String(data.get('tipoDocumento')),
        documento,
        codigo,
      })
      setCodigo('')
      onAcceso(a)
    } catch (err) {
      setError((err instanceof ApiError && err.message) || 'No se pudo abrir sus resultados')
    } finally {
      enCurso.current = false
      setEnviando(false)
    }
  }

  return (
    <>
      <header className="publica__cabecera">
        <h1 id="resultados-titulo">Mis resultados</h1>
        <p>
          Ingrese su documento y el código de acceso impreso en su ticket para ver y descargar sus
          informes y resultados firmados.
        </p>
      </header>
      <form className="publica__tarjeta" onSubmit={enviar} noValidate>
        {error && (
          <div className="alert alert--error" role="alert">
            <IconAlert />
            <p>{error}</p>
          </div>
        )}
        <div className="resultados__documento">
          <div className="field">
            <label className="field__label" htmlFor="tipoDocumento">
              Tipo de documento
            </label>
            <select id="tipoDocumento" name="tipoDocumento" className="input" defaultValue="dni">
              {TIPOS_DOCUMENTO.map((t) => (
                <option key={t} value={t}>
                  {TIPO_DOCUMENTO_ETIQUETA[t]}
                </option>
              ))}
            </select>
          </div>
          <Campo id="documento" etiqueta="Número de documento" error={faltan.documento}>
            <input
              id="documento"
              name="documento"
              className="input"
              autoComplete="off"
              inputMode="text"
              spellCheck={false}
              maxLength={30}
              aria-invalid={faltan.documento ? true : undefined}
              aria-describedby={faltan.documento ? 'documento-error' : undefined}
            />
          </Campo>
        </div>
        <Campo id="codigo" etiqueta="Código de acceso" error={faltan.codigo}>
          <input
            id="codigo"
            className="input mono resultados__codigo"
            value={codigo}
            onChange={(e) => setCodigo(codigoAccesoMientrasEscribe(e.currentTarget.value))}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            maxLength={24}
            aria-invalid={faltan.codigo ? true : undefined}
            aria-describedby={faltan.codigo ? 'codigo-error codigo-ayuda' : 'codigo-ayuda'}
          />
          <p id="codigo-ayuda" className="resultados__ayuda">
            16 letras y números, en cuatro grupos. No importan las mayúsculas ni los guiones.
          </p>
        </Campo>
        <button className="btn btn--primary resultados__entrar" type="submit" disabled={enviando}>
          {enviando && <span className="spinner" aria-hidden="true" />}
          Ver mis resultados
        </button>
      </form>
      <p className="resultados__pie">
        ¿Perdió su código? Pida uno nuevo en recepción con su documento de identidad.
      </p>
    </>
  )
}

function Campo({
  id,
  etiqueta,
  error,
  children,
}: {
  id: string
  etiqueta: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {etiqueta}
      </label>
      {children}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  )
}
