// Configuración › Laboratorio (docs/producto.md#laboratorio-en-configuración): the analitos with
// their unit, type, decimals, LOINC code, state and delta check; «Editar» opens one's fields and
// its reference ranges by sex and age; the exams and the analitos each reports, read-only, below.
import { useEffect, useRef, useState } from 'react'
import type { Analito, CatalogoLaboratorio } from '../../../shared/laboratorio.js'
import { mensajeDe } from '../../api.js'
import { useTitle } from '../../components/use-title.js'
import { AnalitoForm, TIPO_ANALITO } from './analito-form.js'
import { Aviso, CargaLista, type AvisoSeccion } from './estado-seccion.js'
import { catalogoLaboratorio } from '../../lib/laboratorio-api.js'
import { RangosEditor } from './rangos-editor.js'
import { EstadoActivo, TablaCatalogo } from './tabla-catalogo.js'

const decimal = (n: number) => n.toLocaleString('es-PE', { maximumFractionDigits: 6 })

export default function LaboratorioPage() {
  useTitle('Laboratorio')
  const [catalogo, setCatalogo] = useState<CatalogoLaboratorio | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [elegido, setElegido] = useState<number | null>(null)
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)
  const editor = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const ctrl = new AbortController()
    catalogoLaboratorio(ctrl.signal).then(setCatalogo, (err: Error) => {
      if (err.name !== 'AbortError')
        setError(mensajeDe(err, 'No se pudo cargar el catálogo del laboratorio'))
    })
    return () => ctrl.abort()
  }, [])

  useEffect(() => {
    if (elegido !== null) editor.current?.scrollIntoView({ block: 'start' })
  }, [elegido])

  const analito = catalogo?.analitos.find((a) => a.id === elegido) ?? null
  const nombres = new Map(catalogo?.analitos.map((a) => [a.codigo, a.nombre]))
  const reemplazar = (a: Analito) =>
    setCatalogo((c) => c && { ...c, analitos: c.analitos.map((x) => (x.id === a.id ? a : x)) })

  return (
    <>
      <Aviso aviso={aviso} />
      {analito && (
        <div className="laboratorio__editor" ref={editor}>
          <AnalitoForm
            key={`${analito.id}-${analito.nombre}-${analito.activo}`}
            analito={analito}
            onCancelar={() => setElegido(null)}
            onGuardado={(a) => {
              reemplazar(a)
              setAviso({ ok: true, texto: `Analito ${a.codigo} (${a.nombre}) guardado.` })
            }}
          />
          <section className="card" aria-labelledby="rangos-titulo">
            <header className="card__header">
              <h2 id="rangos-titulo">Rangos de referencia de {analito.nombre}</h2>
            </header>
            {analito.tipo === 'numero' ? (
              <RangosEditor key={analito.id} analito={analito} onGuardado={reemplazar} />
            ) : (
              <p className="card__body muted">
                Un analito de tipo {TIPO_ANALITO[analito.tipo].toLowerCase()} no tiene rangos de
                referencia ni banderas
                {analito.opciones ? `; se elige entre: ${analito.opciones.join(', ')}.` : '.'}
              </p>
            )}
          </section>
        </div>
      )}
      <TablaCatalogo
        id="analitos"
        titulo="Analitos"
        nuevo={null}
        error={error}
        filas={catalogo?.analitos ?? null}
        columnas={[
          { titulo: 'Código', className: 'mono', celda: (a) => a.codigo },
          {
            titulo: 'Nombre',
            celda: (a) => (
              <>
                {a.nombre}
                {a.calculo && <span className="cell-sub">Calculado</span>}
              </>
            ),
          },
          { titulo: 'Unidad', celda: (a) => a.unidad ?? '—' },
          { titulo: 'Tipo', celda: (a) => TIPO_ANALITO[a.tipo] },
          { titulo: 'Decimales', celda: (a) => a.decimales ?? '—' },
          { titulo: 'LOINC', className: 'mono', celda: (a) => a.loinc ?? '—' },
          {
            titulo: 'Delta',
            celda: (a) => (a.deltaPorcentaje === null ? '—' : `${decimal(a.deltaPorcentaje)} %`),
          },
          { titulo: 'Estado', celda: (a) => <EstadoActivo activo={a.activo} /> },
        ]}
        clave={(a) => a.id}
        testId={(a) => `analito-${a.codigo}`}
        acciones={(a) => (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Editar el analito ${a.codigo}`}
            onClick={() => {
              setAviso(null)
              setElegido(a.id)
            }}
          >
            Editar
          </button>
        )}
      />
      <section className="card" aria-labelledby="examenes-titulo">
        <header className="card__header">
          <h2 id="examenes-titulo">Exámenes y sus analitos</h2>
        </header>
        <CargaLista error={error} cargada={catalogo !== null} />
        {catalogo && (
          <div className="table-wrap">
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">Examen</th>
                  <th scope="col">Recipiente y muestra</th>
                  <th scope="col">Analitos, en el orden de la hoja</th>
                </tr>
              </thead>
              <tbody>
                {catalogo.examenes.map((e) => (
                  <tr key={e.estudioId} data-testid={`examen-${e.codigo}`}>
                    <td data-label="Examen">
                      {e.nombre}
                      {!e.activo && <span className="cell-sub">Inactivo</span>}
                    </td>
                    <td data-label="Recipiente y muestra">
                      {e.recipiente}
                      <span className="cell-sub">{e.muestra}</span>
                    </td>
                    <td data-label="Analitos">
                      {e.analitos.map((a) => nombres.get(a.codigo) ?? a.codigo).join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="card__body muted small">
          Los exámenes se crean en Estudios (modalidad LAB). Los rangos sembrados son valores de
          referencia generales: revíselos con los equipos y reactivos de su laboratorio antes de
          informar con ellos.
        </p>
      </section>
    </>
  )
}
