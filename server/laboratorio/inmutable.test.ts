// A validated lab result and a frozen result sheet are refused any change by PostgreSQL itself
// (migration 0060's triggers, and 0068's against emptying their tables), whoever asks: on the run's PostgreSQL server and on the embedded
// home alike. A result still being typed changes freely.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA } from '../test/app.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { analitos, atencionLab } from '../test/resultados.js'

describe.each([
  ['PostgreSQL', false],
  ['la base embebida', true],
] as const)('un resultado validado en %s', (_casa, embedded) => {
  let db: TestDatabase
  let validado: number
  let ingresado: number
  let hoja: number
  beforeAll(async () => {
    db = await createTestDatabase({ embedded })
    const medica = await crearUsuario(db.sql, {
      usuario: 'lucia.paredes',
      nombre: 'Dra. Lucía Paredes',
      rol: 'medico',
      colegiatura: 'CMP 45821',
      contrasena: CONTRASENA_PRUEBA,
    })
    const ids = await analitos(db.sql)
    const { atencion } = await atencionLab(db.sql, { estudios: ['Glucosa', 'Creatinina'] })
    const [v] = await db.sql<{ id: number }[]>`
      insert into resultados (atencion_id, analito_id, valor_numero, estado, validado_por,
        validado_en, validador_nombre, validador_colegiatura)
      values (${atencion}, ${ids.GLU!}, 92, 'validado', ${medica!.id}, now(),
        'Dra. Lucía Paredes', 'CMP 45821')
      returning id`
    validado = v!.id
    const [i] = await db.sql<{ id: number }[]>`
      insert into resultados (atencion_id, analito_id, valor_numero)
      values (${atencion}, ${ids.CREA!}, 0.9) returning id`
    ingresado = i!.id
    const [h] = await db.sql<{ id: number }[]>`
      insert into hojas_resultados (atencion_id, version, parcial, pdf, pdf_sha256, codigo,
        creado_por)
      values (${atencion}, 1, true, '\\x25504446', ${'a'.repeat(64)}, 'ABCDEFGHJK', ${medica!.id})
      returning id`
    hoja = h!.id
  })
  afterAll(() => db?.drop())

  it('no se modifica: ni su valor, ni su validación, ni vuelve a ingresado', async () => {
    for (const cambio of [
      db.sql`update resultados set valor_numero = 300 where id = ${validado}`,
      db.sql`update resultados set validador_nombre = 'Otro' where id = ${validado}`,
      db.sql`update resultados set estado = 'ingresado', validado_en = null,
        validador_nombre = null where id = ${validado}`,
      db.sql`update resultados set revision = revision + 1 where id = ${validado}`,
    ])
      await expect(cambio).rejects.toMatchObject({
        message: `El resultado ${validado} ya está validado: no se modifica ni se borra`,
      })
    const [fila] = await db.sql`
      select valor_numero::float8, estado, validador_nombre from resultados where id = ${validado}`
    expect(fila).toEqual({
      valorNumero: 92,
      estado: 'validado',
      validadorNombre: 'Dra. Lucía Paredes',
    })
  })

  it('no se borra, ni con toda la tabla', async () => {
    await expect(db.sql`delete from resultados where id = ${validado}`).rejects.toThrow(
      'ya está validado',
    )
    await expect(db.sql`delete from resultados`).rejects.toThrow('ya está validado')
    // Nor emptied whole, which fires no row trigger (migration 0068), nor by a cascade.
    await expect(db.sql`truncate resultados cascade`).rejects.toThrow(
      'La tabla resultados guarda documentos firmados o validados: no se vacía',
    )
    await expect(db.sql`truncate atenciones cascade`).rejects.toThrow('no se vacía')
    expect(await db.sql`select id from resultados order by id`).toEqual([
      { id: validado },
      { id: ingresado },
    ])
  })

  it('uno aún ingresado sí cambia', async () => {
    await db.sql`update resultados set valor_numero = 1.1, revision = revision + 1
      where id = ${ingresado}`
    const [fila] = await db.sql`select valor_numero::float8, revision from resultados
      where id = ${ingresado}`
    expect(fila).toEqual({ valorNumero: 1.1, revision: 2 })
  })

  it('la hoja emitida no se modifica ni se borra', async () => {
    await expect(
      db.sql`update hojas_resultados set parcial = false where id = ${hoja}`,
    ).rejects.toThrow(`La hoja de resultados ${hoja} ya está emitida`)
    await expect(db.sql`delete from hojas_resultados where id = ${hoja}`).rejects.toThrow(
      'ya está emitida',
    )
    await expect(db.sql`truncate hojas_resultados`).rejects.toThrow(
      'La tabla hojas_resultados guarda documentos firmados o validados: no se vacía',
    )
    const [fila] = await db.sql`select parcial from hojas_resultados where id = ${hoja}`
    expect(fila).toEqual({ parcial: true })
  })
})
