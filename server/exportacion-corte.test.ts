// Clients that reset their connection in the middle of a CSV export leave the server whole: the
// cursor is closed and its connection back in the pool, the export slots free again, every export
// begun is in the audit trail, and the next exports arrive complete.
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORTACIONES_SIMULTANEAS } from './routes/exportacion.js'
import { createTestApp, type TestApp } from './test/app.js'

const PACIENTES = 5000
const ATENCIONES_POR_PACIENTE = 4
const FILAS = PACIENTES * ATENCIONES_POR_PACIENTE
const CORTES = 3 * EXPORTACIONES_SIMULTANEAS

let t: TestApp
let url: URL

beforeAll(async () => {
  t = await createTestApp()
  const sql = t.db.sql
  // Each with its own birth date: no two are possible duplicates (0017's trigger pairs them).
  await sql`
    insert into pacientes (tipo_documento, documento, primer_nombre, primer_apellido,
      fecha_nacimiento, sexo, departamento, municipio, zona_residencial, politica_aceptada_en,
      politica_version)
    select 'dni', (30000000 + g)::text, 'Carmen', 'Huamán', '1950-01-01'::date + g, 'Femenino', 'Lima',
      'Lima', 'Urbana', now(), '2025-01'
    from generate_series(1, ${PACIENTES}) g`
  await sql`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
    select p.id, 'Lima', 'RX', array['Tórax PA'], 'En espera', 'Ambulatorio', 'Rutina',
      now() - make_interval(mins => p.id * ${ATENCIONES_POR_PACIENTE} + g)
    from pacientes p cross join generate_series(1, ${ATENCIONES_POR_PACIENTE}) g`
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`)
}, 180_000)

afterAll(async () => {
  await t?.close()
})

/**
 * Asks for the export on a raw socket, reads its first bytes past the headers, then resets; the
 * bytes read, or null when the answer was a 429 (the slots of the last cut ones not yet freed).
 */
function intentoCortado(): Promise<number | null> {
  return new Promise((resolve) => {
    let recibido = Buffer.alloc(0)
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `GET /pacientes/buscar.csv?primerApellido=huaman HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Cookie: ${t.headers.cookie}\r\nConnection: close\r\n\r\n`,
      )
    })
    socket.on('data', (trozo: Buffer) => {
      recibido = Buffer.concat([recibido, trozo])
      if (recibido.length > 64 * 1024) socket.resetAndDestroy()
    })
    socket.on('error', () => {})
    socket.on('close', () =>
      resolve(recibido.toString('latin1').startsWith('HTTP/1.1 429') ? null : recibido.length),
    )
  })
}

async function exportacionCortada(): Promise<number> {
  for (;;) {
    const leidos = await intentoCortado()
    if (leidos !== null) return leidos
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A whole export; a 429 while the cut ones are still being closed is asked again. */
async function exportacionCompleta(): Promise<string> {
  const limite = Date.now() + 10_000
  for (;;) {
    const res = await fetch(`${url.origin}/pacientes/buscar.csv?primerApellido=huaman`, {
      headers: { cookie: t.headers.cookie! },
    })
    if (res.status === 429 && Date.now() < limite) {
      await res.arrayBuffer()
      await new Promise((r) => setTimeout(r, 200))
      continue
    }
    expect(res.status).toBe(200)
    return res.text()
  }
}

describe('exportaciones cortadas por el cliente', () => {
  it('el servidor sigue entero y las exportaciones siguientes llegan completas', async () => {
    const antes = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where accion = 'pacientes.exportados'`

    // Each cut export got past its headers into the rows before its client vanished.
    for (let i = 0; i < CORTES; i += EXPORTACIONES_SIMULTANEAS) {
      const leidos = await Promise.all(
        Array.from({ length: EXPORTACIONES_SIMULTANEAS }, exportacionCortada),
      )
      for (const n of leidos) expect(n).toBeGreaterThan(64 * 1024)
    }

    // More whole exports than there are slots: none is still held by a cut one.
    for (let i = 0; i < EXPORTACIONES_SIMULTANEAS + 1; i++) {
      const cuerpo = await exportacionCompleta()
      const lineas = cuerpo.split('\r\n').filter(Boolean)
      expect(lineas).toHaveLength(FILAS + 1)
      expect(lineas.at(-1)).toMatch(/;Huamán;/)
    }

    const health = await fetch(`${url.origin}/healthz`)
    expect(health.status).toBe(200)
    const busqueda = await fetch(`${url.origin}/pacientes/buscar?primerApellido=huaman&limite=5`, {
      headers: { cookie: t.headers.cookie!, accept: 'application/json' },
    })
    expect(busqueda.status).toBe(200)
    expect(await busqueda.json()).toHaveLength(5)

    // Every export that began, cut or whole, left its event.
    const despues = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where accion = 'pacientes.exportados'`
    expect(despues[0]!.n - antes[0]!.n).toBe(CORTES + EXPORTACIONES_SIMULTANEAS + 1)

    // No cursor left open on the database (PostgreSQL only: the embedded home has one session).
    if (t.db.home === 'postgres') {
      const [abiertas] = await t.db.sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state <> 'idle' and query like '%pacientes_sin_atencion%'`
      expect(abiertas!.n).toBe(0)
    }
  }, 120_000)
})
