// Dashboard (docs/producto.md#dashboard): four cards with the clinic's real numbers, each opening
// the list it counts, the critical findings waiting for their call, this month's turnaround time,
// atenciones per month of this year, and the latest registered patients. Each part is its own
// call, so a slow or failed one holds up none of the others.
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { VALOR_CITA } from '../../../shared/busqueda.js'
import { ESTADOS_ABIERTOS, PRIORIDADES_ALERTA } from '../../../shared/catalogos.js'
import {
  estadisticasContract,
  estadisticasInformesContract,
  type Estadisticas,
  type EstadisticasInformes,
} from '../../../shared/estadisticas.js'
import { listarHallazgosContract } from '../../../shared/hallazgos.js'
import { call, mensajeDe } from '../../api.js'
import { edad, fechaCorta, numero, plural } from '../../components/format.js'
import { IconActivity, IconAlert, IconClock, IconEye, IconUsers } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { lista, urlListaDeTrabajo } from '../../lib/filtros-busqueda.js'
import { paths } from '../../paths.js'
import { AtencionesChart, cargarUplot } from './atenciones-chart.js'
import { HallazgosAlertas, type Pendientes } from './hallazgos-alertas.js'
import { TiempoInforme } from './tiempo-informe.js'
import './dashboard.css'

/** A card; with `href` (once the server told today's date) the whole card opens what it counts. */
function Tarjeta({
  titulo,
  valor,
  detalle,
  icono,
  tono,
  href,
  extra,
}: {
  titulo: string
  valor: number | null
  detalle: string
  icono: ReactNode
  tono: string
  href?: string
  /** A second line under the detail (what else the card's subject has waiting). */
  extra?: ReactNode
}) {
  return (
    <article
      className={`stat card stat--${tono}${href ? ' stat--enlace' : ''}`}
      aria-labelledby={`stat-${tono}`}
    >
      <div className="stat__text">
        <h2 className="stat__title" id={`stat-${tono}`}>
          {href ? (
            <Link href={href} className="stat__link">
              {titulo}
            </Link>
          ) : (
            titulo
          )}
        </h2>
        {valor === null ? (
          <span className="skeleton stat__skeleton" />
        ) : (
          <p className="stat__value">{numero(valor)}</p>
        )}
        <p className="stat__detail">{detalle}</p>
        {extra && <p className="stat__extra">{extra}</p>}
        {href && (
          <span className="stat__ver" aria-hidden="true">
            Ver la lista →
          </span>
        )}
      </div>
      <span className="stat__icon" aria-hidden="true">
        {icono}
      </span>
    </article>
  )
}

/** The oldest pending findings the dashboard lists; the rest are counted. */
const HALLAZGOS_EN_ALERTAS = 10

function hoyLargo(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`)
  const s = d.toLocaleDateString('es-PE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export default function DashboardPage() {
  useTitle('Dashboard')
  const [datos, setDatos] = useState<Estadisticas | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pendientes, setPendientes] = useState<Pendientes | null>(null)
  const [errorPendientes, setErrorPendientes] = useState<string | null>(null)
  const [informes, setInformes] = useState<EstadisticasInformes | null>(null)
  const [errorInformes, setErrorInformes] = useState<string | null>(null)

  const cargar = useCallback((signal?: AbortSignal) => {
    setError(null)
    call(estadisticasContract, { signal })
      .then(setDatos)
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setError(mensajeDe(err, 'No se pudieron cargar las estadísticas'))
      })
  }, [])

  const cargarPendientes = useCallback((signal?: AbortSignal) => {
    setErrorPendientes(null)
    call(listarHallazgosContract, { query: { limite: String(HALLAZGOS_EN_ALERTAS) }, signal })
      .then(setPendientes)
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setErrorPendientes(mensajeDe(err, 'No se pudieron cargar los hallazgos críticos'))
      })
  }, [])

  useEffect(() => {
    const ctrl = new AbortController()
    cargarUplot().catch(() => {}) // the chart reports its own failure
    cargar(ctrl.signal)
    cargarPendientes(ctrl.signal)
    call(estadisticasInformesContract, { signal: ctrl.signal })
      .then(setInformes)
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setErrorInformes(mensajeDe(err, 'No se pudo cargar el tiempo de informe'))
      })
    return () => ctrl.abort()
  }, [cargar, cargarPendientes])

  const t = datos?.tarjetas
  const hoy = datos?.hoy
  // The worklists the cards count (docs/producto.md#dashboard): clinic-wide, like the counts.
  const deHoy = hoy ? { fechaInicial: hoy, fechaFinal: hoy } : null
  const anio = datos?.hoy.slice(0, 4) ?? String(new Date().getFullYear())

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Dashboard</h1>
          <p className="page__subtitle">{datos ? hoyLargo(datos.hoy) : 'Resumen de la clínica'}</p>
        </div>
      </header>

      {error && (
        <div className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
          <button
            type="button"
            className="btn btn--secondary btn--sm alert__action"
            onClick={() => cargar()}
          >
            Reintentar
          </button>
        </div>
      )}

      <section className="stats" aria-label="Resumen">
        <Tarjeta
          titulo="Total Pacientes"
          valor={t?.totalPacientes ?? null}
          detalle="Registrados en total"
          icono={<IconUsers />}
          tono="pacientes"
          href={paths.pacientes}
        />
        <Tarjeta
          titulo="Citas Pendientes"
          valor={t?.citasPendientes ?? null}
          detalle="Citas de hoy que aún no llegan"
          icono={<IconClock />}
          tono="citas"
          href={
            deHoy
              ? urlListaDeTrabajo({ ...deHoy, estado: 'Programado', cita: VALOR_CITA })
              : undefined
          }
        />
        <Tarjeta
          titulo="Estudios Hoy"
          valor={t?.estudiosHoy ?? null}
          detalle="Estudios de las atenciones de hoy"
          icono={<IconActivity />}
          tono="estudios"
          href={deHoy ? urlListaDeTrabajo(deHoy) : undefined}
        />
        <Tarjeta
          titulo="Alertas"
          valor={t?.alertas ?? null}
          detalle="Urgencias y emergencias sin completar"
          extra={
            pendientes && pendientes.total > 0
              ? `y ${plural(pendientes.total, 'hallazgo crítico', 'hallazgos críticos')} por comunicar`
              : undefined
          }
          icono={<IconAlert />}
          tono="alertas"
          href={
            deHoy
              ? urlListaDeTrabajo({
                  fechaFinal: deHoy.fechaFinal,
                  prioridad: lista(PRIORIDADES_ALERTA),
                  estado: lista(ESTADOS_ABIERTOS),
                })
              : undefined
          }
        />
      </section>

      <div className="dash-duo">
        <HallazgosAlertas
          datos={pendientes}
          error={errorPendientes}
          onReintentar={() => cargarPendientes()}
          onRegistrado={(h) =>
            setPendientes(
              (p) =>
                p && { hallazgos: p.hallazgos.filter((x) => x.id !== h.id), total: p.total - 1 },
            )
          }
        />
        <TiempoInforme datos={informes} error={errorInformes} />
      </div>

      <div className="dash-grid">
        <section className="card" aria-labelledby="grafico-titulo">
          <header className="card__header">
            <h2 id="grafico-titulo">Atenciones por mes · {anio}</h2>
          </header>
          <div className="card__body">
            {datos ? (
              <AtencionesChart serie={datos.atencionesPorMes} />
            ) : (
              <div className="skeleton chart-skeleton" />
            )}
          </div>
        </section>

        <section className="card" aria-labelledby="ultimos-titulo">
          <header className="card__header">
            <h2 id="ultimos-titulo">Últimos Pacientes</h2>
            <Link href={paths.pacientes} className="btn btn--ghost btn--sm">
              Ver todos
            </Link>
          </header>
          {!datos ? (
            <div className="card__body">
              <div className="skeleton chart-skeleton" />
            </div>
          ) : datos.ultimosPacientes.length === 0 ? (
            <p className="empty">Aún no hay pacientes registrados.</p>
          ) : (
            <ul className="recent">
              {datos.ultimosPacientes.map((p) => (
                <li key={p.id} className="recent__item">
                  <span className="recent__avatar" aria-hidden="true">
                    {p.nombreCompleto.charAt(0)}
                  </span>
                  <div className="recent__text">
                    <span className="recent__name">{p.nombreCompleto}</span>
                    <span className="recent__meta">
                      {p.documento} · {edad(p.edad, p.tipoEdad)} · Registrado el{' '}
                      {fechaCorta(p.fechaRegistro)}
                    </span>
                  </div>
                  <Link
                    href={paths.paciente(p.id)}
                    className="btn btn--secondary btn--sm"
                    aria-label={`Ver detalles de ${p.nombreCompleto}`}
                  >
                    <IconEye />
                    <span className="recent__btn-label">Detalles</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
