// /citas (every role, docs/producto.md#citas): a sede's day, one column per active sala with its
// opening hours, its citas and its free slots, or its week counted day by day. The URL holds the
// sede, the day, day or week and the slot length, so a view can be shared or reloaded; bare, it
// opens on today at the user's worklist sede.
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { SalaAgenda, Tramo } from '../../../shared/citas.js'
import { useTitle } from '../../components/use-title.js'
import { hoyClinica } from '../../lib/hoy.js'
import { paths } from '../../paths.js'
import { useCatalogos } from '../../state/catalogos.js'
import { leerPreferencias } from '../../lib/preferencias-api.js'
import { AgendaBarra, DURACIONES, type Vista } from './agenda-barra.js'
import { AgendaSemana } from './agenda-semana.js'
import { esFecha, fechaLarga, semanaDe, semanaLarga, sumarDias } from './fechas.js'
import { ReservarPanel } from './reservar-panel.js'
import { SalaColumna } from './sala-columna.js'
import { useAgenda } from './use-agenda.js'
import { useReprogramar } from './use-reprogramar.js'
import './citas.css'

const DURACION_INICIAL = 30

function leerVista(search: string): Partial<Vista> {
  const q = new URLSearchParams(search)
  const duracion = Number(q.get('duracion'))
  const fecha = q.get('fecha')
  return {
    sede: q.get('sede') || undefined,
    fecha: esFecha(fecha) ? fecha : undefined,
    duracion: (DURACIONES as readonly number[]).includes(duracion) ? duracion : undefined,
    semana: q.get('vista') === 'semana',
  }
}

export default function CitasPage() {
  useTitle('Citas')
  const catalogos = useCatalogos()
  const search = useSearch()
  const [, navigate] = useLocation()
  const vista = leerVista(search)
  const duracion = vista.duracion ?? DURACION_INICIAL
  const semana = vista.semana ?? false
  const [version, setVersion] = useState(0)
  const mover = useReprogramar(() => setVersion((v) => v + 1))
  const fechas = vista.fecha ? (semana ? semanaDe(vista.fecha) : [vista.fecha]) : []
  // A day reads the days either side ahead, a week the weeks either side.
  const paso = semana ? 7 : 1
  const vecinas = fechas.flatMap((f) => [sumarDias(f, paso), sumarDias(f, -paso)])
  const { agendas, error, cargando, recargar } = useAgenda(
    vista.sede && vista.fecha
      ? // Moving a cita cuts the free slots to its length.
        { sede: vista.sede, fechas, vecinas, duracion: mover.moviendo?.minutos ?? duracion }
      : null,
    version,
  )
  // While a week's answer comes, a day shows the day it was on.
  const agenda = agendas?.find((a) => a.fecha === vista.fecha) ?? agendas?.[0] ?? null
  const [salaMovil, setSalaMovil] = useState<number | null>(null)
  const [reserva, setReserva] = useState<{ sala: SalaAgenda; tramo: Tramo } | null>(null)

  const ir = (cambio: Partial<Vista>) => {
    const v = { ...vista, duracion, ...cambio }
    const q = new URLSearchParams()
    if (v.sede) q.set('sede', v.sede)
    if (v.fecha) q.set('fecha', v.fecha)
    if (v.duracion !== DURACION_INICIAL) q.set('duracion', String(v.duracion))
    if (v.semana) q.set('vista', 'semana')
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
  const enlaceDia = (fecha: string) => {
    const q = new URLSearchParams({ sede: vista.sede ?? '', fecha })
    if (duracion !== DURACION_INICIAL) q.set('duracion', String(duracion))
    return `${paths.citas}?${q.toString()}`
  }

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Citas</h1>
          <p className="page__subtitle">
            La agenda de cada sala de la sede, por día o por semana: elija un turno libre para
            reservar.
          </p>
        </div>
      </header>

      <AgendaBarra
        vista={{ ...vista, duracion, semana }}
        sedes={sedes}
        salas={salas}
        salaMovil={visibleMovil}
        onSalaMovil={setSalaMovil}
        ir={ir}
      />

      <section className="agenda" aria-labelledby="agenda-titulo" aria-busy={cargando}>
        <h2 id="agenda-titulo" className="agenda__dia">
          {!vista.fecha
            ? 'Agenda'
            : semana
              ? `${vista.sede ?? ''}, semana ${semanaLarga(fechas)}`
              : `${vista.sede ?? ''}, ${fechaLarga(vista.fecha)}`}
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
        ) : semana ? (
          <div className={cargando ? 'agenda__salas--leyendo' : undefined}>
            <AgendaSemana
              fechas={fechas}
              agendas={agendas ?? []}
              hoy={hoyClinica()}
              enlace={enlaceDia}
            />
          </div>
        ) : salas.length === 0 ? (
          !error && <p className="empty">Esta sede no tiene salas activas.</p>
        ) : (
          <div className={cargando ? 'agenda__salas agenda__salas--leyendo' : 'agenda__salas'}>
            {salas.map((s) => (
              <SalaColumna
                key={s.id}
                sala={s}
                fecha={agenda?.fecha ?? vista.fecha ?? ''}
                feriado={agenda?.feriado ?? null}
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

      {reserva && agenda && !semana && (
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
