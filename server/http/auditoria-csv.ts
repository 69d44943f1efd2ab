// The audit export's columns (docs/api.md#exportar-la-auditoría): Spanish headers, the action as
// the screen names it, the day dd/mm/aaaa and the time at the clinic, the detail as its JSON.
import { ACCIONES_AUDITORIA, type AccionAuditoria } from '../../shared/auditoria.js'
import type { FilaEventoCsv } from '../queries/auditoria.js'
import { BOM, fechaCsv, lineaCsv, type Texto } from './csv.js'

interface Columna {
  titulo: string
  valor(f: FilaEventoCsv): string | Texto
}

/** An action the list of this version does not know (an older event) reads as its code. */
const accion = (a: string) => ACCIONES_AUDITORIA[a as AccionAuditoria] ?? a

export const COLUMNAS_AUDITORIA: readonly Columna[] = [
  { titulo: 'N.º de evento', valor: (f) => f.id },
  { titulo: 'Fecha', valor: (f) => fechaCsv(f.fecha) },
  { titulo: 'Hora', valor: (f) => f.hora },
  { titulo: 'Usuario', valor: (f) => f.usuario ?? '' },
  { titulo: 'Dirección', valor: (f) => f.direccion ?? '' },
  { titulo: 'Acción', valor: (f) => accion(f.accion) },
  { titulo: 'ID del paciente', valor: (f) => f.pacienteId ?? '' },
  { titulo: 'Detalle', valor: (f) => (f.detalle ? JSON.stringify(f.detalle) : '') },
]

/** The file: BOM and headers, then one chunk of lines per batch the cursor reads. */
export async function* csvAuditoria(lotes: AsyncIterable<FilaEventoCsv[]>): AsyncGenerator<string> {
  yield BOM + lineaCsv(COLUMNAS_AUDITORIA.map((c) => c.titulo))
  for await (const lote of lotes) {
    let trozo = ''
    for (const f of lote) trozo += lineaCsv(COLUMNAS_AUDITORIA.map((c) => c.valor(f)))
    yield trozo
  }
}
