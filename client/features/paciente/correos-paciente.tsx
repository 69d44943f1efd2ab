// «Avisos por correo» on the patient's record (docs/producto.md#ficha-del-paciente): the desk picks
// one of the patient's signed documents and sends word that it is ready (the email carries no
// health data: it leads to /resultados); below, every email asked for, with how it went. While one
// is still on its way the list reads itself again every few seconds.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import {
  ETIQUETAS_ESTADO_CORREO,
  type DestinatarioCorreo,
  type CorreosPaciente as Datos,
  type DocumentoFirmado,
} from '../../../shared/correos.js'
import { puede } from '../../../shared/permisos.js'
import { mensajeDe } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { useLectura } from '../../lib/use-lectura.js'
import { sesion } from '../../state/sesion.js'
import { claveDocumento, nombreDocumento } from './documento-firmado.js'
import { correosDePaciente, pedirCorreo } from './correos-api.js'
import './correos.css'

/** How often the list is read again while an email is queued or being sent. */
const REVISAR_MS = 3000

export function CorreosPaciente({ pacienteId }: { pacienteId: number }) {
  const { usuario } = useSnapshot(sesion)
  const [lectura, setLectura] = useState(0)
  const { datos: leidos, error } = useLectura<Datos>(
    (signal) => correosDePaciente(pacienteId, signal),
    `${pacienteId}:${lectura}`,
    'No se pudieron cargar los avisos por correo',
  )
  // The last answer stays on screen while the next one is read.
  const ultimo = useRef<Datos | null>(null)
  if (leidos) ultimo.current = leidos
  const datos = leidos ?? ultimo.current
  const [elegido, setElegido] = useState('')
  const [destinatario, setDestinatario] = useState<DestinatarioCorreo>('paciente')
  const [enviando, setEnviando] = useState(false)
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string } | null>(null)

  const enCamino = datos?.correos.some((c) => c.estado === 'pendiente' || c.estado === 'enviando')
  useEffect(() => {
    if (!enCamino) return
    const t = setTimeout(() => setLectura((n) => n + 1), REVISAR_MS)
    return () => clearTimeout(t)
  }, [enCamino, leidos])

  const documentos = datos?.documentos ?? []
  const seleccion = elegido || (documentos[0] ? claveDocumento(documentos[0]) : '')
  const titulos = new Map(documentos.map((d) => [claveDocumento(d), d.titulo]))
  const puedeAvisar = puede(usuario?.rol, 'pacientes.registrar')
  const doc = documentos.find((d) => claveDocumento(d) === seleccion)
  // The solicitante is offered only for a document whose atención names one.
  const para: DestinatarioCorreo = doc?.solicitante ? destinatario : 'paciente'
  const correoPara = para === 'paciente' ? datos?.correo : doc?.solicitante?.correo

  const avisar = async (e: FormEvent) => {
    e.preventDefault()
    if (enviando || !seleccion) return
    const [tipo, id] = seleccion.split(':')
    setEnviando(true)
    setResultado(null)
    try {
      const c = await pedirCorreo(pacienteId, {
        documento: tipo as DocumentoFirmado['tipo'],
        documentoId: Number(id),
        destinatario: para,
      })
      setResultado({ ok: true, texto: `Aviso en cola para ${c.correo}` })
      setLectura((n) => n + 1)
    } catch (err) {
      setResultado({ ok: false, texto: mensajeDe(err, 'No se pudo pedir el aviso') })
    } finally {
      setEnviando(false)
    }
  }

  return (
    <section className="card" aria-labelledby="correos-paciente-titulo">
      <header className="card__header">
        <h2 id="correos-paciente-titulo">Avisos por correo</h2>
      </header>
      <div className="card__body correos-paciente">
        {error && (
          <p className="text-error" role="alert">
            {error}
          </p>
        )}
        {datos === null && !error && <div className="skeleton historial-skeleton" />}
        {datos && documentos.length === 0 && (
          <p className="muted">Sin documentos firmados para avisar.</p>
        )}
        {datos && documentos.length > 0 && puedeAvisar && (
          <>
            {!datos.envioConfigurado ? (
              <p className="muted">El envío de correos no está configurado en este servidor.</p>
            ) : (
              <form className="correos-paciente__form" onSubmit={avisar}>
                <label className="field">
                  <span className="field__label">Documento</span>
                  <select
                    className="select"
                    value={seleccion}
                    onChange={(e) => setElegido(e.target.value)}
                  >
                    {documentos.map((d) => (
                      <option key={claveDocumento(d)} value={claveDocumento(d)}>
                        {nombreDocumento(d)}
                      </option>
                    ))}
                  </select>
                </label>
                {doc?.solicitante && (
                  <fieldset className="correos-paciente__para-elegir">
                    <legend className="field__label">Para</legend>
                    <label className="check">
                      <input
                        type="radio"
                        name="correo-destinatario"
                        checked={para === 'paciente'}
                        onChange={() => setDestinatario('paciente')}
                      />
                      <span>El paciente</span>
                    </label>
                    <label className="check">
                      <input
                        type="radio"
                        name="correo-destinatario"
                        checked={para === 'solicitante'}
                        onChange={() => setDestinatario('solicitante')}
                      />
                      <span>Médico solicitante: {doc.solicitante.nombre}</span>
                    </label>
                  </fieldset>
                )}
                {correoPara ? (
                  <button type="submit" className="btn btn--primary" disabled={enviando}>
                    {enviando ? 'Pidiendo…' : `Avisar a ${correoPara}`}
                  </button>
                ) : (
                  <p className="muted correos-paciente__falta">
                    {para === 'paciente'
                      ? 'El paciente no tiene correo electrónico registrado: agréguelo en «Editar datos».'
                      : 'El médico solicitante no tiene correo electrónico registrado: un administrador puede agregarlo en Configuración › Médicos solicitantes.'}
                  </p>
                )}
              </form>
            )}
            <p className="muted small">
              {para === 'paciente'
                ? 'El correo no lleva resultados: invita al paciente a verlos en la página de resultados con su documento y su código de acceso.'
                : 'El correo no lleva resultados: trae un enlace al documento firmado que vale lo que un código de acceso.'}
            </p>
          </>
        )}
        {resultado && (
          <p
            className={resultado.ok ? 'alert alert--success' : 'text-error'}
            role={resultado.ok ? 'status' : 'alert'}
          >
            {resultado.texto}
          </p>
        )}
        {datos && datos.correos.length > 0 && (
          <div className="table-wrap">
            <table className="table table--cards correos-paciente__tabla">
              <thead>
                <tr>
                  <th scope="col">Pedido</th>
                  <th scope="col">Documento</th>
                  <th scope="col">Para</th>
                  <th scope="col">Estado</th>
                </tr>
              </thead>
              <tbody>
                {datos.correos.map((c) => (
                  <tr key={c.id} data-estado={c.estado}>
                    <td data-label="Pedido">
                      {fechaHora(c.creadoEn)}
                      <span className="muted small"> · {c.pedidoPor}</span>
                    </td>
                    <td data-label="Documento">
                      {titulos.get(claveDocumento({ tipo: c.documento, id: c.documentoId })) ?? '—'}
                    </td>
                    <td data-label="Para" className="correos-paciente__para">
                      {c.correo}
                      {c.destinatario === 'solicitante' && (
                        <span className="muted small"> · médico solicitante</span>
                      )}
                    </td>
                    <td data-label="Estado">
                      {ETIQUETAS_ESTADO_CORREO[c.estado]}
                      {c.estado === 'enviado' && c.enviadoEn && (
                        <span className="muted small"> · {fechaHora(c.enviadoEn)}</span>
                      )}
                      {c.error && c.estado !== 'enviado' && (
                        <span className="muted small correos-paciente__error"> {c.error}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  )
}
