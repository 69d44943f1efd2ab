// A merge never swallows a write: a correction sent through the absorbed record's id lands on the
// survivor (with the survivor's version), and an atención registered for the absorbed record while
// the merge commits ends on the survivor, over many rounds released together.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearPaciente, datosAtencion, dniNuevo } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(async () => {
  await t?.close()
})

const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
const fusionar = (conservar: number, absorber: number, campos: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/pacientes/fusiones',
    headers: json(admin),
    payload: { conservar, absorber, campos },
  })

/** The stored row, every column: what must not move while absorbed. */
const fila = async (id: number) =>
  JSON.stringify((await t.db.sql`select to_jsonb(p) as f from pacientes p where id = ${id}`)[0])

describe('una corrección por el id absorbido', () => {
  test('se escribe en el conservado, con su versión; el absorbido no cambia', async () => {
    const a = await crearPaciente(t, { primerNombre: 'Rosa', celular: '987 111 222' })
    const b = await crearPaciente(t, { primerNombre: 'Rosa', celular: '' })
    const res = await fusionar(a.id, b.id, { barrio: 'absorber' })
    expect(res.statusCode, res.body).toBe(201)
    const absorbidoAntes = await fila(b.id)

    const leido = await t.app.inject({ url: `/pacientes/${b.id}`, headers: t.headers })
    expect(leido.json<{ id: number }>().id).toBe(a.id)
    const documento = dniNuevo()
    const cambio = await t.app.inject({
      method: 'PATCH',
      url: `/pacientes/${b.id}`,
      headers: { ...json(t.headers), 'if-match': leido.headers.etag as string },
      payload: { documento, direccion: 'Av. Corregida 123' },
    })
    expect(cambio.statusCode, cambio.body).toBe(200)
    expect(cambio.json()).toMatchObject({
      id: a.id,
      documento,
      direccion: 'Av. Corregida 123',
      celular: '987 111 222',
    })
    expect(await fila(b.id)).toBe(absorbidoAntes)
    const [conservado] = await t.db
      .sql`select documento, direccion from pacientes where id = ${a.id}`
    expect(conservado).toEqual({ documento, direccion: 'Av. Corregida 123' })
    // The audit record names the record that changed.
    const auditados = await t.db.sql<{ pacienteId: number }[]>`
      select paciente_id from auditoria where accion = 'paciente.modificado'
        and paciente_id = any(${[a.id, b.id]}::int[])`
    expect(auditados.map((r) => Number(r.pacienteId))).toEqual([a.id])
  })

  test('con la versión del absorbido, que ya no sirve, recibe 412 con la del conservado', async () => {
    const a = await crearPaciente(t)
    const b = await crearPaciente(t)
    const viejo = await t.app.inject({ url: `/pacientes/${b.id}`, headers: t.headers })
    expect((await fusionar(a.id, b.id)).statusCode).toBe(201)
    const absorbidoAntes = await fila(b.id)
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/pacientes/${b.id}`,
      headers: { ...json(t.headers), 'if-match': viejo.headers.etag as string },
      payload: { direccion: 'Jr. Tarde 9' },
    })
    expect(res.statusCode, res.body).toBe(412)
    const [conservadoAhora] = await t.db.sql<
      { version: number }[]
    >`select version from pacientes where id = ${a.id}`
    expect(res.headers.etag).toBe(`"${conservadoAhora!.version}"`)
    expect(await fila(b.id)).toBe(absorbidoAntes)

    // Undone, the survivor's version read through the absorbed id no longer fits that record.
    const leidoFusionado = await t.app.inject({ url: `/pacientes/${b.id}`, headers: t.headers })
    const [fusion] = await t.db.sql<
      { id: number }[]
    >`select id from fusiones where absorbido_id = ${b.id}`
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/pacientes/fusiones/${fusion!.id}`,
      headers: admin,
    })
    expect(undo.statusCode, undo.body).toBe(204)
    const trasDeshacer = await fila(b.id)
    const tarde = await t.app.inject({
      method: 'PATCH',
      url: `/pacientes/${b.id}`,
      headers: { ...json(t.headers), 'if-match': leidoFusionado.headers.etag as string },
      payload: { direccion: 'Jr. Tarde 9' },
    })
    expect(tarde.statusCode, tarde.body).toBe(412)
    expect(await fila(b.id)).toBe(trasDeshacer)
  })
})

describe('una atención para el absorbido mientras se fusiona', () => {
  test('termina en el conservado, en cada ronda, soltadas juntas', async () => {
    const RONDAS = 40
    const ordenes = new Set<string>()
    for (let ronda = 0; ronda < RONDAS; ronda++) {
      const a = await crearPaciente(t)
      const b = await crearPaciente(t)
      // A third transaction holds the absorbed row; the merge and the arrival both queue behind it
      // and are released together.
      const bloqueo = await t.db.sql.reserve()
      await bloqueo`begin`
      await bloqueo`select 1 from pacientes where id = ${b.id} for update`
      const fusion = fusionar(a.id, b.id)
      const llegada = t.app.inject({
        method: 'POST',
        url: `/pacientes/${b.id}/atenciones`,
        headers: json(t.headers),
        payload: datosAtencion(),
      })
      await esperarEsperando(2)
      await bloqueo`commit`
      bloqueo.release()
      const [f, l] = await Promise.all([fusion, llegada])
      expect(f.statusCode, f.body).toBe(201)
      expect(l.statusCode, l.body).toBe(201)
      const atencion = l.json<{ id: number }>()
      const [guardada] = await t.db.sql<{ pacienteId: number; fusionId: number }[]>`
        select a.paciente_id, (select id from fusiones where absorbido_id = ${b.id}) as fusion_id
        from atenciones a where a.id = ${atencion.id}`
      expect(guardada!.pacienteId, `ronda ${ronda}`).toBe(a.id)
      const [quedan] = await t.db.sql<
        { n: number }[]
      >`select count(*)::int as n from atenciones where paciente_id = ${b.id}`
      expect(quedan!.n).toBe(0)
      // Which went first this round: the merge's record of the atenciones it moved says.
      const [registro] = await t.db.sql<{ movidas: number }[]>`
        select cardinality(atenciones) as movidas from fusiones where absorbido_id = ${b.id}`
      ordenes.add(registro!.movidas > 0 ? 'llegada primero' : 'fusión primero')
    }
    // Both orders happened, or the test did not test the race.
    expect([...ordenes].sort()).toEqual(['fusión primero', 'llegada primero'])
  })
})

/** Waits until `n` statements of this database wait on a lock. */
async function esperarEsperando(n: number) {
  for (let i = 0; i < 500; i++) {
    const [bloqueadas] = await t.db.sql<{ esperando: number }[]>`
      select count(*)::int as esperando from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`
    if (bloqueadas!.esperando >= n) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`Nunca hubo ${n} sentencias esperando un bloqueo`)
}
