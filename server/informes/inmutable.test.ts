// A final informe is refused any change by PostgreSQL itself (migration 0053's trigger), whoever
// asks: on the run's PostgreSQL server and on the embedded home alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA } from '../test/app.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

describe.each([
  ['PostgreSQL', false],
  ['la base embebida', true],
] as const)('un informe final en %s', (_casa, embedded) => {
  let db: TestDatabase
  let final: number
  let borrador: number
  beforeAll(async () => {
    db = await createTestDatabase({ embedded })
    const medica = await crearUsuario(db.sql, {
      usuario: 'lucia.paredes',
      nombre: 'Dra. Lucía Paredes',
      rol: 'medico',
      colegiatura: 'CMP 45821',
      contrasena: CONTRASENA_PRUEBA,
    })
    const paciente = await insertarPaciente(db.sql)
    const firmada = await insertarAtencion(db.sql, paciente, { estado: 'Informado' })
    const abierta = await insertarAtencion(db.sql, paciente, { estado: 'Completado' })
    const [f] = await db.sql<{ id: number }[]>`
      insert into informes (atencion_id, version, tipo, estado, contenido, firmado_por, firmado_en,
        firmante_nombre, firmante_colegiatura, pdf, pdf_sha256, codigo)
      values (${firmada}, 1, 'original', 'final', '{"conclusion": []}', ${medica!.id}, now(),
        'Dra. Lucía Paredes', 'CMP 45821', '\\x25504446', ${'a'.repeat(64)}, 'ABCDEFGHJK')
      returning id`
    final = f!.id
    const [b] = await db.sql<{ id: number }[]>`
      insert into informes (atencion_id, version, tipo, contenido)
      values (${abierta}, 1, 'original', '{}') returning id`
    borrador = b!.id
  })
  afterAll(() => db?.drop())

  it('no se modifica: ni su contenido, ni su firma, ni quién lo tiene', async () => {
    for (const cambio of [
      db.sql`update informes set contenido = '{}' where id = ${final}`,
      db.sql`update informes set firmante_nombre = 'Otro' where id = ${final}`,
      db.sql`update informes set estado = 'borrador' where id = ${final}`,
      db.sql`update informes set tomado_por = null where id = ${final}`,
    ])
      await expect(cambio).rejects.toMatchObject({
        message: `El informe ${final} ya está firmado: no se modifica ni se borra`,
      })
    const [fila] = await db.sql`select contenido, firmante_nombre from informes where id = ${final}`
    expect(fila).toEqual({ contenido: { conclusion: [] }, firmanteNombre: 'Dra. Lucía Paredes' })
  })

  it('no se borra, ni vaciando la tabla', async () => {
    await expect(db.sql`delete from informes where id = ${final}`).rejects.toThrow(
      'ya está firmado',
    )
    // Nor emptied with the whole table (migration 0068).
    await expect(db.sql`truncate informes cascade`).rejects.toThrow(
      'La tabla informes guarda documentos firmados o validados: no se vacía',
    )
    expect(await db.sql`select id from informes where id = ${final}`).toEqual([{ id: final }])
  })

  it('un borrador sí cambia, y no puede darse por final sin firma, PDF ni código', async () => {
    await db.sql`update informes set contenido = '{"hallazgos": []}' where id = ${borrador}`
    await expect(
      db.sql`update informes set estado = 'final' where id = ${borrador}`,
    ).rejects.toMatchObject({ code: '23514' })
  })
})
