// A change and its audit row commit together or not at all: with the audit insert of one action
// made to fail (a CHECK constraint on this file's own database), the change is not stored either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, CONTRASENA_PRUEBA, ORIGEN_PRUEBA, type TestApp } from './test/app.js'
import { crearAtencion, crearPaciente } from './test/factories.js'

let t: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(() => t.close())

/** Runs `fn` while the database refuses every audit row of `accion` (a real failure, no mock). */
async function sinAuditoria<T>(accion: string, fn: () => Promise<T>): Promise<T> {
  // DDL takes no parameters; `accion` is one of this file's own constants.
  await t.db.sql.unsafe(
    `alter table auditoria add constraint prueba_sin_registro check (accion <> '${accion}') not valid`,
  )
  try {
    return await fn()
  } finally {
    await t.db.sql.unsafe('alter table auditoria drop constraint prueba_sin_registro')
  }
}

const contar = async (consulta: Promise<{ n: number }[]>) => (await consulta)[0]!.n

describe('an atención and its audit row commit together', () => {
  it('POST /pacientes/:id/atenciones stores nothing when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const res = await sinAuditoria('atencion.creada', () =>
      t.app.inject({
        method: 'POST',
        url: `/pacientes/${p.id}/atenciones`,
        headers: t.headers,
        payload: { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
      }),
    )
    expect(res.statusCode).toBe(500)
    expect(
      await contar(t.db.sql`select count(*)::int as n from atenciones where paciente_id = ${p.id}`),
    ).toBe(0)
  })

  it('PATCH /atenciones/:id keeps the old estado when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const res = await sinAuditoria('atencion.modificada', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/atenciones/${a.id}`,
        headers: t.headers,
        payload: { estado: 'En proceso' },
      }),
    )
    expect(res.statusCode).toBe(500)
    const [fila] = await t.db.sql<
      { estado: string }[]
    >`select estado from atenciones where id = ${a.id}`
    expect(fila!.estado).toBe(a.estado)
  })

  it('a cancellation keeps neither estado nor reason when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const res = await sinAuditoria('atencion.modificada', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/atenciones/${a.id}`,
        headers: t.headers,
        payload: { estado: 'Cancelado', motivo: 'No vino' },
      }),
    )
    expect(res.statusCode).toBe(500)
    const [fila] = await t.db.sql<
      { estado: string; motivoCancelacion: string | null; ultimoCambioDesde: string | null }[]
    >`select estado, motivo_cancelacion, ultimo_cambio_desde from atenciones where id = ${a.id}`
    expect(fila).toEqual({ estado: a.estado, motivoCancelacion: null, ultimoCambioDesde: null })
  })

  it('a correction of the data keeps the old values when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const res = await sinAuditoria('atencion.modificada', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/atenciones/${a.id}`,
        headers: t.headers,
        payload: { sede: 'Cusco', prioridad: 'Emergencia' },
      }),
    )
    expect(res.statusCode).toBe(500)
    const [fila] = await t.db.sql<
      { sede: string; prioridad: string }[]
    >`select sede, prioridad from atenciones where id = ${a.id}`
    expect(fila).toEqual({ sede: a.sede, prioridad: a.prioridad })
  })

  it('an undo keeps the estado, and the change stays undoable, when its audit row fails', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const cambio = await t.app.inject({
      method: 'PATCH',
      url: `/atenciones/${a.id}`,
      headers: t.headers,
      payload: { estado: 'En proceso' },
    })
    expect(cambio.statusCode).toBe(200)
    const deshacer = () =>
      t.app.inject({
        method: 'POST',
        url: `/atenciones/${a.id}/deshacer`,
        headers: t.headers,
        payload: { estado: 'En proceso' },
      })
    expect((await sinAuditoria('atencion.estado_deshecho', deshacer)).statusCode).toBe(500)
    const [fila] = await t.db.sql<
      { estado: string; ultimoCambioDesde: string | null }[]
    >`select estado, ultimo_cambio_desde from atenciones where id = ${a.id}`
    expect(fila).toEqual({ estado: 'En proceso', ultimoCambioDesde: 'En espera' })
    expect((await deshacer()).json().estado).toBe('En espera')
  })
})

describe('a patient correction and its audit row commit together', () => {
  it('PATCH /pacientes/:id keeps the stored values and the version when its audit row fails', async () => {
    const p = await crearPaciente(t, { celular: '' })
    const res = await sinAuditoria('paciente.modificado', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/pacientes/${p.id}`,
        headers: { ...t.headers, 'if-match': '"1"' },
        payload: { primerNombre: 'Otra', celular: '987654321' },
      }),
    )
    expect(res.statusCode).toBe(500)
    const [fila] = await t.db.sql<
      { primerNombre: string; celular: string | null; version: number }[]
    >`select primer_nombre, celular, version from pacientes where id = ${p.id}`
    expect(fila).toEqual({ primerNombre: p.primerNombre, celular: null, version: 1 })
  })
})

describe('no patient data is served without its audit row', () => {
  const lecturas: [accion: string, url: () => Promise<string>][] = [
    ['pacientes.listados', async () => '/pacientes'],
    ['pacientes.listados', async () => '/estadisticas'],
    ['paciente.consultado', async () => `/pacientes/${(await crearPaciente(t)).id}`],
    ['historial.consultado', async () => `/pacientes/${(await crearPaciente(t)).id}/historial`],
    ['pacientes.buscados', async () => '/pacientes/buscar?primerApellido=quispe'],
    [
      'pacientes.buscados',
      async () =>
        '/pacientes/posibles-duplicados?primerNombre=rosa&primerApellido=quispe&fechaNacimiento=1985-04-12',
    ],
    [
      'pacientes.buscados',
      async () =>
        `/pacientes/por-documento?tipoDocumento=dni&documento=${(await crearPaciente(t)).documento}`,
    ],
  ]
  for (const [accion, url] of lecturas) {
    it(`${accion}: a read whose audit row fails answers 500 with no patient in it`, async () => {
      const direccion = await url()
      const res = await sinAuditoria(accion, () =>
        t.app.inject({ url: direccion, headers: t.headers }),
      )
      expect(res.statusCode, direccion).toBe(500)
      expect(res.json()).toEqual({ message: 'Error interno del servidor' })
    })
  }
})

describe('sessions and their audit rows commit together', () => {
  it('a login whose audit row fails opens no session', async () => {
    const antes = await contar(t.db.sql`select count(*)::int as n from sesiones`)
    const res = await sinAuditoria('sesion.iniciada', () =>
      t.app.inject({
        method: 'POST',
        url: '/sesion',
        headers: { origin: ORIGEN_PRUEBA },
        payload: { usuario: 'prueba.personal', contrasena: CONTRASENA_PRUEBA },
      }),
    )
    expect(res.statusCode).toBe(500)
    expect(await contar(t.db.sql`select count(*)::int as n from sesiones`)).toBe(antes)
  })

  it('a logout whose audit row fails leaves the session open', async () => {
    const sesion = await t.login('personal')
    const res = await sinAuditoria('sesion.cerrada', () =>
      t.app.inject({ method: 'DELETE', url: '/sesion', headers: sesion }),
    )
    expect(res.statusCode).toBe(500)
    expect(
      (await t.app.inject({ url: '/sesion', headers: { cookie: sesion.cookie! } })).statusCode,
    ).toBe(200)
  })
})

describe('account changes and their audit rows commit together', () => {
  const crear = (usuario: string) =>
    t.app.inject({
      method: 'POST',
      url: '/usuarios',
      headers: admin,
      payload: {
        usuario,
        nombre: 'Cuenta de Prueba',
        rol: 'personal',
        contrasena: 'tomografo-azul-7',
      },
    })

  it('POST /usuarios creates no account when its audit row fails', async () => {
    const res = await sinAuditoria('usuario.creado', () => crear('sin.rastro'))
    expect(res.statusCode).toBe(500)
    expect(
      await contar(t.db.sql`select count(*)::int as n from usuarios where usuario = 'sin.rastro'`),
    ).toBe(0)
  })

  it('PATCH /usuarios/:id changes nothing and ends no session when its audit row fails', async () => {
    const cuenta = (await crear('cambio.fallido')).json() as { id: number }
    await t.db
      .sql`insert into sesiones (token_hash, usuario_id, expira_en) values ('x-cambio', ${cuenta.id}, now() + interval '1 hour')`
    const res = await sinAuditoria('usuario.modificado', () =>
      t.app.inject({
        method: 'PATCH',
        url: `/usuarios/${cuenta.id}`,
        headers: admin,
        payload: { activo: false, nombre: 'Otro' },
      }),
    )
    expect(res.statusCode).toBe(500)
    const [fila] = await t.db.sql<
      { activo: boolean; nombre: string }[]
    >`select activo, nombre from usuarios where id = ${cuenta.id}`
    expect(fila).toEqual({ activo: true, nombre: 'Cuenta de Prueba' })
    expect(
      await contar(
        t.db.sql`select count(*)::int as n from sesiones where usuario_id = ${cuenta.id}`,
      ),
    ).toBe(1)
  })

  it('a password reset whose audit row fails keeps the old password and the sessions', async () => {
    const cuenta = (await crear('clave.fallida')).json() as { id: number }
    await t.db
      .sql`insert into sesiones (token_hash, usuario_id, expira_en) values ('x-clave', ${cuenta.id}, now() + interval '1 hour')`
    const [antes] = await t.db.sql<
      { claveHash: string }[]
    >`select clave_hash from usuarios where id = ${cuenta.id}`
    const res = await sinAuditoria('usuario.contrasena', () =>
      t.app.inject({
        method: 'POST',
        url: `/usuarios/${cuenta.id}/contrasena`,
        headers: admin,
        payload: { contrasena: 'otra-clave-bastante-larga' },
      }),
    )
    expect(res.statusCode).toBe(500)
    const [despues] = await t.db.sql<
      { claveHash: string }[]
    >`select clave_hash from usuarios where id = ${cuenta.id}`
    expect(despues!.claveHash).toBe(antes!.claveHash)
    expect(
      await contar(
        t.db.sql`select count(*)::int as n from sesiones where usuario_id = ${cuenta.id}`,
      ),
    ).toBe(1)
  })
})
