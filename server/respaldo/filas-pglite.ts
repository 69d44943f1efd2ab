// The rows of the embedded database as INSERT statements, streamed a batch at a time. PGlite's
// pg_dump (@electric-sql/pglite-tools) hands back its whole dump as one JavaScript string, and a
// string holds at most 512 MiB: at 100,000 patients with their laboratory results the dump is
// larger, and the backup failed. So pg_dump writes the schema and the sequences (volcado.ts) and
// the rows come from here, in pieces, with no size limit and no more memory than one batch.
import type { PGlite } from '@electric-sql/pglite'

/** One INSERT holds at most this many rows, as pg_dump's --rows-per-insert=1000 did … */
const FILAS_POR_INSERT = 1000
/** … and about this much text: a table of PDFs or signature images stays in small statements. */
const TEXTO_POR_INSERT = 4 << 20
/** Rows fetched from the cursor at a time. */
const FILAS_POR_LECTURA = 200

export interface Tabla {
  nombre: string
  columnas: string[]
  /** A GENERATED ALWAYS identity column takes its stored value only with OVERRIDING SYSTEM VALUE. */
  identidadSiempre: boolean
}

/**
 * The tables pg_dump would dump the rows of: ordinary tables outside the system schemas and not
 * members of an extension. Stored generated columns are left out: they are computed again on
 * restore, as pg_dump does.
 */
export async function tablasConFilas(pg: PGlite): Promise<Tabla[]> {
  const { rows } = await pg.query<Tabla>(`
    select format('%I.%I', n.nspname, c.relname) as nombre,
           array_agg(quote_ident(a.attname) order by a.attnum) as columnas,
           bool_or(a.attidentity = 'a') as "identidadSiempre"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                       and a.attgenerated = ''
    where c.relkind = 'r'
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    group by n.nspname, c.relname
    order by n.nspname, c.relname`)
  return rows
}

/**
 * Every row of every table, as `INSERT INTO t (columnas) VALUES (…), …;` text. Runs inside the
 * caller's transaction (which must see one snapshot); each value is written by PostgreSQL itself
 * (`quote_nullable`, its type's own output) and read back by that type's input on restore, so a
 * row comes back to the byte. The output settings are pg_dump's: ISO dates, exact floats.
 */
export async function* filasComoInsert(pg: PGlite, tablas: Tabla[]): AsyncGenerator<string> {
  await pg.exec(`set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres';
                 set local extra_float_digits = 3; set local bytea_output = 'hex'`)
  for (const t of tablas) {
    const cabecera = `INSERT INTO ${t.nombre} (${t.columnas.join(', ')})${
      t.identidadSiempre ? ' OVERRIDING SYSTEM VALUE' : ''
    } VALUES\n\t`
    const fila = t.columnas.map((c) => `quote_nullable(${c})`).join(` || ',' || `)
    await pg.exec(`declare filas_respaldo no scroll cursor for
                   select '(' || ${fila} || ')' as f from only ${t.nombre}`)
    yield `--\n-- Filas de ${t.nombre}\n--\n\n`
    let lote: string[] = []
    let largo = 0
    for (;;) {
      const { rows } = await pg.query<{ f: string }>(
        `fetch ${FILAS_POR_LECTURA} from filas_respaldo`,
      )
      for (const { f } of rows) {
        lote.push(f)
        largo += f.length
        if (lote.length >= FILAS_POR_INSERT || largo >= TEXTO_POR_INSERT) {
          yield `${cabecera}${lote.join(',\n\t')};\n\n`
          lote = []
          largo = 0
        }
      }
      if (rows.length < FILAS_POR_LECTURA) break
    }
    if (lote.length) yield `${cabecera}${lote.join(',\n\t')};\n\n`
    await pg.exec('close filas_respaldo')
  }
}
