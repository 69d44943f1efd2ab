// One patient's row on the per-analito grid: their value typed and saved alone with Enter (its
// atención's ETag as If-Match), its flag and delta as typed, the previous value, and whether it
// saved (a check) or why not.
import { Link } from 'wouter'
import type { Analito } from '../../../shared/laboratorio.js'
import {
  pasaDelta,
  textoRango,
  textoValor,
  type FilaPorAnalito as Fila,
} from '../../../shared/resultados.js'
import { IconCheck } from '../../components/icons.js'
import { paths } from '../../paths.js'
import { Anterior, BanderaBadge } from './bandera-badge.js'
import { edadSexo } from './edad-sexo.js'
import { guardada } from './vista.js'
import { banderaDe, leerNumero } from './valores.js'

export type Guardado = 'guardando' | 'guardado' | { error: string } | null

export function FilaPorAnalito({
  fila,
  analito,
  texto,
  guardado,
  editable,
  onEscribir,
}: {
  fila: Fila
  analito: Omit<Analito, 'rangos'>
  texto: string
  guardado: Guardado
  editable: boolean
  onEscribir: (texto: string) => void
}) {
  const id = `analito-${fila.atencionId}`
  const r = fila.resultado
  const igual = texto.trim() === textoValor(r?.valor ?? null, analito.decimales).trim()
  const n = analito.tipo === 'numero' ? leerNumero(texto) : null
  const valor = n !== null && Number.isFinite(n) ? n : null
  const error = typeof guardado === 'object' && guardado !== null ? guardado.error : null
  return (
    <tr data-testid={`por-analito-${fila.atencionId}`}>
      <th scope="row" id={`${id}-paciente`} className="resultado__nombre">
        <Link href={paths.laboratorioAtencion(fila.atencionId)} className="cell-link">
          {fila.paciente}
        </Link>
        <span className="cell-sub mono">{fila.documento}</span>
      </th>
      <td className="nowrap">{edadSexo(fila.fechaNacimiento, fila.sexo, fila.llegada)}</td>
      <td className="nowrap">
        {textoRango(fila.rango, analito.decimales) ?? <span className="muted">—</span>}
      </td>
      <td className="resultado__campo">
        {!fila.muestraRecibida && !r ? (
          <span className="muted small">Muestra no recibida</span>
        ) : editable ? (
          <input
            id={id}
            data-campo=""
            className="input resultado__input"
            inputMode={analito.tipo === 'numero' ? 'decimal' : undefined}
            autoComplete="off"
            value={texto}
            aria-labelledby={`${id}-paciente`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onEscribir(e.target.value)}
          />
        ) : (
          <span className="resultado__valor">{texto || '—'}</span>
        )}
        {error && (
          <span className="field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </td>
      <td>
        <BanderaBadge bandera={igual ? guardada(r) : banderaDe(valor, fila.rango)} />
      </td>
      <td>
        <Anterior
          anterior={fila.anterior}
          texto={textoValor(fila.anterior?.valor ?? null, analito.decimales)}
          delta={
            igual
              ? (fila.anterior?.delta ?? false)
              : pasaDelta(valor, fila.anterior?.valor ?? null, analito.deltaPorcentaje)
          }
        />
      </td>
      <td className="nowrap">
        {guardado === 'guardando' && <span className="spinner" aria-label="Guardando" />}
        {guardado === 'guardado' && (
          <span className="guardado" data-testid="guardado">
            <IconCheck className="icon--sm" />
            Guardado
          </span>
        )}
        {guardado === null &&
          (r?.estado === 'validado' ? (
            <span className="muted small">Validado</span>
          ) : r ? (
            <span className="muted small">Ingresado</span>
          ) : null)}
      </td>
    </tr>
  )
}
