// /informes, «Por informar» (docs/producto.md#por-informar): completed studies without a final
// informe, emergencies and urgent ones first, then the longest waiting, with who is writing each.
// «Tomar» opens the study's draft for this médico; a study another holds opens to read.
import { useCallback, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import type { PorInformar } from '../../../shared/informes.js'
import { mensajeDe } from '../../api.js'
import { PrioridadBadge } from '../../components/badges.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { abrirInforme, porInformar, tomarInforme } from '../../lib/informes-api.js'
import { paths } from '../../paths.js'
import {
  modalidadesDe,
  nombresDeSedes,
  useCatalogos,
  useEtiquetaModalidad,
} from '../../state/catalogos.js'
import { sesion, usePuede } from '../../state/sesion.js'
import './informes.css'

const espera = (horas: number) =>
  horas < 1
    ? `${Math.round(horas * 60)} min`
    : horas < 48
      ? `${Math.floor(horas)} h`
      : `${Math.floor(horas / 24)} días`

export default function PorInformarPage() {
  useTitle('Por informar')
  const [, navigate] = useLocation()
  const catalogo = useCatalogos()
  const etiqueta = useEtiquetaModalidad()
  const puedeRedactar = usePuede('informes.redactar')
  const { usuario: cuenta } = useSnapshot(sesion)
  const yo = cuenta?.usuario
  const [sede, setSede] = useState('')
  const [modalidad, setModalidad] = useState('')
  const [mios, setMios] = useState(false)
  const [datos, setDatos] = useState<{ estudios: PorInformar[]; total: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ocupado, setOcupado] = useState<number | null>(null)

  const cargar = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setDatos(
          await porInformar(
            {
              sede: sede || undefined,
              modalidad: modalidad || undefined,
              medico: mios ? yo : undefined,
            },
            signal,
          ),
        )
        setError(null)
      } catch (err) {
        if ((err as Error).name !== 'AbortError')
          setError(mensajeDe(err, 'No se pudo cargar la lista de estudios por informar'))
      }
    },
    [sede, modalidad, mios, yo],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    void cargar(ctrl.signal)
    return () => ctrl.abort()
  }, [cargar])

  /** Opens the study's informe: a new draft, the one this médico holds, or one nobody holds now. */
  const abrir = async (e: PorInformar) => {
    setOcupado(e.atencionId)
    setError(null)
    try {
      const i = e.informe
      const informe =
        i === null
          ? await abrirInforme(e.atencionId)
          : i.tomadoPor === null && puedeRedactar
            ? await tomarInforme(i.id)
            : { id: i.id }
      navigate(paths.informe(informe.id))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo abrir el estudio'))
      setOcupado(null)
      void cargar()
    }
  }

  /** What the row's button does; null when there is nothing to do or see (no draft, no médico). */
  const accion = (e: PorInformar): string | null => {
    if (!e.informe) return puedeRedactar ? 'Tomar' : null
    if (e.informe.tomadoPor?.usuario === yo) return 'Continuar'
    if (e.informe.tomadoPor === null && puedeRedactar) return 'Tomar'
    return 'Ver'
  }

  return (
    <div className="page por-informar">
      <header className="page__header">
        <h1>Por informar</h1>
        <p className="muted">
          Estudios completados sin informe firmado: primero las emergencias y las urgencias, luego
          los que más esperan.
        </p>
      </header>
      <form className="filtros por-informar__filtros" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span className="field__label">Sede</span>
          <select className="select" value={sede} onChange={(e) => setSede(e.target.value)}>
            <option value="">Todas</option>
            {nombresDeSedes(catalogo).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Modalidad</span>
          <select
            className="select"
            value={modalidad}
            onChange={(e) => setModalidad(e.target.value)}
          >
            <option value="">Todas</option>
            {modalidadesDe(catalogo)
              .filter((m) => m.valor !== 'LAB')
              .map((m) => (
                <option key={m.valor} value={m.valor}>
                  {m.etiqueta}
                </option>
              ))}
          </select>
        </label>
        {puedeRedactar && (
          <label className="check por-informar__mios">
            <input type="checkbox" checked={mios} onChange={(e) => setMios(e.target.checked)} />
            <span>Solo los que estoy informando</span>
          </label>
        )}
      </form>
      {error && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
        </p>
      )}
      {!datos && !error && <p role="status">Cargando…</p>}
      {datos && datos.estudios.length === 0 && (
        <p className="empty">No hay estudios por informar.</p>
      )}
      {datos && datos.estudios.length > 0 && (
        <section className="card" aria-labelledby="por-informar-titulo">
          <header className="card__header">
            <h2 id="por-informar-titulo">
              {datos.total === 1
                ? '1 estudio'
                : datos.total >= 1000
                  ? '1000 estudios o más'
                  : `${datos.total} estudios`}
            </h2>
            {datos.total > datos.estudios.length && (
              <span className="muted small">Se muestran los {datos.estudios.length} primeros</span>
            )}
          </header>
          <div className="table-wrap">
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">Prioridad</th>
                  <th scope="col">Paciente</th>
                  <th scope="col">Estudio</th>
                  <th scope="col">Sede</th>
                  <th scope="col">Completado</th>
                  <th scope="col">Espera</th>
                  <th scope="col">Informe</th>
                  <th scope="col">
                    <span className="visually-hidden">Acción</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {datos.estudios.map((e) => (
                  <tr key={e.atencionId} data-testid={`por-informar-${e.atencionId}`}>
                    <td data-label="Prioridad">
                      <PrioridadBadge prioridad={e.prioridad} />
                    </td>
                    <td data-label="Paciente">
                      {e.paciente}
                      <span className="cell-sub">{e.documento}</span>
                    </td>
                    <td data-label="Estudio">
                      {etiqueta(e.modalidad)}
                      <span className="cell-sub">{e.estudios.join(', ')}</span>
                    </td>
                    <td data-label="Sede">{e.sede}</td>
                    <td data-label="Completado">{fechaHora(e.completadoEn)}</td>
                    <td data-label="Espera">{espera(e.horasEsperando)}</td>
                    <td data-label="Informe">
                      {!e.informe
                        ? 'Sin empezar'
                        : e.informe.estado === 'preliminar'
                          ? 'Preliminar'
                          : e.informe.tomadoPor
                            ? `Borrador · ${e.informe.tomadoPor.nombre}`
                            : 'Borrador · libre'}
                    </td>
                    <td data-label="Acción">
                      {accion(e) && (
                        <button
                          type="button"
                          className={`btn btn--sm ${accion(e) === 'Ver' ? 'btn--secondary' : 'btn--primary'}`}
                          disabled={ocupado === e.atencionId}
                          aria-label={`${accion(e)}: ${e.paciente}, ${e.estudios.join(', ')}`}
                          onClick={() => void abrir(e)}
                        >
                          {accion(e)}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  )
}
