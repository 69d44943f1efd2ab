// One exam of the atención's grid: its analitos in report order under their section headings,
// with the state of the sample they come from.
import type { FilaResultado as Fila, ResultadosAtencion } from '../../../shared/resultados.js'
import { FilaResultado, type Seleccion } from './fila-resultado.js'
import type { VistaFila } from './vista.js'

type Examen = ResultadosAtencion['examenes'][number]

const ESTADO_MUESTRA = {
  pendiente: 'Muestra pendiente de recepción',
  recibida: 'Muestra recibida',
  rechazada: 'Muestra rechazada',
} as const

export function ExamenTabla({
  examen,
  vista,
  errores,
  validando,
  editable,
  seleccion,
  onEscribir,
  onComunicar,
  onCorregir,
}: {
  examen: Examen
  vista: Map<number, VistaFila>
  errores: Record<number, string>
  /** The checkbox column shows. */
  validando: boolean
  editable: (f: Fila, v: VistaFila) => boolean
  seleccion: (f: Fila) => Seleccion
  onEscribir: (analitoId: number, texto: string) => void
  onComunicar: ((f: Fila) => void) | null
  onCorregir: ((f: Fila) => void) | null
}) {
  const m = examen.muestra
  const columnas = validando ? 8 : 7
  const tituloId = `examen-${examen.estudioId}`
  return (
    <section className="card examen" aria-labelledby={tituloId}>
      <header className="card__header examen__cabecera">
        <h2 id={tituloId}>{examen.nombre}</h2>
        <span className={m?.estado === 'recibida' ? 'muted small' : 'text-error small'}>
          {m ? `${ESTADO_MUESTRA[m.estado]} · ${m.codigo}` : 'Sin muestra registrada'}
        </span>
      </header>
      <div
        className="table-wrap"
        role="region"
        aria-labelledby={tituloId}
        // Scrolls sideways on a phone: the keyboard reaches it too.
        tabIndex={0}
      >
        <table className="table table--compact resultados">
          <thead>
            <tr>
              {validando && (
                <th scope="col">
                  <span className="visually-hidden">Validar</span>
                </th>
              )}
              <th scope="col">Analito</th>
              <th scope="col">Resultado</th>
              <th scope="col">Unidad</th>
              <th scope="col">Referencia</th>
              <th scope="col">
                <span className="visually-hidden">Bandera</span>
              </th>
              <th scope="col">Anterior</th>
              <th scope="col" className="resultados__estado">
                Estado
              </th>
            </tr>
          </thead>
          <tbody>
            {examen.filas.map((f, i) => {
              const v = vista.get(f.analito.id)!
              const seccion = f.seccion !== null && f.seccion !== examen.filas[i - 1]?.seccion
              return [
                seccion && (
                  <tr key={`s-${f.seccion}`} className="resultados__seccion">
                    <th scope="colgroup" colSpan={columnas}>
                      {f.seccion}
                    </th>
                  </tr>
                ),
                <FilaResultado
                  key={f.analito.id}
                  fila={f}
                  texto={v.texto}
                  calculado={v.calculado}
                  bandera={v.bandera}
                  delta={v.delta}
                  editable={editable(f, v)}
                  noRecibida={v.noRecibida}
                  error={errores[f.analito.id]}
                  seleccion={validando ? seleccion(f) : null}
                  onEscribir={(t) => onEscribir(f.analito.id, t)}
                  onComunicar={onComunicar && (() => onComunicar(f))}
                  onCorregir={onCorregir && (() => onCorregir(f))}
                />,
              ]
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
