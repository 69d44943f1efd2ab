// Restores a backup into an empty home, the embedded one or a PostgreSQL database, whichever
// made it: that is also how a clinic moves from the embedded home to its own PostgreSQL (README,
// «Operación»). All of it runs in one transaction, so a restore that fails leaves the target as
// empty as it found it; then the migrations' ledger is checked and any newer migration applied.
import type { Config } from '../config.js'
import { openDatabase, type Database, type Sql } from '../db.js'
import { vacuumTodo } from '../mantenimiento.js'
import { migrate } from '../migrate.js'
import { leerRespaldo, RespaldoError, verificarRespaldo } from './archivo.js'
import { Separador } from './sentencias.js'

/** Statements are sent about this many characters at a time. */
const LOTE = 1 << 20

export interface Restauracion {
  tablas: number
  pacientes: number
  /** Migrations newer than the backup, applied after it. */
  migraciones: string[]
}

/** Objects in the target's public schema: a restore goes only into a database with none. */
async function objetos(sql: Sql): Promise<number> {
  const [fila] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace`
  return fila!.n
}

/** The backup at `ruta`, checked against its checksum, into the empty home `config` names. */
export async function restaurar(
  ruta: string,
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<Restauracion> {
  await verificarRespaldo(ruta)
  const db = await openDatabase(config, { template: false })
  try {
    const n = await objetos(db.sql)
    if (n > 0) {
      throw new RespaldoError(
        db.home === 'embedded'
          ? `El directorio de datos ${config.dataDir} ya tiene una base de datos: restaure en un DATA_DIR nuevo o vacío.`
          : `La base de datos de destino no está vacía (${n} objetos): restaure en una base de datos nueva.`,
      )
    }
    await cargar(db, ruta)
  } finally {
    await db.close()
  }
  // A fresh session: the dump leaves its own settings (an empty search_path) on the one it used.
  const nueva = await openDatabase(config, { template: false })
  try {
    const migraciones = await migrate(nueva.sql)
    // A restored database has no planner statistics yet; the embedded home no autovacuum either.
    if (nueva.home === 'embedded') await vacuumTodo(nueva.sql)
    else await nueva.sql`analyze`
    const [fila] = await nueva.sql<{ tablas: number; pacientes: number }[]>`
      select (select count(*)::int from pg_tables where schemaname = 'public') as tablas,
             (select count(*)::int from pacientes) as pacientes`
    return { ...fila!, migraciones }
  } finally {
    await nueva.close()
  }
}

async function cargar(db: Database, ruta: string): Promise<void> {
  const [fila] = await db.sql<{ version: number }[]>`
    select current_setting('server_version_num')::int as version`
  const version = fila!.version
  // pg_dump writes the settings of its own version; an older server does not know this one.
  const omitir = (s: string) => version < 170000 && /^SET transaction_timeout\b/i.test(s)
  await db.sql.begin(async (tx) => {
    const separador = new Separador()
    let lote: string[] = []
    let largo = 0
    const enviar = async () => {
      if (lote.length) await tx.unsafe(lote.join(';\n'))
      lote = []
      largo = 0
    }
    const sumar = async (sentencias: string[]) => {
      for (const s of sentencias) {
        if (omitir(s)) continue
        lote.push(s)
        largo += s.length
        if (largo >= LOTE) await enviar()
      }
    }
    for await (const trozo of leerRespaldo(ruta).setEncoding('utf8') as AsyncIterable<string>) {
      await sumar(separador.agregar(trozo))
    }
    await sumar(separador.terminar())
    await enviar()
  })
}
