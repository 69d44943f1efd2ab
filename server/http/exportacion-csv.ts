// The worklist export's columns (docs/api.md#exportar-la-lista-de-trabajo): Spanish headers, the
// values as the screens show them (labels, dd/mm/aaaa dates, the age at arrival in words).
import { TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import { etiquetaDe } from '../../shared/configuracion.js'
import { edadDetallada, edadTexto } from '../../shared/edad.js'
import type { FilaExportacion } from '../queries/exportacion.js'
import { BOM, fechaCsv, lineaCsv, type Texto } from './csv.js'

/** What a row is read with besides itself. */
interface Contexto {
  /** The age of a patient with no atención is today's (docs/datos.md#edad). */
  hoy: string
  /** Every modality of the catalogue, for its label. */
  modalidades: readonly { valor: string; etiqueta: string }[]
}

interface Columna {
  titulo: string
  valor(f: FilaExportacion, c: Contexto): string | Texto
}

const texto = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v)

export const COLUMNAS: readonly Columna[] = [
  { titulo: 'N.º de atención', valor: (f) => texto(f.atencionId) },
  { titulo: 'Fecha de llegada', valor: (f) => fechaCsv(f.fechaLlegada) },
  { titulo: 'Hora de llegada', valor: (f) => texto(f.horaLlegada) },
  { titulo: 'ID del paciente', valor: (f) => texto(f.id) },
  { titulo: 'Tipo de documento', valor: (f) => TIPO_DOCUMENTO_ETIQUETA[f.tipoDocumento] },
  { titulo: 'Documento', valor: (f) => ({ texto: f.documento }) },
  { titulo: 'Primer apellido', valor: (f) => f.primerApellido },
  { titulo: 'Segundo apellido', valor: (f) => texto(f.segundoApellido) },
  { titulo: 'Primer nombre', valor: (f) => f.primerNombre },
  { titulo: 'Segundo nombre', valor: (f) => texto(f.segundoNombre) },
  { titulo: 'Fecha de nacimiento', valor: (f) => fechaCsv(f.fechaNacimiento) },
  {
    titulo: 'Edad',
    valor: (f, { hoy }) => {
      const e = edadDetallada(f.fechaNacimiento, f.fechaLlegada ?? hoy)
      return e ? edadTexto(e) : ''
    },
  },
  { titulo: 'Sede', valor: (f) => texto(f.sede) },
  {
    titulo: 'Modalidad',
    valor: (f, c) => (f.modalidad ? etiquetaDe(c.modalidades, f.modalidad) : ''),
  },
  { titulo: 'Estudios', valor: (f) => (f.estudios ?? []).join(', ') },
  { titulo: 'Estado', valor: (f) => texto(f.estado) },
  { titulo: 'Prioridad', valor: (f) => texto(f.prioridad) },
  { titulo: 'Procedencia', valor: (f) => texto(f.procedencia) },
]

/** The file: BOM and headers, then one chunk of lines per batch the cursor reads. */
export async function* csvExportacion(
  lotes: AsyncIterable<FilaExportacion[]>,
  contexto: Contexto,
): AsyncGenerator<string> {
  yield BOM + lineaCsv(COLUMNAS.map((c) => c.titulo))
  for await (const lote of lotes) {
    let trozo = ''
    for (const f of lote) trozo += lineaCsv(COLUMNAS.map((c) => c.valor(f, contexto)))
    yield trozo
  }
}
