// /laboratorio (docs/producto.md#laboratorio): the day's LAB atenciones with their samples and how
// many analitos are typed and validated, the scan box that receives a tube by its label, and the
// way to the per-analito grid. A row opens the atención's samples and results.
import { useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { Estado } from '../../../shared/catalogos.js'
import type { FilaListaLaboratorio } from '../../../shared/resultados.js'
import { EstadoBadge, PrioridadBadge } from '../../components/badges.js'
import { hora, plural } from '../../components/format.js'
import { IconAlert } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { MasFilas } from '../../components/mas-filas.js'
import { listaLaboratorio, listaLaboratorioSiguiente } from '../../lib/laboratorio-api.js'
import { useLectura } from '../../lib/use-lectura.js'
import { useMas } from '../../lib/use-mas.js'
import { paths } from '../../paths.js'
import { usePuede } from '../../state/sesion.js'
import { EscanearMuestra } from './escanear-muestra.js'
import { consultaDia, FiltrosDia, useDia } from './filtros-dia.js'
import './laboratorio.css'

function Muestras({ m }: { m: FilaListaLaboratorio['muestras'] }) {
  const total = m.pendientes + m.recibidas
  return (
    <>
      {total === 0 ? (
        <span className="muted">Sin registrar</span>
      ) : (
        `${m.recibidas} de ${total} ${total === 1 ? 'recibida' : 'recibidas'}`
      )}
      {m.rechazadas > 0 && (
        <span className="cell-sub muestras--rechazadas">
          {plural(m.rechazadas, 'rechazada', 'rechazadas')}
        </span>
      )}
    </>
  )
}

export default function LaboratorioPage() {
  useTitle('Laboratorio')
  const [, navigate] = useLocation()
  const [dia, cambiarDia] = useDia()
  const puedeRecibir = usePuede('muestras.gestionar')
  const [recarga, setRecarga] = useState(0)
  const clave = `${dia.fecha}|${dia.sede}|${recarga}`
  const { datos, error } = useLectura(
    (signal) => listaLaboratorio({ fecha: dia.fecha, sede: dia.sede || undefined }, signal),
    clave,
    'No se pudo cargar la lista del laboratorio',
  )
  // A busy day comes a page at a time: «Cargar más» appends the next.
  const mas = useMas(clave, datos?.siguiente, listaLaboratorioSiguiente)
  // The day's list stays on screen while it is read again after a scan.
  const ultima = useRef<{ dia: string; filas: FilaListaLaboratorio[] } | null>(null)
  if (datos) ultima.current = { dia: `${dia.fecha}|${dia.sede}`, filas: datos.filas }
  const primera =
    datos?.filas ??
    (ultima.current?.dia === `${dia.fecha}|${dia.sede}` ? ultima.current.filas : null)
  const filas = primera && [...primera, ...mas.filas]

  return (
    <div className="page laboratorio">
      <header className="page__header">
        <h1>Laboratorio</h1>
        <p className="muted">
          Las atenciones de laboratorio del día: sus muestras y los resultados por ingresar y
          validar.
        </p>
      </header>
      <form className="laboratorio__filtros" onSubmit={(e) => e.preventDefault()}>
        <FiltrosDia dia={dia} onChange={cambiarDia} />
        <Link
          href={paths.laboratorioAnalitos + consultaDia(dia)}
          className="btn btn--secondary laboratorio__por-analito"
        >
          Por analito
        </Link>
      </form>
      {puedeRecibir && (
        <EscanearMuestra
          pacienteDe={(id) => filas?.find((f) => f.atencionId === id)?.paciente}
          onRecibida={() => setRecarga((n) => n + 1)}
        />
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
        </p>
      )}
      {!filas && !error && <p role="status">Cargando…</p>}
      {filas && filas.length === 0 && (
        <p className="empty">No hay atenciones de laboratorio este día.</p>
      )}
      {filas && filas.length > 0 && (
        <section className="card" aria-labelledby="laboratorio-titulo">
          <header className="card__header">
            <h2 id="laboratorio-titulo">
              {plural(filas.length, 'atención', 'atenciones')}
              {mas.siguiente ? ' (hay más)' : ''}
            </h2>
          </header>
          <div className="table-wrap">
            <table className="table table--cards laboratorio__tabla">
              <thead>
                <tr>
                  <th scope="col">Prioridad</th>
                  <th scope="col">Paciente</th>
                  <th scope="col">Documento</th>
                  <th scope="col">Exámenes</th>
                  <th scope="col">Muestras</th>
                  <th scope="col">Resultados</th>
                  <th scope="col">Estado</th>
                </tr>
              </thead>
              <tbody>
                {filas.map((f) => (
                  <tr
                    key={f.atencionId}
                    className="fila-enlace"
                    data-testid={`laboratorio-${f.atencionId}`}
                    onClick={(e) => {
                      // The row's own links go where they say.
                      if (!(e.target as Element).closest('a'))
                        navigate(paths.laboratorioAtencion(f.atencionId))
                    }}
                  >
                    <td data-label="Prioridad">
                      <PrioridadBadge prioridad={f.prioridad} />
                      <span className="cell-sub">Llegó {hora(f.llegada)}</span>
                    </td>
                    <td data-label="Paciente">
                      <Link href={paths.paciente(f.pacienteId)} className="cell-link">
                        {f.paciente}
                      </Link>
                      {!dia.sede && <span className="cell-sub">{f.sede}</span>}
                    </td>
                    <td data-label="Documento" className="mono nowrap">
                      {f.documento}
                    </td>
                    <td data-label="Exámenes">
                      <Link
                        href={paths.laboratorioAtencion(f.atencionId)}
                        className="cell-link"
                        aria-label={`Abrir los resultados de ${f.paciente}: ${f.estudios.join(', ')}`}
                      >
                        {f.estudios.join(', ')}
                      </Link>
                    </td>
                    <td data-label="Muestras">
                      <Muestras m={f.muestras} />
                    </td>
                    <td data-label="Resultados" className="nowrap">
                      Ingresados {f.analitos.ingresados}/{f.analitos.total}
                      <span className="cell-sub">
                        Validados {f.analitos.validados}/{f.analitos.total}
                      </span>
                      {f.criticosPendientes > 0 && (
                        <span className="badge badge--stat">
                          {f.criticosPendientes === 1
                            ? '1 crítico por comunicar'
                            : `${f.criticosPendientes} críticos por comunicar`}
                        </span>
                      )}
                    </td>
                    <td data-label="Estado">
                      <EstadoBadge estado={f.estado as Estado} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MasFilas mas={mas} />
        </section>
      )}
    </div>
  )
}
