// /citas (every role, docs/producto.md#citas): a sede's day, one column per active sala with its
// opening hours, its citas and its free slots. The URL holds the sede, the day and the slot length,
// so a day can be shared or reloaded; bare, it opens on today at the user's worklist sede.
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { SalaAgenda, Tramo } from '../../../shared/citas.js'
import { useTitle } from '../../components/use-title.js'
import { hoyClinica } from '../../lib/hoy.js'
import { paths } from '../../paths.js'
import { useCatalogos } from '../../state/catalogos.js'
import { leerPreferencias } from '../../lib/preferencias-api.js'
import { esFecha, fechaLarga, sumarDias } from './fechas.js'
import { ReservarPanel } from './reservar-panel.js'
import { SalaColumna } from './sala-columna.js'
import { useAgenda } from './use-agenda.js'
import { useReprogramar } from './use-reprogramar.js'
import './citas.css'

/** The slot lengths offered, in minutes. */
const DURACIONES = [15, 20, 30, 45, 60] as const
const DURACION_INICIAL = 30

interface Vista {
  sede: string
  fecha: string
  duracion: number
}

function leerVista(search: string): Partial<Vista> {
  const q = new URLSearchParams(search)
  const duracion = Number(q.get('duracion'))
  const fecha = q.get('fecha')
  return {
    sede: q.get('sede') || undefined,
    fecha: esFecha(fecha) ? fecha : undefined,
    duracion: (DURACIONES as readonly number[]).includes(duracion) ? duracion : undefined,
  }
}

export default function CitasPage() {
  useTitle('Citas')
  const catalogos = useCatalogos()
  const search = useSearch()
  const [, navigate] = useLocation()
  const vista = leerVista(search)
  const duracion = vista.duracion ?? DURACION_INICIAL
  const [version, setVersion] = useState(0)
  const mover = useReprogramar(() => setVersion((v) => v + 1))
  // Moving a cita cuts the free slots to its length.
  const { agenda, error, cargando, recargar } = useAgenda(
    vista.sede && vista.fecha
      ? { sede: vista.sede, fecha: vista.fecha, duracion: mover.moviendo?.minutos ?? duracion }
      : null,
    version,
  )
  const [salaMovil, setSalaMovil] = useState<number | null>(null)
  const [reserva, setReserva] = useState<{ sala: SalaAgenda; tramo: Tramo } | null>(null)

  const ir = (cambio: Partial<Vista>) => {
    const v = { ...vista, duracion, ...cambio }
    const q = new URLSearchParams()
    if (v.sede) q.set('sede', v.sede)
    if (v.fecha) q.set('fecha', v.fecha)
    if (v.duracion !== DURACION_INICIAL) q.set('duracion', String(v.duracion))
    navigate(`${paths.citas}?${q.toString()}`, { replace: true })
  }

  // Bare: today at the sede the worklist opens on (else the first active one), into the URL.
  const sedes = catalogos?.sedes.map((s) => s.nombre) ?? []
  const falta = !vista.sede || !vista.fecha
  useEffect(() => {
    if (!falta || sedes.length === 0) return
    const ctrl = new AbortController()
    const completar = (preferida: string | null, hoy: string) =>
      ir({
        sede: vista.sede ?? (preferida && sedes.includes(preferida) ? preferida : sedes[0]),
        fecha: vista.fecha ?? hoy,
      })
    leerPreferencias(ctrl.signal)
      .then((p) => completar(p.sede, p.hoy))
      .catch(() => {
        if (!ctrl.signal.aborted) completar(null, hoyClinica())
      })
    return () => ctrl.abort()
  }, [falta, sedes.length]) // once the sedes are known, and again if the URL is emptied

  const salas = agenda?.salas ?? []
  const visibleMovil = salas.find((s) => s.id === salaMovil)?.id ?? salas[0]?.id
  const primeraCarga = !agenda && !error

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Citas</h1>
          <p className="page__subtitle">
            La agenda del día de cada sala de la sede: elija un turno libre para reservar.
          </p>
        </div>
      </header>

      <section className="card agenda-barra" aria-label="Agenda que se muestra">
        <div className="field">
          <label className="field__label" htmlFor="agenda-sede">
            Sede
          </label>
          <select
            id="agenda-sede"
            className="select"
            value={vista.sede ?? ''}
            onChange={(e) => ir({ sede: e.target.value })}
          >
            {vista.sede && !sedes.includes(vista.sede) && <option>{vista.sede}</option>}
            {sedes.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="agenda-fecha">
            Fecha
          </label>
          <input
            id="agenda-fecha"
            className="input"
            type="date"
            value={vista.fecha ?? ''}
            onChange={(e) => esFecha(e.target.value) && ir({ fecha: e.target.value })}
          />
        </div>
        <div className="agenda-barra__dias" role="group" aria-label="Cambiar de día">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!vista.fecha}
            onClick={() => vista.fecha && ir({ fecha: sumarDias(vista.fecha, -1) })}
          >
            Anterior
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => ir({ fecha: hoyClinica() })}
          >
            Hoy
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!vista.fecha}
            onClick={() => vista.fecha && ir({ fecha: sumarDias(vista.fecha, 1) })}
          >
            Siguiente
          </button>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="agenda-duracion">
            Duración
          </label>
          <select
            id="agenda-duracion"
            className="select"
            value={duracion}
            onChange={(e) => ir({ duracion: Number(e.target.value) })}
          >
            {DURACIONES.map((d) => (
              <option key={d} value={d}>
                {d} min
              </option>
            ))}
          </select>
        </div>
        {salas.length > 1 && (
          <div className="field agenda-barra__sala">
            <label className="field__label" htmlFor="agenda-sala">
              Sala
            </label>
            <select
              id="agenda-sala"
              className="select"
              value={visibleMovil}
              onChange={(e) => setSalaMovil(Number(e.target.value))}
            >
              {salas.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.nombre}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>

      <section className="agenda" aria-labelledby="agenda-titulo" aria-busy={cargando}>
        <h2 id="agenda-titulo" className="agenda__dia">
          {vista.fecha ? `${vista.sede ?? ''}, ${fechaLarga(vista.fecha)}` : 'Agenda'}
        </h2>
        {mover.vista}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {primeraCarga ? (
          <p className="centered" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Cargando…</span>
          </p>
        ) : salas.length === 0 ? (
          !error && <p className="empty">Esta sede no tiene salas activas.</p>
        ) : (
          <div className={cargando ? 'agenda__salas agenda__salas--leyendo' : 'agenda__salas'}>
            {salas.map((s) => (
              <SalaColumna
                key={s.id}
                sala={s}
                oculta={s.id !== visibleMovil}
                moviendo={mover.moviendo}
                onReservar={(tramo) => setReserva({ sala: s, tramo })}
                onMover={(tramo) => mover.elegir(s, tramo)}
                onReprogramar={(cita) => mover.empezar(cita, s)}
                onCambio={recargar}
              />
            ))}
          </div>
        )}
      </section>

      {reserva && agenda && (
        <ReservarPanel
          sede={agenda.sede}
          sala={reserva.sala}
          tramo={reserva.tramo}
          onVolver={() => setReserva(null)}
          onReservada={() => {
            setReserva(null)
            recargar()
          }}
        />
      )}
    </div>
  )
}
