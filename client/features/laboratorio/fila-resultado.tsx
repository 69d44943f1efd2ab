// One analito on the atención's grid: its field (a number, an option or text; calculated ones read
// only), unit, range, the flag and delta computed as it is typed, the previous value, its estado,
// and what can be done with it: select it to validate, record a critical value's call, correct it.
import type { Bandera } from '../../../shared/laboratorio.js'
import {
  textoRango,
  textoValor,
  type FilaResultado as Fila,
  type Resultado,
} from '../../../shared/resultados.js'
import { fechaHora, hora } from '../../components/format.js'
import { Anterior, BanderaBadge } from './bandera-badge.js'

export interface Seleccion {
  /** Why it cannot be selected («Crítico sin comunicar»), or null. */
  bloqueo: string | null
  marcada: boolean
  onCambiar: (marcada: boolean) => void
}

function Estado({ r }: { r: Resultado | null }) {
  if (!r) return <span className="muted">Sin ingresar</span>
  if (r.importado) return <span className="muted">Importado</span>
  if (r.estado === 'validado' && r.validacion)
    return (
      <span className="estado-resultado estado-resultado--validado">
        Validado por {r.validacion.nombre}
        <span className="cell-sub">{fechaHora(r.validacion.en)}</span>
      </span>
    )
  return (
    <span className="estado-resultado">
      Ingresado{r.ingresadoPor ? ` por ${r.ingresadoPor}` : ''}
      <span className="cell-sub">{hora(r.ingresadoEn)}</span>
    </span>
  )
}

/** A corrected value's replaced versions, struck through, with why each was replaced. */
function Corregidos({ fila }: { fila: Fila }) {
  const r = fila.resultado
  if (fila.corregidos.length === 0 || !r) return null
  // Each version's motivo says why it replaced the one before it.
  const versiones = [r, ...fila.corregidos]
  return (
    <ul className="corregidos">
      {fila.corregidos.map((c, i) => (
        <li key={c.id}>
          <s>{textoValor(c.valor, fila.analito.decimales) || '—'}</s>{' '}
          <span className="muted small">
            validado por {c.validacion?.nombre ?? '—'}, {fechaHora(c.validacion?.en)} · corregido:{' '}
            {versiones[i]!.motivo ?? '—'}
          </span>
        </li>
      ))}
    </ul>
  )
}

export function FilaResultado({
  fila,
  texto,
  calculado,
  bandera,
  delta,
  editable,
  noRecibida,
  error,
  seleccion,
  onEscribir,
  onComunicar,
  onCorregir,
}: {
  fila: Fila
  texto: string
  /** A calculated analito's value from the others as they are now. */
  calculado: number | null
  bandera: Bandera | null
  delta: boolean
  editable: boolean
  /** Its exam's sample is not received: nothing is typed yet. */
  noRecibida: boolean
  error: string | undefined
  /** null: the person does not validate here. */
  seleccion: Seleccion | null
  onEscribir: (texto: string) => void
  onComunicar: (() => void) | null
  onCorregir: (() => void) | null
}) {
  const a = fila.analito
  const r = fila.resultado
  const id = `resultado-${a.id}`
  const errorId = `${id}-error`
  const comunes = {
    id,
    'data-campo': '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-labelledby': `${id}-nombre`,
    value: texto,
    disabled: !editable,
  } as const
  const campo = a.calculo ? (
    <output className="resultado__calculado" aria-labelledby={`${id}-nombre`}>
      {calculado === null ? '—' : textoValor(calculado, a.decimales)}
    </output>
  ) : !editable ? (
    <span className="resultado__valor">{texto || (noRecibida ? '' : '—')}</span>
  ) : a.tipo === 'numero' ? (
    <input
      {...comunes}
      className="input resultado__input"
      inputMode="decimal"
      autoComplete="off"
      onChange={(e) => onEscribir(e.target.value)}
    />
  ) : a.tipo === 'opciones' ? (
    <select {...comunes} className="select" onChange={(e) => onEscribir(e.target.value)}>
      <option value="">—</option>
      {(a.opciones ?? []).map((o) => (
        <option key={o}>{o}</option>
      ))}
    </select>
  ) : (
    <textarea
      {...comunes}
      className="input resultado__texto"
      rows={1}
      onChange={(e) => onEscribir(e.target.value)}
    />
  )
  const critico = r?.critico ?? null
  return (
    <tr
      className={[
        'resultado',
        bandera ? 'resultado--fuera' : '',
        noRecibida ? 'resultado--sin-muestra' : '',
      ].join(' ')}
      data-testid={`fila-${a.codigo}`}
    >
      {seleccion && (
        <td className="resultado__check">
          {/* A calculated value follows its operands: it is never chosen alone. */}
          {r?.estado === 'ingresado' && !a.calculo && (
            <input
              type="checkbox"
              checked={seleccion.marcada}
              disabled={seleccion.bloqueo !== null}
              title={seleccion.bloqueo ?? undefined}
              aria-label={`Seleccionar ${a.nombre} para validar`}
              onChange={(e) => seleccion.onCambiar(e.target.checked)}
            />
          )}
        </td>
      )}
      <th scope="row" id={`${id}-nombre`} className="resultado__nombre">
        {a.nombre}
        {a.calculo && <span className="cell-sub">Calculado</span>}
      </th>
      <td className="resultado__campo">
        {noRecibida && !r ? <span className="muted small">Muestra no recibida</span> : campo}
        {error && (
          <span className="field__error" id={errorId}>
            {error}
          </span>
        )}
        <Corregidos fila={fila} />
      </td>
      <td className="muted">{a.unidad ?? ''}</td>
      <td className="nowrap">
        {textoRango(fila.rango, a.decimales) ?? <span className="muted">—</span>}
      </td>
      <td>
        <BanderaBadge bandera={bandera} />
      </td>
      <td>
        <Anterior
          anterior={fila.anterior}
          texto={textoValor(fila.anterior?.valor ?? null, a.decimales)}
          delta={delta}
        />
      </td>
      <td>
        <Estado r={r} />
        {critico && !critico.comunicadoEn && onComunicar && (
          <button type="button" className="btn btn--danger btn--sm" onClick={onComunicar}>
            Registrar comunicación
          </button>
        )}
        {critico?.comunicadoEn && (
          <span className="cell-sub">Crítico comunicado {fechaHora(critico.comunicadoEn)}</span>
        )}
        {r?.estado === 'validado' && onCorregir && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onCorregir}>
            Corregir
          </button>
        )}
      </td>
    </tr>
  )
}
