// laboratorio_resumen (migration 0066) is derived from resultados by its triggers: whatever
// writes results (a save, a correction, a validation, a bulk load, a delete, two transactions on
// one atención at once) leaves each atención's row equal to what resultados says, on the run's
// PostgreSQL and on the embedded home; and its version, the results' ETag, only goes up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crearUsuario } from '../auth/usuarios.js'
import type { Sql } from '../db.js'
import { CONTRASENA_PRUEBA } from '../test/app.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { analitos, atencionLab } from '../test/resultados.js'

interface Resumen {
  version: number
  analitos: number[]
  ingresados: number
  validados: number
}

/** The atención's row, or undefined. */
async function resumen(sql: Sql, atencion: number): Promise<Resumen | undefined> {
  const [f] = await sql<Resumen[]>`
    select version, analitos, ingresados, validados from laboratorio_resumen
    where atencion_id = ${atencion}`
  return f
}

/** What the row should say, counted from resultados here, independently of the trigger. */
async function contado(sql: Sql, atencion: number): Promise<Omit<Resumen, 'version'>> {
  const filas = await sql<{ analitoId: number; version: number; valor: boolean; estado: string }[]>`
    select analito_id, version, valor_numero is not null or valor_texto is not null as valor, estado
    from resultados where atencion_id = ${atencion}`
  const vigentes = new Map<number, (typeof filas)[number]>()
  for (const f of filas)
    if ((vigentes.get(f.analitoId)?.version ?? 0) < f.version) vigentes.set(f.analitoId, f)
  const v = [...vigentes.values()]
  return {
    analitos: [...vigentes.keys()].sort((a, b) => a - b),
    ingresados: v.filter((f) => f.valor).length,
    validados: v.filter((f) => f.estado === 'validado').length,
  }
}

describe.each([
  ['PostgreSQL', false],
  ['la base embebida', true],
] as const)('laboratorio_resumen en %s', (_casa, embedded) => {
  let db: TestDatabase
  let ids: Record<string, number>
  let medica: number
  beforeAll(async () => {
    db = await createTestDatabase({ embedded })
    ids = await analitos(db.sql)
    const m = await crearUsuario(db.sql, {
      usuario: 'lucia.paredes',
      nombre: 'Dra. Lucía Paredes',
      rol: 'medico',
      colegiatura: 'CMP 45821',
      contrasena: CONTRASENA_PRUEBA,
    })
    medica = m!.id
  })
  afterAll(() => db?.drop())

  it('sigue a cada escritura de resultados, y su versión solo sube', async () => {
    const { atencion } = await atencionLab(db.sql, { estudios: ['Glucosa', 'Perfil lipídico'] })
    expect(await resumen(db.sql, atencion)).toBeUndefined()
    const versiones: number[] = []
    const revisar = async () => {
      const r = await resumen(db.sql, atencion)
      expect(r).toMatchObject(await contado(db.sql, atencion))
      versiones.push(r!.version)
    }
    await db.sql`
      insert into resultados (atencion_id, analito_id, valor_numero)
      values (${atencion}, ${ids.GLU!}, 92), (${atencion}, ${ids.COL!}, 180),
        (${atencion}, ${ids.TRI!}, null)`
    await revisar()
    expect(await resumen(db.sql, atencion)).toMatchObject({ ingresados: 2, validados: 0 })
    await db.sql`update resultados set valor_numero = 150 where atencion_id = ${atencion}
      and analito_id = ${ids.TRI!}`
    await revisar()
    await db.sql`
      update resultados set estado = 'validado', validado_por = ${medica}, validado_en = now(),
        validador_nombre = 'Dra. Lucía Paredes', validador_colegiatura = 'CMP 45821'
      where atencion_id = ${atencion} and analito_id in (${ids.GLU!}, ${ids.COL!})`
    await revisar()
    expect(await resumen(db.sql, atencion)).toMatchObject({ ingresados: 3, validados: 2 })
    // A correction: version 2 of glucose, typed, not validated; the validated one stays.
    await db.sql`
      insert into resultados (atencion_id, analito_id, version, motivo, valor_numero)
      values (${atencion}, ${ids.GLU!}, 2, 'Error de transcripción', 95)`
    await revisar()
    expect(await resumen(db.sql, atencion)).toMatchObject({ ingresados: 3, validados: 1 })
    await db.sql`delete from resultados where atencion_id = ${atencion} and version = 2`
    await revisar()
    await db.sql`delete from resultados where atencion_id = ${atencion} and estado = 'ingresado'`
    await revisar()
    expect(await resumen(db.sql, atencion)).toMatchObject({ ingresados: 2, validados: 2 })
    // An update that matches nothing writes nothing and moves nothing.
    await db.sql`update resultados set valor_numero = 1 where atencion_id = ${atencion} and false`
    await revisar()
    expect(versiones.at(-1)).toBe(versiones.at(-2))
    for (let i = 1; i < versiones.length - 1; i++)
      expect(versiones[i]!).toBeGreaterThan(versiones[i - 1]!)
  })

  it('cuenta cada atención de una carga de muchas a la vez', async () => {
    const atenciones: number[] = []
    for (let i = 0; i < 5; i++)
      atenciones.push((await atencionLab(db.sql, { estudios: ['Glucosa', 'Creatinina'] })).atencion)
    await db.sql`
      insert into resultados (atencion_id, analito_id, valor_numero)
      select a, x.analito, case when a % 2 = 0 then 90 end
      from unnest(${atenciones}::int[]) a,
        unnest(${[ids.GLU!, ids.CREA!]}::int[]) x (analito)`
    for (const a of atenciones) {
      const r = await resumen(db.sql, a)
      expect(r).toMatchObject(await contado(db.sql, a))
      expect(r!.version).toBe(1)
    }
  })
})

describe('laboratorio_resumen con dos transacciones a la vez', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase()
    // The samples' receiver.
    await crearUsuario(db.sql, {
      usuario: 'rosa.huaman',
      nombre: 'Lic. T.M. Rosa Huamán',
      rol: 'tecnologo',
      contrasena: CONTRASENA_PRUEBA,
    })
  })
  afterAll(() => db?.drop())

  it('la segunda cuenta lo que la primera confirmó, sin que ninguna bloquee la atención', async () => {
    const ids = await analitos(db.sql)
    const { atencion } = await atencionLab(db.sql, { estudios: ['Glucosa', 'Creatinina'] })
    await db.sql`insert into resultados (atencion_id, analito_id) values (${atencion}, ${ids.GLU!})`
    // The first types the glucose and holds its commit until the second has inserted the
    // creatinine: counting in a snapshot taken before the first committed, the second would
    // leave the glucose without its value.
    let soltar!: () => void
    const espera = new Promise<void>((r) => (soltar = r))
    const primera = db.sql.begin(async (tx) => {
      await tx`update resultados set valor_numero = 92
        where atencion_id = ${atencion} and analito_id = ${ids.GLU!}`
      await espera
    })
    await new Promise((r) => setTimeout(r, 100))
    let segundaTermino = false
    const segunda = db.sql
      .begin(
        (tx) => tx`insert into resultados (atencion_id, analito_id, valor_numero)
          values (${atencion}, ${ids.CREA!}, 0.9)`,
      )
      .then(() => (segundaTermino = true))
    await new Promise((r) => setTimeout(r, 300))
    // The second's trigger waits for the first's row.
    expect(segundaTermino).toBe(false)
    soltar()
    await Promise.all([primera, segunda])
    expect(await resumen(db.sql, atencion)).toMatchObject({
      analitos: [ids.GLU!, ids.CREA!].sort((a, b) => a - b),
      ingresados: 2,
      version: 3,
    })
  })
})
