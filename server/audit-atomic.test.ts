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

describe('una atención y su registro de auditoría se confirman juntos', () => {
  it('POST /pacientes/:id/atenciones no guarda nada si falla su registro de auditoría', async () => {
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

  it('PATCH /atenciones/:id conserva el estado anterior si falla su registro de auditoría', async () => {
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

  it('una cancelación no guarda ni el estado ni el motivo si falla su registro de auditoría', async () => {
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

  it('una corrección de los datos conserva los valores anteriores si falla su registro de auditoría', async () => {
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

  it('un deshacer conserva el estado, y el cambio se puede seguir deshaciendo, si falla su registro de auditoría', async () => {
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

describe('la corrección de un paciente y su registro de auditoría se confirman juntos', () => {
  it('PATCH /pacientes/:id conserva los valores guardados y la versión si falla su registro de auditoría', async () => {
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

describe('ningún dato de paciente sale sin su registro de auditoría', () => {
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
    it(`${accion}: una lectura cuyo registro de auditoría falla responde 500 sin ningún paciente`, async () => {
      const direccion = await url()
      const res = await sinAuditoria(accion, () =>
        t.app.inject({ url: direccion, headers: t.headers }),
      )
      expect(res.statusCode, direccion).toBe(500)
      expect(res.json()).toEqual({ message: 'Error interno del servidor' })
    })
  }
})

describe('las sesiones y sus registros de auditoría se confirman juntos', () => {
  it('un inicio de sesión cuyo registro de auditoría falla no abre ninguna sesión', async () => {
    const antes = await contar(t.db.sql`select count(*)::int as n from sesiones`)
    const res = await sinAuditoria('sesion.iniciada', () =>
      t.app.inject({
        method: 'POST',
        url: '/sesion',
        headers: { origin: ORIGEN_PRUEBA },
        payload: { usuario: 'prueba.recepcion', contrasena: CONTRASENA_PRUEBA },
      }),
    )
    expect(res.statusCode).toBe(500)
    expect(await contar(t.db.sql`select count(*)::int as n from sesiones`)).toBe(antes)
  })

  it('un cierre de sesión cuyo registro de auditoría falla deja la sesión abierta', async () => {
    const sesion = await t.login('recepcion')
    const res = await sinAuditoria('sesion.cerrada', () =>
      t.app.inject({ method: 'DELETE', url: '/sesion', headers: sesion }),
    )
    expect(res.statusCode).toBe(500)
    expect(
      (await t.app.inject({ url: '/sesion', headers: { cookie: sesion.cookie! } })).statusCode,
    ).toBe(200)
  })
})

describe('los cambios de cuentas y sus registros de auditoría se confirman juntos', () => {
  const crear = (usuario: string) =>
    t.app.inject({
      method: 'POST',
      url: '/usuarios',
      headers: admin,
      payload: {
        usuario,
        nombre: 'Cuenta de Prueba',
        rol: 'recepcion',
        contrasena: 'tomografo-azul-7',
      },
    })

  it('POST /usuarios no crea ninguna cuenta si falla su registro de auditoría', async () => {
    const res = await sinAuditoria('usuario.creado', () => crear('sin.rastro'))
    expect(res.statusCode).toBe(500)
    expect(
      await contar(t.db.sql`select count(*)::int as n from usuarios where usuario = 'sin.rastro'`),
    ).toBe(0)
  })

  it('PATCH /usuarios/:id no cambia nada ni cierra ninguna sesión si falla su registro de auditoría', async () => {
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

  it('un restablecimiento de contraseña cuyo registro de auditoría falla conserva la contraseña anterior y las sesiones', async () => {
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
