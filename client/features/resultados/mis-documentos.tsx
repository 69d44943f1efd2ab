// The patient's signed documents once the code was accepted: newest first, as the server sends
// them, each with its PDF to download and every time it reached someone (printed and handed over,
// emailed, downloaded). A download refused with 401 means the 15 minutes are over; after one, the
// list is read again so that the download shows.
import { useRef, useState } from 'react'
import type { Acceso, DocumentoPaciente } from '../../../shared/acceso.js'
import type { EntregaPaciente } from '../../../shared/entregas.js'
import { MENSAJES_VERIFICACION as V } from '../../../shared/verificacion-codigo.js'
import { ApiError } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconFileText } from '../../components/icons.js'
import { descargar, misDocumentos } from './resultados-api.js'

/**
 * Without a session the clinic's zone is unknown here, and the patient's phone may be set to any:
 * the times are Peru's, where every clinic of the product is.
 */
const LIMA = 'America/Lima'

/** Saves the PDF on the device under a name the patient recognizes. */
function guardar(blob: Blob, d: DocumentoPaciente) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `${d.titulo} v${d.version} ${d.emitidoEn.slice(0, 10)}.pdf`
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** One delivery as the patient reads it: never who at the desk, the recipient's document masked. */
function textoEntrega(e: EntregaPaciente): string {
  const cuando = fechaHora(e.en, LIMA)
  if (e.medio === 'impresa')
    return `${cuando}: copia impresa entregada a ${e.recibeNombre} (${e.recibeDocumento})`
  const medico = e.destinatario === 'solicitante'
  if (e.medio === 'correo')
    return `${cuando}: ${medico ? 'enviado por correo a su médico solicitante' : 'aviso enviado a su correo'}`
  return `${cuando}: ${medico ? 'descargado por su médico solicitante, con el enlace de su correo' : 'descargado desde esta página'}`
}

export function MisDocumentos({
  acceso,
  onActualizado,
  onSalir,
  onVencido,
}: {
  acceso: Acceso
  onActualizado: (acceso: Acceso) => void
  onSalir: () => void
  onVencido: () => void
}) {
  const [bajando, setBajando] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const enCurso = useRef(false)

  const bajar = async (d: DocumentoPaciente) => {
    if (enCurso.current) return
    enCurso.current = true
    setBajando(d.url)
    setError(null)
    try {
      guardar(await descargar(d), d)
      // The list again, with this download among its entregas; if it fails, the old one stays.
      void misDocumentos().then(onActualizado, () => {})
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onVencido()
      setError((err instanceof ApiError && err.message) || 'No se pudo descargar el documento')
    } finally {
      enCurso.current = false
      setBajando(null)
    }
  }

  return (
    <>
      <header className="publica__cabecera resultados__saludo">
        <div>
          <h1 id="resultados-titulo">Hola, {acceso.nombre}</h1>
          <p>Sus documentos firmados, los más nuevos primero.</p>
        </div>
        <button type="button" className="btn btn--secondary" onClick={onSalir}>
          Salir
        </button>
      </header>
      {error && (
        <div className="alert alert--error" role="alert">
          <IconAlert />
          <p>{error}</p>
        </div>
      )}
      {acceso.documentos.length === 0 ? (
        <section className="publica__tarjeta">
          <p>
            Aún no tiene documentos firmados. Cuando su informe o sus resultados estén listos,
            aparecerán aquí.
          </p>
        </section>
      ) : (
        <ul className="resultados__lista" aria-label="Documentos">
          {acceso.documentos.map((d) => (
            <li key={d.url} className="publica__tarjeta resultados__doc">
              <IconFileText />
              <div className="resultados__doc-datos">
                <h2>{d.titulo}</h2>
                <p>
                  {fechaHora(d.emitidoEn, LIMA)} · Versión {d.version}
                  {d.parcial && <span className="resultados__parcial">{V.parcial}</span>}
                </p>
                {d.reemplazadoEn && (
                  <p className="resultados__reemplazado">
                    {V.reemplazado} el {fechaHora(d.reemplazadoEn, LIMA)}
                  </p>
                )}
                {d.entregas.length > 0 && (
                  <details className="resultados__entregas">
                    <summary>
                      {d.entregas.length === 1 ? '1 entrega' : `${d.entregas.length} entregas`}
                    </summary>
                    <ul>
                      {d.entregas.map((e, i) => (
                        <li key={i}>{textoEntrega(e)}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </div>
              <button
                type="button"
                className="btn btn--primary resultados__bajar"
                disabled={bajando !== null}
                onClick={() => void bajar(d)}
              >
                {bajando === d.url && <span className="spinner" aria-hidden="true" />}
                Descargar PDF
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
