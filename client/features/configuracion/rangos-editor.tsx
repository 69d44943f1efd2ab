// An analito's reference ranges in Configuración › Laboratorio: one row per band (sex, age from
// and to in days, months or years, normal and critical limits), «Agregar banda», «Quitar»,
// «Descartar cambios» and «Guardar rangos», which replaces the whole set. Checked with the shared
// rules as typed; the server's messages show under their cell.
import { useState } from 'react'
import type { ErrorCampo } from '../../../shared/contract.js'
import type { Analito } from '../../../shared/laboratorio.js'
import { UNIDADES_EDAD, type UnidadEdad } from '../../../shared/laboratorio-config.js'
import { ApiError, mensajeDe } from '../../api.js'
import { FieldError } from '../../components/field.js'
import { Aviso, type AvisoSeccion } from './estado-seccion.js'
import { cambiarRangos } from './laboratorio-api.js'
import {
  erroresFilas,
  filaDe,
  filaNueva,
  LIMITES,
  rangoDe,
  type Fila,
  type Limite,
} from './rangos-filas.js'

const TITULOS: Record<Limite, string> = {
  normalMin: 'Normal mín.',
  normalMax: 'Normal máx.',
  criticoMin: 'Crítico mín.',
  criticoMax: 'Crítico máx.',
}
const NOMBRES: Record<Limite, string> = {
  normalMin: 'Normal mínimo',
  normalMax: 'Normal máximo',
  criticoMin: 'Crítico mínimo',
  criticoMax: 'Crítico máximo',
}
/** Which cell each of a band's fields is shown under. */
const CELDA: Record<string, keyof Fila> = {
  sexo: 'sexo',
  edadDesdeDias: 'desde',
  edadHastaDias: 'hasta',
  ...Object.fromEntries(LIMITES.map((l) => [l, l])),
}

/** The failures by row and cell; what names no cell (the list itself) under '' of row -1. */
function porCelda(errores: readonly ErrorCampo[]): Map<string, string> {
  const m = new Map<string, string>()
  for (const e of errores) {
    const [, i, campo] = /^rangos\.(\d+)\.(\w+)/.exec(e.campo) ?? []
    const clave = i !== undefined && campo && CELDA[campo] ? `${i}.${CELDA[campo]}` : ''
    if (!m.has(clave)) m.set(clave, e.mensaje)
  }
  return m
}

export function RangosEditor({
  analito,
  onGuardado,
}: {
  analito: Analito
  onGuardado: (a: Analito) => void
}) {
  const [filas, setFilas] = useState<Fila[]>(() => analito.rangos.map(filaDe))
  const [cambios, setCambios] = useState(false)
  const [errores, setErrores] = useState<Map<string, string>>(new Map())
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)
  const [guardando, setGuardando] = useState(false)

  const cambiar = (i: number, cambio: Partial<Fila>) => {
    setFilas((fs) => fs.map((f, k) => (k === i ? { ...f, ...cambio } : f)))
    setCambios(true)
    setAviso(null)
  }
  const quitar = (i: number) => {
    setFilas((fs) => fs.filter((_, k) => k !== i))
    setErrores(new Map())
    setCambios(true)
  }
  const descartar = () => {
    setFilas(analito.rangos.map(filaDe))
    setErrores(new Map())
    setCambios(false)
    setAviso(null)
  }

  const guardar = async () => {
    const propios = porCelda(erroresFilas(filas))
    setErrores(propios)
    setAviso(null)
    if (propios.size > 0) return
    setGuardando(true)
    try {
      const a = await cambiarRangos(analito.id, filas.map(rangoDe))
      setFilas(a.rangos.map(filaDe))
      setCambios(false)
      onGuardado(a)
      setAviso({
        ok: true,
        texto: `Rangos de ${a.nombre} guardados. Los resultados ya guardados conservan los límites con que se leyeron.`,
      })
    } catch (err) {
      const delServidor = err instanceof ApiError ? porCelda(err.errores) : new Map()
      setErrores(delServidor)
      const general = delServidor.get('') ?? (delServidor.size === 0 ? mensajeDe(err) : null)
      if (general) setAviso({ ok: false, texto: `No se pudieron guardar los rangos: ${general}` })
    } finally {
      setGuardando(false)
    }
  }

  const error = (i: number, celda: keyof Fila) => errores.get(`${i}.${celda}`)
  const id = (i: number, celda: string) => `rango-${i}-${celda}`
  /** A cell's input, wired to its error. */
  const aria = (i: number, celda: keyof Fila, nombre: string) => ({
    id: id(i, celda),
    'aria-label': `${nombre}, banda ${i + 1}`,
    'aria-invalid': error(i, celda) ? true : undefined,
    'aria-describedby': error(i, celda) ? `${id(i, celda)}-error` : undefined,
  })
  const mensaje = (i: number, celda: keyof Fila) =>
    error(i, celda) && <FieldError id={`${id(i, celda)}-error`}>{error(i, celda)}</FieldError>
  const edad = (i: number, f: Fila, celda: 'desde' | 'hasta', nombre: string) => (
    <>
      <div className="rangos__edad">
        <input
          className="input"
          inputMode="numeric"
          autoComplete="off"
          placeholder={celda === 'hasta' ? '∞' : undefined}
          value={f[celda]}
          onChange={(e) => cambiar(i, { [celda]: e.target.value })}
          {...aria(i, celda, nombre)}
        />
        <select
          className="select"
          aria-label={`Unidad de ${nombre.toLowerCase()}, banda ${i + 1}`}
          value={f[`${celda}Unidad`]}
          onChange={(e) => cambiar(i, { [`${celda}Unidad`]: e.target.value as UnidadEdad })}
        >
          {UNIDADES_EDAD.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      {mensaje(i, celda)}
    </>
  )

  return (
    <div className="card__body rangos">
      <Aviso aviso={aviso} />
      <p className="muted small">
        Cada banda vale desde su edad «desde» hasta el día antes de su edad «hasta» (vacía: sin
        límite). Un mes son 30,4375 días y un año 365,25, como la edad de la ficha: la banda de «1
        año» empieza el día en que el paciente cumple 1 año. La banda del sexo del paciente se usa
        antes que la de ambos sexos. Los límites son inclusivos; los críticos van fuera de los
        normales.{analito.unidad && ` Límites en ${analito.unidad}.`}
      </p>
      {filas.length === 0 ? (
        <p className="empty">Sin rangos: sus resultados se muestran sin rango ni bandera.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--cards rangos__tabla">
            <thead>
              <tr>
                <th scope="col">Sexo</th>
                <th scope="col">Edad desde</th>
                <th scope="col">Edad hasta</th>
                {LIMITES.map((l) => (
                  <th key={l} scope="col">
                    {TITULOS[l]}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {filas.map((f, i) => (
                <tr key={f.clave} data-testid={`banda-${i + 1}`}>
                  <td data-label="Sexo">
                    <select
                      className="select rangos__sexo"
                      value={f.sexo}
                      onChange={(e) => cambiar(i, { sexo: e.target.value as Fila['sexo'] })}
                      {...aria(i, 'sexo', 'Sexo')}
                    >
                      <option value="">Ambos</option>
                      <option value="Femenino">Femenino</option>
                      <option value="Masculino">Masculino</option>
                    </select>
                    {mensaje(i, 'sexo')}
                  </td>
                  <td data-label="Edad desde">{edad(i, f, 'desde', 'Edad desde')}</td>
                  <td data-label="Edad hasta">{edad(i, f, 'hasta', 'Edad hasta')}</td>
                  {LIMITES.map((l) => (
                    <td key={l} data-label={TITULOS[l]}>
                      <input
                        className="input rangos__limite"
                        inputMode="decimal"
                        autoComplete="off"
                        value={f[l]}
                        onChange={(e) => cambiar(i, { [l]: e.target.value })}
                        {...aria(i, l, NOMBRES[l])}
                      />
                      {mensaje(i, l)}
                    </td>
                  ))}
                  <td data-label="Acciones">
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      aria-label={`Quitar la banda ${i + 1}`}
                      onClick={() => quitar(i)}
                    >
                      Quitar
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            setFilas((fs) => [...fs, filaNueva()])
            setCambios(true)
          }}
        >
          Agregar banda
        </button>
        {cambios && (
          <button type="button" className="btn btn--secondary" onClick={descartar}>
            Descartar cambios
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          disabled={!cambios || guardando}
          onClick={() => void guardar()}
        >
          {guardando && <span className="spinner" aria-hidden="true" />}
          Guardar rangos
        </button>
      </div>
    </div>
  )
}
