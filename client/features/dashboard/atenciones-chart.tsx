// The line chart of atenciones per month. uPlot is imported here, on demand, so no other screen
// downloads it; a hidden table gives the same numbers to screen readers.
import { useEffect, useRef, useState } from 'react'
import type uPlot from 'uplot'
import { MESES } from '../../../shared/catalogos.js'
import type { Estadisticas } from '../../../shared/estadisticas.js'

type Serie = Estadisticas['atencionesPorMes']

const ALTO = 280

const importar = () => Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
let uplot: ReturnType<typeof importar> | null = null
/** Loads uPlot and its CSS once; the dashboard calls it on mount, in parallel with its data. */
export function cargarUplot(): ReturnType<typeof importar> {
  uplot ??= importar()
  return uplot
}

export function AtencionesChart({ serie }: { serie: Serie }) {
  const ref = useRef<HTMLDivElement>(null)
  const [fallo, setFallo] = useState(false)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    let plot: uPlot | null = null
    let observer: ResizeObserver | null = null
    let cancelado = false

    void cargarUplot()
      .then(([{ default: UPlot }]) => {
        if (cancelado) return
        const xs = serie.map((p) => p.mes - 1)
        const ys = serie.map((p) => p.total)
        const nombre = (i: number, corto: boolean) => {
          const m = MESES[Math.round(i)] ?? ''
          return corto ? m.slice(0, 3) : m
        }
        const ancho = () => Math.max(240, el.clientWidth)
        // Full month names need about 80 px each; below that the first three letters.
        const estrecho = () => ancho() / Math.max(1, xs.length) < 80
        const maximo = Math.max(4, ...ys)
        // Off the chart the legend shows the latest month, not uPlot's empty «—».
        const ultimo = xs.length - 1
        plot = new UPlot(
          {
            width: ancho(),
            height: ALTO,
            padding: [12, 12, 0, 4],
            cursor: { drag: { x: false, y: false }, points: { size: 9 } },
            legend: { show: true, live: true },
            scales: {
              x: { time: false, range: [-0.3, Math.max(0, xs.length - 1) + 0.3] },
              y: { range: [0, Math.ceil(maximo * 1.15)] },
            },
            axes: [
              {
                stroke: '#526070',
                grid: { show: false },
                ticks: { show: false },
                incrs: [1, 2, 3],
                space: 44,
                values: (_u, splits) =>
                  splits.map((i) => (Number.isInteger(i) ? nombre(i, estrecho()) : '')),
                font: '12px system-ui, sans-serif',
              },
              {
                stroke: '#526070',
                grid: { stroke: '#e7ebf0', width: 1 },
                ticks: { show: false },
                size: 40,
                values: (_u, splits) =>
                  splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('es-PE') : '')),
                font: '12px system-ui, sans-serif',
              },
            ],
            series: [
              {
                label: 'Mes',
                value: (_u, v) => nombre(v ?? xs[ultimo] ?? 0, false),
              },
              {
                label: 'Atenciones',
                stroke: '#0b6e80',
                width: 2.5,
                fill: 'rgba(11, 110, 128, 0.10)',
                points: { show: true, size: 7, fill: '#ffffff', stroke: '#0b6e80', width: 2 },
                value: (_u, v) => (v ?? ys[ultimo] ?? 0).toLocaleString('es-PE'),
              },
            ],
          },
          [xs, ys],
          el,
        )
        observer = new ResizeObserver(() => plot?.setSize({ width: ancho(), height: ALTO }))
        observer.observe(el)
      })
      .catch((err: unknown) => {
        console.error(err)
        if (!cancelado) setFallo(true)
      })

    return () => {
      cancelado = true
      observer?.disconnect()
      plot?.destroy()
    }
  }, [serie])

  return (
    <figure className="chart">
      <div
        ref={ref}
        className="chart__canvas"
        aria-hidden="true"
        data-testid="grafico-atenciones"
      />
      {fallo && <p className="text-error">No se pudo dibujar el gráfico.</p>}
      <figcaption className="visually-hidden">
        Atenciones registradas por mes en el año en curso
      </figcaption>
      <div className="visually-hidden">
        <table>
          <caption>Atenciones por mes</caption>
          <thead>
            <tr>
              <th scope="col">Mes</th>
              <th scope="col">Atenciones</th>
            </tr>
          </thead>
          <tbody>
            {serie.map((p) => (
              <tr key={p.mes}>
                <th scope="row">{p.nombre}</th>
                <td>{p.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
