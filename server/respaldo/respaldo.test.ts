// Backups of both homes and their restores, on real databases: the embedded one (PGlite, dumped
// with its own pg_dump inside the process that holds it) and the run's PostgreSQL (pg_dump).
// The round trip embedded → PostgreSQL → embedded keeps every table's rows to the byte; a backup
// taken during a burst of writes holds every write acknowledged before it started and no half of
// any; a target with data and a damaged file are refused without touching anything.
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { inTransaction, openDatabase, type Sql } from '../db.js'
import { cargarDatos } from '../seed/cargar.js'
import { baseDesechable, createTestDatabase } from '../test/database.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { nombreRespaldo, RespaldoError, verificarRespaldo } from './archivo.js'
import { respaldar } from './respaldar.js'
import { restaurar } from './restauracion.js'

const servidor = inject('testDatabaseUrl')
const TZ = 'America/Lima'
const limpiar: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const f of limpiar.reverse()) await f()
})

async function carpeta(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clinica-respaldo-'))
  limpiar.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** Every table of the schema: its rows and a hash of their text, in one snapshot. */
async function huella(sql: Sql): Promise<Record<string, string>> {
  return inTransaction(sql, async (tx) => {
    await tx`set transaction isolation level repeatable read`
    await tx`set local timezone = 'UTC'`
    const tablas = await tx<{ tablename: string }[]>`
      select tablename from pg_tables where schemaname = 'public' order by tablename`
    const r: Record<string, string> = {}
    for (const { tablename } of tablas) {
      const [f] = await tx.unsafe<{ n: number; md5: string | null }[]>(
        `select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text)) as md5
         from public."${tablename}" t`,
      )
      r[tablename] = `${f!.n} ${f!.md5 ?? '-'}`
    }
    return r
  })
}

/** A new embedded home in its own folder, not opened yet. */
async function embebidaNueva(): Promise<{ databaseUrl: undefined; dataDir: string }> {
  return { databaseUrl: undefined, dataDir: await carpeta() }
}

async function postgresNueva(): Promise<{ databaseUrl: string; dataDir: string }> {
  const base = await baseDesechable(servidor, 'clinica_restaurada')
  limpiar.push(() => base.borrar())
  return { databaseUrl: base.url, dataDir: '' }
}

describe.skipIf(!servidor)('respaldo y restauración entre las dos casas', () => {
  it('embebida → PostgreSQL → embebida: cada tabla con las mismas filas y el mismo contenido', async () => {
    const origen = await createTestDatabase({ embedded: true })
    limpiar.push(() => origen.drop())
    await cargarDatos(origen.sql, { pacientes: 300, tz: TZ, semilla: 7, lote: 300 })
    const antes = await huella(origen.sql)
    expect(Number(antes.pacientes!.split(' ')[0])).toBe(300)
    expect(Number(antes.atenciones!.split(' ')[0])).toBeGreaterThan(300)

    const dir = await carpeta()
    const r1 = await respaldar(origen, { dir, tz: TZ, origen: 'manual' })
    expect(r1.ruta).toMatch(/clinica-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.sql\.gz$/)
    expect((await readFile(`${r1.ruta}.sha256`, 'utf8')).split(' ')[0]).toBe(r1.sha256)

    // Into PostgreSQL: the move up.
    const pg = await postgresNueva()
    const enPg = await restaurar(r1.ruta, pg)
    expect(enPg).toMatchObject({ pacientes: 300, migraciones: [] })
    const dbPg = await openDatabase(pg)
    limpiar.push(() => dbPg.close())
    expect(await huella(dbPg.sql)).toEqual(antes)

    // And back, with PostgreSQL's own pg_dump.
    const r2 = await respaldar(dbPg, { dir, tz: TZ, origen: 'manual' })
    const vuelta = await embebidaNueva()
    await restaurar(r2.ruta, vuelta)
    const dbVuelta = await openDatabase(vuelta)
    try {
      const despues = await huella(dbVuelta.sql)
      // Each backup notes itself in `respaldos` after its dump: neither file holds a note.
      expect(despues).toEqual(antes)
      // The sequences came back too: a new patient takes the next number.
      const id = await insertarPaciente(dbVuelta.sql)
      const [max] = await dbVuelta.sql<{ m: number }[]>`select max(id)::int as m from pacientes`
      expect(id).toBe(max!.m)
    } finally {
      await dbVuelta.close()
    }
  })

  for (const casa of ['embebida', 'PostgreSQL'] as const) {
    it(`${casa}: un respaldo tomado durante una ráfaga de escrituras guarda cada escritura confirmada antes de empezar y ninguna a medias`, async () => {
      const origen = await createTestDatabase({ embedded: casa === 'embebida' })
      limpiar.push(() => origen.drop())
      const confirmados: number[] = []
      let seguir = true
      // Each write is a patient and its atención in one transaction.
      const escritor = (async () => {
        while (seguir) {
          const id = await inTransaction(origen.sql, async (tx) => {
            const p = await insertarPaciente(tx)
            await insertarAtencion(tx, p)
            return p
          })
          confirmados.push(id)
        }
      })()
      while (confirmados.length < 20) await new Promise((r) => setTimeout(r, 5))
      const antesDeEmpezar = [...confirmados]
      const r = await respaldar(origen, { dir: await carpeta(), tz: TZ, origen: 'manual' })
      while (confirmados.length < antesDeEmpezar.length + 20)
        await new Promise((r) => setTimeout(r, 5))
      seguir = false
      await escritor

      const destino = casa === 'embebida' ? await postgresNueva() : await embebidaNueva()
      await restaurar(r.ruta, destino)
      const db = await openDatabase(destino)
      try {
        const filas = await db.sql<{ id: number; atenciones: number }[]>`
          select p.id, count(a.id)::int as atenciones
          from pacientes p left join atenciones a on a.paciente_id = p.id group by p.id`
        const ids = new Set(filas.map((f) => f.id))
        for (const id of antesDeEmpezar) expect(ids.has(id), `paciente ${id}`).toBe(true)
        expect(filas.every((f) => f.atenciones === 1)).toBe(true)
        expect(filas.length).toBeLessThan(confirmados.length + 1)
      } finally {
        await db.close()
      }
    })
  }
})

describe('el volcado de la base embebida', () => {
  it('las filas salen por partes, ninguna tabla en un solo texto, y vuelven al byte', async () => {
    const origen = await createTestDatabase({ embedded: true })
    limpiar.push(() => origen.drop())
    // 3,000 rows of 1,500 characters each: what a clinic's big tables are, in small. The text has
    // everything a value may hold that SQL quotes: quotes, backslashes, `;`, comments, newlines.
    const raro = "O'Brien \\ ; -- /* $$ */ E'x' \n ñ 😀 "
    await origen.sql`
      insert into respaldos (inicio, fin, origen, error)
      select now() - make_interval(secs => i), now(), 'diario', left(repeat(${raro} || i, 60), 1500)
      from generate_series(1, 3000) i`
    // Every byte value, in a bytea column.
    await origen.sql`
      update clinica set logo = (select string_agg(set_byte('\\x00'::bytea, 0, b), ''::bytea
                                                   order by b) from generate_series(0, 255) b),
                         logo_tipo = 'image/png'`
    const antes = await huella(origen.sql)

    const sesion = () => origen.sql`
      select current_setting('search_path') as camino,
             current_setting('plan_cache_mode') as plan,
             current_setting('transaction_read_only') as "soloLectura",
             (select count(*)::int from pg_prepared_statements) as sentencias`
    const sesionAntes = await sesion()

    const trozos: string[] = []
    for await (const t of await origen.volcar()) trozos.push(String(t))
    const inserts = trozos.join('').match(/^INSERT INTO public\.respaldos /gm) ?? []
    expect(inserts.length).toBe(3)
    expect(Math.max(...trozos.map((t) => t.length))).toBeLessThan(2_000_000)
    // The server's session is as it was: its settings and its prepared statements, no more.
    expect(await sesion()).toEqual(sesionAntes)
    expect(sesionAntes[0]).toMatchObject({ plan: 'auto', soloLectura: 'off' })

    const r = await respaldar(origen, { dir: await carpeta(), tz: TZ, origen: 'manual' })
    const vuelta = await embebidaNueva()
    await restaurar(r.ruta, vuelta)
    const db = await openDatabase(vuelta)
    try {
      expect(await huella(db.sql)).toEqual(antes)
    } finally {
      await db.close()
    }
  })

  it('un respaldo que se corta a mitad (disco lleno) deja al servidor escribiendo y el siguiente sale', async () => {
    const origen = await createTestDatabase({ embedded: true })
    limpiar.push(() => origen.drop())
    await origen.sql`
      insert into respaldos (inicio, fin, origen, error)
      select now(), now(), 'manual', repeat('x', 1500) from generate_series(1, 3000)`
    const ahora = () => new Date('2026-11-27T08:00:00Z')
    const dir = await carpeta()
    // The partial file is a link to a device that is always full: the write fails mid-dump.
    await symlink('/dev/full', join(dir, `${nombreRespaldo(ahora(), TZ)}.parcial`))
    await expect(respaldar(origen, { dir, tz: TZ, origen: 'diario', ahora })).rejects.toThrow(
      /No queda espacio en el disco/,
    )
    // The session is not left inside the dump's read-only transaction: writes go on.
    const id = await insertarPaciente(origen.sql)
    const [fila] = await origen.sql<{ n: number }[]>`
      select count(*)::int as n from pacientes where id = ${id}`
    expect(fila!.n).toBe(1)
    const [nota] = await origen.sql<{ error: string }[]>`
      select error from respaldos where origen = 'diario' and error is not null`
    expect(nota!.error).toMatch(/No queda espacio/)
    const r = await respaldar(origen, { dir: await carpeta(), tz: TZ, origen: 'manual' })
    await expect(verificarRespaldo(r.ruta)).resolves.toMatchObject({ sha256: r.sha256 })
  })
})

describe('lo que la restauración rechaza', () => {
  it('una base con datos, un archivo dañado y uno sin su suma: nada cambia', async () => {
    const origen = await createTestDatabase({ embedded: true })
    limpiar.push(() => rm(origen.dataDir!, { recursive: true, force: true }))
    await insertarPaciente(origen.sql)
    const dir = await carpeta()
    const r = await respaldar(origen, { dir, tz: TZ, origen: 'manual' })
    const [fila] = await origen.sql<{ n: number; error: string | null }[]>`
      select count(*)::int as n, max(error) as error from respaldos`
    expect(fila).toEqual({ n: 1, error: null })
    await origen.close()

    // A home with data: the embedded one just backed up.
    await expect(
      restaurar(r.ruta, { databaseUrl: undefined, dataDir: origen.dataDir! }),
    ).rejects.toThrow(/ya tiene una base de datos/)

    // One byte changed.
    const danado = join(dir, 'danado.sql.gz')
    const bytes = await readFile(r.ruta)
    bytes[bytes.length >> 1]! ^= 0xff
    await writeFile(danado, bytes)
    await copyFile(`${r.ruta}.sha256`, `${danado}.sha256`)
    const vacia = await embebidaNueva()
    await expect(restaurar(danado, vacia)).rejects.toThrow(RespaldoError)
    await expect(restaurar(danado, vacia)).rejects.toThrow(/no coincide con su suma/)

    // Without its sidecar.
    const solo = join(dir, 'solo.sql.gz')
    await copyFile(r.ruta, solo)
    await expect(verificarRespaldo(solo)).rejects.toThrow(/Falta solo\.sql\.gz\.sha256/)

    // Nothing was created where the damaged file was refused.
    await expect(readFile(join(vacia.dataDir, 'pgdata', 'PG_VERSION'))).rejects.toThrow()
  })

  it.skipIf(!servidor)('PostgreSQL: una base que no está vacía', async () => {
    const origen = await createTestDatabase()
    limpiar.push(() => origen.drop())
    const r = await respaldar(origen, { dir: await carpeta(), tz: TZ, origen: 'manual' })
    await expect(restaurar(r.ruta, { databaseUrl: origen.url!, dataDir: '' })).rejects.toThrow(
      /no está vacía/,
    )
  })
})
