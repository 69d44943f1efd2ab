// Who validates lab results, as admins set it, through the real app on PostgreSQL: a sede's
// `laboratorioAutovalidacion` (PATCH /configuracion/sedes/:nombre) and an account's
// `validaResultados` (POST and PATCH /usuarios), shown read-only in GET /sesion/cuenta. Only a
// tecnólogo is enabled (a médico always validates), with a colegiatura; a change of role away from
// tecnólogo takes it away. Anything else is a Spanish 400 that changes nothing; only admins may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_USUARIOS as MU, type UsuarioDetalle } from '../../shared/usuarios.js'
import { createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { ultimoEvento } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
}, 120_000)
afterAll(() => t?.close())

const enviar = (method: 'POST' | 'PATCH', url: string, payload: unknown, headers = admin) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })
const sedes = () =>
  t.db.sql`select nombre, activa, informe_doble_firma, laboratorio_autovalidacion from sedes
    order by nombre`
const cuentas = () =>
  t.db.sql`select usuario, rol, colegiatura, valida_resultados from usuarios order by usuario`
const eventos = async () =>
  (await t.db.sql<{ n: number }[]>`select count(*)::int as n from auditoria`)[0]!.n

describe('autovalidación de una sede', () => {
  it('ninguna sede la permite al comienzo; el administrador la activa y la quita, auditado', async () => {
    const lista = await t.app.inject({ url: '/configuracion/sedes', headers: admin })
    expect(
      lista.json().map((s: { laboratorioAutovalidacion: boolean }) => s.laboratorioAutovalidacion),
    ).toEqual([false, false, false])
    const res = await enviar('PATCH', '/configuracion/sedes/Cusco', {
      laboratorioAutovalidacion: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      nombre: 'Cusco',
      activa: true,
      informeDobleFirma: false,
      laboratorioAutovalidacion: true,
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sede.modificada',
      usuario: 'prueba.admin',
      detalle: { sede: 'Cusco', laboratorioAutovalidacion: true },
    })
    const catalogos = await t.app.inject({ url: '/catalogos', headers: t.headers })
    expect(catalogos.json().sedes).toContainEqual(
      expect.objectContaining({ nombre: 'Cusco', laboratorioAutovalidacion: true }),
    )
    // The second signature is a setting of its own.
    const otra = await enviar('PATCH', '/configuracion/sedes/Cusco', { informeDobleFirma: true })
    expect(otra.json()).toMatchObject({ informeDobleFirma: true, laboratorioAutovalidacion: true })
    const quitar = await enviar('PATCH', '/configuracion/sedes/Cusco', {
      laboratorioAutovalidacion: false,
      informeDobleFirma: false,
    })
    expect(quitar.json()).toMatchObject({ laboratorioAutovalidacion: false })
  })

  it('algo que no es sí o no es un 400 en español; sin permiso, un 403: nada cambia', async () => {
    const antes = await sedes()
    const n = await eventos()
    const mensaje = 'Indique si quien ingresa un resultado de laboratorio puede validarlo también'
    for (const valor of ['sí', 'true', 1, null, [], {}]) {
      const res = await enviar('PATCH', '/configuracion/sedes/Lima', {
        laboratorioAutovalidacion: valor,
        activa: false,
      })
      expect(res.statusCode, JSON.stringify(valor)).toBe(400)
      expect(res.json().errores).toContainEqual({ campo: 'laboratorioAutovalidacion', mensaje })
    }
    for (const rol of ['recepcion', 'tecnologo', 'medico'] as const) {
      const h = await t.login(rol)
      const res = await enviar(
        'PATCH',
        '/configuracion/sedes/Lima',
        { laboratorioAutovalidacion: true },
        h,
      )
      expect(res.statusCode).toBe(403)
    }
    expect(await sedes()).toEqual(antes)
    // Only the three logins were recorded.
    expect(await eventos()).toBe(n + 3)
  })
})

describe('un tecnólogo que valida resultados', () => {
  const crear = (payload: object) =>
    enviar('POST', '/usuarios', {
      nombre: 'Ana Torres',
      contrasena: 'microscopio-verde-9',
      ...payload,
    })
  const cambiar = (id: number, payload: unknown) => enviar('PATCH', `/usuarios/${id}`, payload)

  it('se crea habilitado con su colegiatura; la cuenta lo ve en Mi cuenta, sin poder cambiarlo', async () => {
    const res = await crear({
      usuario: 'ana.torres',
      rol: 'tecnologo',
      colegiatura: 'ctmp 2044',
      validaResultados: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      rol: 'tecnologo',
      colegiatura: 'CTMP 2044',
      validaResultados: true,
    })
    const lista = await t.app.inject({ url: '/usuarios', headers: admin })
    expect(
      lista.json().find((u: UsuarioDetalle) => u.usuario === 'ana.torres').validaResultados,
    ).toBe(true)
    expect(
      lista.json().find((u: UsuarioDetalle) => u.usuario === 'prueba.admin').validaResultados,
    ).toBe(false)

    const ana = await iniciarSesionPrueba(t.app, t.config, 'ana.torres', 'microscopio-verde-9')
    const cuenta = await t.app.inject({ url: '/sesion/cuenta', headers: ana })
    expect(cuenta.json()).toMatchObject({ usuario: 'ana.torres', validaResultados: true })
    const medica = await t.app.inject({ url: '/sesion/cuenta', headers: await t.login('medico') })
    expect(medica.json()).toMatchObject({ rol: 'medico', validaResultados: false })
    // Nobody enables themselves: the account's own calls have no such field, the admin's are 403.
    const propio = await enviar(
      'PATCH',
      `/usuarios/${res.json().id}`,
      { validaResultados: false },
      ana,
    )
    expect(propio.statusCode).toBe(403)
  })

  it('el administrador lo habilita y lo quita, auditado; pasar a otro rol lo quita', async () => {
    const creado = await crear({
      usuario: 'luis.rojas',
      rol: 'tecnologo',
      colegiatura: 'CTMP 3001',
    })
    expect(creado.json().validaResultados).toBe(false)
    const id = creado.json().id as number
    const si = await cambiar(id, { validaResultados: true })
    expect(si.statusCode, si.body).toBe(200)
    expect(si.json().validaResultados).toBe(true)
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'usuario.modificado',
      detalle: { cuenta: 'luis.rojas', validaResultados: true },
    })
    expect((await cambiar(id, { nombre: 'Luis Rojas' })).json().validaResultados).toBe(true)
    const recepcion = await cambiar(id, { rol: 'recepcion' })
    expect(recepcion.json()).toMatchObject({ rol: 'recepcion', validaResultados: false })
    // Back to tecnólogo, it is not enabled again by itself.
    expect((await cambiar(id, { rol: 'tecnologo' })).json().validaResultados).toBe(false)
    expect((await cambiar(id, { validaResultados: true })).json().validaResultados).toBe(true)
    expect((await cambiar(id, { validaResultados: false })).json().validaResultados).toBe(false)
  })

  it('a otro rol o sin colegiatura es un 400 en español que no cambia nada', async () => {
    const sin = await crear({ usuario: 'rosa.mamani', rol: 'tecnologo' })
    const sinId = sin.json().id as number
    const validador = await crear({
      usuario: 'jorge.quispe',
      rol: 'tecnologo',
      colegiatura: 'CTMP 4100',
      validaResultados: true,
    })
    const vid = validador.json().id as number
    const antes = await cuentas()
    const n = await eventos()
    const casos: [() => ReturnType<typeof crear>, string, string][] = [
      [
        () => crear({ usuario: 'eva.flores', rol: 'tecnologo', validaResultados: true }),
        'colegiatura',
        MU.validadorSinColegiatura,
      ],
      [
        () => crear({ usuario: 'eva.flores', rol: 'recepcion', validaResultados: true }),
        'validaResultados',
        MU.validaSoloTecnologo,
      ],
      [
        () =>
          crear({
            usuario: 'eva.flores',
            rol: 'medico',
            colegiatura: 'CMP 1',
            validaResultados: true,
          }),
        'validaResultados',
        MU.validaSoloTecnologo,
      ],
      [
        () => crear({ usuario: 'eva.flores', rol: 'tecnologo', validaResultados: 'sí' }),
        'validaResultados',
        MU.validaResultados,
      ],
      [() => cambiar(sinId, { validaResultados: true }), 'colegiatura', MU.validadorSinColegiatura],
      [() => cambiar(vid, { colegiatura: null }), 'colegiatura', MU.validadorSinColegiatura],
      [
        () => cambiar(vid, { rol: 'admin', validaResultados: true }),
        'validaResultados',
        MU.validaSoloTecnologo,
      ],
      [() => cambiar(vid, { validaResultados: 1 }), 'validaResultados', MU.validaResultados],
      [() => cambiar(vid, { validaResultados: null }), 'validaResultados', MU.validaResultados],
    ]
    for (const [peticion, campo, mensaje] of casos) {
      const res = await peticion()
      expect(res.statusCode).toBe(400)
      expect(res.json().errores).toContainEqual({ campo, mensaje })
    }
    expect(await cuentas()).toEqual(antes)
    expect(await eventos()).toBe(n)
  })
})
