// Critical findings in the database (migration 0053's hallazgos_criticos, opened by signing in
// server/informes/firmar.ts or by a lab value saved past a critical limit in
// server/laboratorio/guardar.ts): the pending ones and the recorded ones, page by page, each read
// recorded by the statement that reads it, and the one conditional statement that records a call.
import type {
  ComunicacionEntrada,
  EstadoHallazgo,
  HallazgoCritico,
  MedioComunicacion,
} from '../../shared/hallazgos.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import { textoValor } from '../../shared/resultados.js'
import type { Sql } from '../db.js'
import { insercionEventos, insercionLectura, type Evento } from './auditoria.js'
import { instanteDe, type Clave } from './clave.js'
import { TOTAL_MAXIMO } from './informes.js'

export interface HallazgoFila {
  id: number
  informeId: number | null
  resultadoId: number | null
  analito: string | null
  decimales: number | null
  valorNumero: number | null
  valorTexto: string | null
  unidad: string | null
  bandera: 'LL' | 'HH' | null
  atencionId: number
  pacienteId: number
  tipoDocumento: string
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  modalidad: string
  estudios: string[]
  firmanteNombre: string | null
  creadoEn: Date
  comunicadoA: string | null
  medio: MedioComunicacion | null
  releido: boolean | null
  comunicadoEn: Date | null
  registradoNombre: string | null
  nota: string | null
  /** The row's sort key, exact, for the next page's cursor. */
  clave: string
}

// A finding comes from a signed informe or from a lab result (migration 0060): either joins.
// A lab one shows the value it is about (migration 0067), not the row's value now.
const COLUMNAS = `h.id, h.informe_id, h.resultado_id, an.nombre as analito, an.decimales,
  h.valor_numero::float8 as valor_numero, h.valor_texto, r.unidad, h.bandera, a.id as atencion_id,
  a.paciente_id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
  p.primer_apellido, p.segundo_apellido, a.modalidad, a.estudios,
  coalesce(i.firmante_nombre, ru.nombre) as firmante_nombre, h.creado_en, h.comunicado_a, h.medio,
  h.releido, h.comunicado_en, u.nombre as registrado_nombre, h.nota`
const DESDE = `hallazgos_criticos h left join informes i on i.id = h.informe_id
  left join resultados r on r.id = h.resultado_id
  left join analitos an on an.id = r.analito_id
  left join usuarios ru on ru.id = r.ingresado_por
  join atenciones a on a.id = coalesce(i.atencion_id, r.atencion_id)
  join pacientes p on p.id = a.paciente_id
  left join usuarios u on u.id = h.registrado_por`

const horas = (desde: Date, hasta: Date) =>
  Math.round(((hasta.getTime() - desde.getTime()) / 3_600_000) * 10) / 10

export function aHallazgo(f: HallazgoFila, ahora: Date): HallazgoCritico {
  return {
    id: f.id,
    informeId: f.informeId,
    resultado:
      f.resultadoId !== null && f.analito !== null && (f.bandera === 'LL' || f.bandera === 'HH')
        ? {
            resultadoId: f.resultadoId,
            analito: f.analito,
            valor: textoValor(f.valorNumero ?? f.valorTexto, f.decimales),
            unidad: f.unidad,
            bandera: f.bandera,
          }
        : null,
    atencionId: f.atencionId,
    pacienteId: f.pacienteId,
    paciente: nombreCompleto(f),
    documento: `${f.tipoDocumento} ${f.documento}`,
    modalidad: f.modalidad,
    estudios: f.estudios,
    firmante: f.firmanteNombre ?? '',
    creadoEn: f.creadoEn.toISOString(),
    horasEsperando: horas(f.creadoEn, f.comunicadoEn ?? ahora),
    comunicacion:
      f.comunicadoEn && f.comunicadoA !== null && f.medio !== null && f.releido !== null
        ? {
            comunicadoA: f.comunicadoA,
            medio: f.medio,
            releido: f.releido,
            comunicadoEn: f.comunicadoEn.toISOString(),
            registradoPor: f.registradoNombre ?? '',
            nota: f.nota,
          }
        : null,
  }
}

/**
 * A page of critical findings in `estado` after the cursor's key, with how many there are in it
 * (up to TOTAL_MAXIMO), read and recorded (`evento`: how many patients it served) by one
 * statement. `limite` counts the one row read past the page.
 */
export async function listarHallazgos(
  sql: Sql,
  estado: EstadoHallazgo,
  limite: number,
  despues: Clave | null,
  evento: Evento,
): Promise<{ filas: HallazgoFila[]; total: number }> {
  // 0053's and 0057's partial indexes, each in its own order.
  const pendientes = estado === 'pendientes'
  const donde = pendientes ? sql`h.comunicado_en is null` : sql`h.comunicado_en is not null`
  const instante = pendientes ? sql`h.creado_en` : sql`h.comunicado_en`
  const orden = pendientes ? sql`h.creado_en, h.id` : sql`h.comunicado_en desc, h.id desc`
  const tras = despues
    ? pendientes
      ? sql`and (h.creado_en, h.id) > (${instanteDe(sql, despues)}, ${despues[1] ?? 0})`
      : sql`and (h.comunicado_en, h.id) < (${instanteDe(sql, despues)}, ${despues[1] ?? 0})`
    : sql``
  const filas = await sql<(HallazgoFila & { total: number })[]>`
    with pagina as (
      select ${sql.unsafe(COLUMNAS)},
        to_char(${instante} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as clave
      from ${sql.unsafe(DESDE)}
      where ${donde} ${tras}
      order by ${orden}
      limit ${limite}
    ),
    registro as (${insercionLectura(sql, evento, 'pagina', limite - 1)}),
    total as (
      select count(*)::int as total
      from (select 1 from hallazgos_criticos h where ${donde} limit ${TOTAL_MAXIMO}) c
    )
    -- The count comes with an empty page too.
    select h.*, t.total from total t left join pagina h on true
    order by ${orden}`
  return { filas: filas.filter((f) => f.id !== null), total: filas[0]?.total ?? 0 }
}

/** One finding, without recording a read (the 409's who and when, the answer's own row). */
export async function hallazgoPorId(sql: Sql, id: number): Promise<HallazgoFila | undefined> {
  const [fila] = await sql<HallazgoFila[]>`
    select ${sql.unsafe(COLUMNAS)}, '' as clave from ${sql.unsafe(DESDE)} where h.id = ${id}`
  return fila
}

/**
 * Records the call of a pending finding and its audit record on the patient, in one statement:
 * the finding as recorded, or undefined when it was not pending (the caller reads why).
 */
export async function comunicarHallazgo(
  sql: Sql,
  id: number,
  c: Omit<ComunicacionEntrada, 'nota'> & { nota: string | null },
  por: number,
  evento: Evento,
): Promise<HallazgoFila | undefined> {
  const [fila] = await sql<{ id: number }[]>`
    with cambiado as (
      update hallazgos_criticos set comunicado_a = ${c.comunicadoA}, medio = ${c.medio},
        releido = ${c.releido}, nota = ${c.nota}, comunicado_en = now(), registrado_por = ${por}
      where id = ${id} and comunicado_en is null
      returning id, informe_id, resultado_id
    ),
    registro as (${insercionEventos(
      sql,
      evento,
      sql`select a.paciente_id, jsonb_strip_nulls(jsonb_build_object('hallazgo', c.id,
          'informe', c.informe_id, 'resultado', c.resultado_id,
          'comunicadoA', ${c.comunicadoA}::text, 'medio', ${c.medio}::text,
          'releido', ${c.releido}::boolean)) as detalle
        from cambiado c left join informes i on i.id = c.informe_id
          left join resultados r on r.id = c.resultado_id
          join atenciones a on a.id = coalesce(i.atencion_id, r.atencion_id)`,
    )})
    select id from cambiado`
  return fila && hallazgoPorId(sql, fila.id)
}
