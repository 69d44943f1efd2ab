// Account management through the API: admins only; deactivation and password resets end the
// account's sessions at once; every change is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_USUARIOS } from '../../shared/usuarios.js'
import { createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { ultimoEvento } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(() => t.close())

const crear = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/usuarios', headers, payload })
const cambiar = (id: number, payload: object, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `/usuarios/${id}`, headers, payload })
const clave = (id: number, contrasena: string, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/usuarios/${id}/contrasena`,
    headers,
    payload: { contrasena },
  })
const quien = (headers: Record<string, string>) => t.app.inject({ url: '/sesion', headers })

describe('se rechaza a personal', () => {
  it('cada llamada a /usuarios responde 403 a una sesión de personal, y no cambia nada', async () => {
    const antes = await t.db.sql`select count(*)::int as n from usuarios`
    for (const res of [
      await t.app.inject({ url: '/usuarios', headers: t.headers }),
      await crear(
        { usuario: 'colado', nombre: 'Colado', rol: 'admin', contrasena: 'tomografo-azul-7' },
        t.headers,
      ),
      await cambiar(1, { activo: false }, t.headers),
      await clave(1, 'tomografo-azul-7', t.headers),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
    }
    // Even an invalid body is refused for the role first, not examined.
    expect((await crear({ basura: true }, t.headers)).statusCode).toBe(403)
    expect(await t.db.sql`select count(*)::int as n from usuarios`).toEqual(antes)
  })
})

describe('administradores', () => {
  it('listan las cuentas sin ningún hash de contraseña', async () => {
    const res = await t.app.inject({ url: '/usuarios', headers: admin })
    expect(res.statusCode).toBe(200)
    const lista = res.json() as { usuario: string }[]
    expect(lista.map((u) => u.usuario)).toEqual(
      expect.arrayContaining(['prueba.admin', 'prueba.recepcion']),
    )
    expect(res.body).not.toMatch(/argon2|clave|hash/i)
  })

  it('crean una cuenta que luego puede iniciar sesión, y la creación queda auditada', async () => {
    const res = await crear({
      usuario: 'rosa.huaman',
      nombre: 'Rosa Huamán',
      rol: 'recepcion',
      contrasena: 'ecografo-verde-22',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      usuario: 'rosa.huaman',
      nombre: 'Rosa Huamán',
      rol: 'recepcion',
      activo: true,
    })
    const [fila] = await t.db.sql<
      { claveHash: string }[]
    >`select clave_hash from usuarios where usuario = 'rosa.huaman'`
    expect(fila!.claveHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(
      await iniciarSesionPrueba(t.app, t.config, 'rosa.huaman', 'ecografo-verde-22'),
    ).toHaveProperty('cookie')
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sesion.iniciada',
      usuario: 'rosa.huaman',
    })
    const [creado] = await t.db
      .sql`select usuario, detalle from auditoria where accion = 'usuario.creado'`
    expect(creado).toEqual({
      usuario: 'prueba.admin',
      detalle: { cuenta: 'rosa.huaman', rol: 'recepcion' },
    })
  })

  it('rechazan un nombre ya usado con 409 y los campos inválidos con mensajes en español por campo', async () => {
    const dup = await crear({
      usuario: 'rosa.huaman',
      nombre: 'Otra',
      rol: 'recepcion',
      contrasena: 'ecografo-verde-23',
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().message).toBe('Ya existe un usuario con ese nombre')
    const malo = await crear({
      usuario: 'Con Espacios',
      nombre: '',
      rol: 'jefe',
      contrasena: 'corta',
    })
    expect(malo.statusCode).toBe(400)
    const campos = Object.fromEntries(
      (malo.json().errores as { campo: string; mensaje: string }[]).map((e) => [
        e.campo,
        e.mensaje,
      ]),
    )
    expect(campos).toEqual({
      usuario:
        'De 3 a 40 caracteres: letras minúsculas sin tildes, números, punto, guion o guion bajo',
      nombre: 'Campo requerido',
      rol: 'Rol no permitido',
      contrasena: 'Debe tener al menos 8 caracteres',
    })
  })

  it('rechazan contraseñas comunes y el nombre como contraseña, y aceptan 64 caracteres o más', async () => {
    for (const contrasena of [
      'password',
      'Password1',
      '12345678',
      'contraseña',
      'iloveyou',
      'nuevo.usuario',
    ]) {
      const res = await crear({
        usuario: 'nuevo.usuario',
        nombre: 'Nuevo',
        rol: 'recepcion',
        contrasena,
      })
      expect(res.statusCode, contrasena).toBe(400)
      expect(res.json().errores[0].campo).toBe('contrasena')
    }
    const larga = 'una frase larga como contraseña, sin reglas de composición: 64+ caracteres'
    expect(
      (
        await crear({
          usuario: 'nuevo.usuario',
          nombre: 'Nuevo',
          rol: 'recepcion',
          contrasena: larga,
        })
      ).statusCode,
    ).toBe(201)
    expect(await t.db.sql`select 1 from usuarios where usuario = 'nuevo.usuario'`).toHaveLength(1)
  })

  it('desactivar una cuenta cierra sus sesiones al instante; reactivarla le deja iniciar sesión otra vez', async () => {
    const creado = (
      await crear({
        usuario: 'luis.rojas',
        nombre: 'Luis Rojas',
        rol: 'recepcion',
        contrasena: 'rayos-equis-1990',
      })
    ).json()
    const sesion = await iniciarSesionPrueba(t.app, t.config, 'luis.rojas', 'rayos-equis-1990')
    expect((await quien(sesion)).statusCode).toBe(200)
    const res = await cambiar(creado.id, { activo: false })
    expect(res.statusCode).toBe(200)
    expect(res.json().activo).toBe(false)
    expect((await quien(sesion)).statusCode).toBe(401)
    expect(await t.db.sql`select 1 from sesiones where usuario_id = ${creado.id}`).toHaveLength(0)
    await expect(
      iniciarSesionPrueba(t.app, t.config, 'luis.rojas', 'rayos-equis-1990'),
    ).rejects.toThrow(/401/)
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'sesion.fallida', usuario: 'luis.rojas' })
    const modificado = await t.db
      .sql`select detalle from auditoria where accion = 'usuario.modificado' order by id desc limit 1`
    expect(modificado[0]!.detalle).toEqual({ cuenta: 'luis.rojas', activo: false })
    expect((await cambiar(creado.id, { activo: true })).statusCode).toBe(200)
    expect(
      await iniciarSesionPrueba(t.app, t.config, 'luis.rojas', 'rayos-equis-1990'),
    ).toHaveProperty('cookie')
  })

  it('restablecer una contraseña cierra las sesiones de la cuenta; la contraseña anterior deja de servir', async () => {
    const creado = (
      await crear({
        usuario: 'eva.soto',
        nombre: 'Eva Soto',
        rol: 'recepcion',
        contrasena: 'resonancia-1-5t',
      })
    ).json()
    const sesion = await iniciarSesionPrueba(t.app, t.config, 'eva.soto', 'resonancia-1-5t')
    expect((await clave(creado.id, 'password')).statusCode).toBe(400)
    const res = await clave(creado.id, 'resonancia-3-0t')
    expect(res.statusCode).toBe(204)
    expect((await quien(sesion)).statusCode).toBe(401)
    await expect(
      iniciarSesionPrueba(t.app, t.config, 'eva.soto', 'resonancia-1-5t'),
    ).rejects.toThrow(/401/)
    expect(
      await iniciarSesionPrueba(t.app, t.config, 'eva.soto', 'resonancia-3-0t'),
    ).toHaveProperty('cookie')
    const [e] = await t.db
      .sql`select usuario, detalle from auditoria where accion = 'usuario.contrasena'`
    expect(e).toEqual({ usuario: 'prueba.admin', detalle: { cuenta: 'eva.soto' } })
    // The password itself is nowhere in the trail.
    expect(
      await t.db.sql`select 1 from auditoria where detalle::text like '%resonancia%'`,
    ).toHaveLength(0)
  })

  it('no pueden desactivar ni quitarle el rol al último administrador activo', async () => {
    const [yo] = await t.db.sql<
      { id: number }[]
    >`select id from usuarios where usuario = 'prueba.admin'`
    const res = await cambiar(yo!.id, { activo: false })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Debe quedar al menos un administrador activo')
    expect((await cambiar(yo!.id, { rol: 'recepcion' })).statusCode).toBe(409)
    const otro = (
      await crear({
        usuario: 'jefa.admin',
        nombre: 'Jefa',
        rol: 'admin',
        contrasena: 'tomografo-azul-7',
      })
    ).json()
    expect((await cambiar(otro.id, { nombre: 'Jefa de Sistemas' })).json().nombre).toBe(
      'Jefa de Sistemas',
    )
    expect((await cambiar(otro.id, { activo: false })).statusCode).toBe(200)
  })

  it('dos administradores que se desactivan uno al otro en el mismo momento dejan a uno de ellos activo', async () => {
    const uno = (
      await crear({
        usuario: 'carrera.uno',
        nombre: 'Uno',
        rol: 'admin',
        contrasena: 'tomografo-azul-7',
      })
    ).json()
    const dos = (
      await crear({
        usuario: 'carrera.dos',
        nombre: 'Dos',
        rol: 'admin',
        contrasena: 'tomografo-azul-7',
      })
    ).json()
    for (let ronda = 0; ronda < 5; ronda++) {
      await t.db
        .sql`update usuarios set activo = (id in (${uno.id}, ${dos.id})) where rol = 'admin'`
      const [a, b] = await Promise.all([
        iniciarSesionPrueba(t.app, t.config, 'carrera.uno', 'tomografo-azul-7'),
        iniciarSesionPrueba(t.app, t.config, 'carrera.dos', 'tomografo-azul-7'),
      ])
      await Promise.all([
        cambiar(dos.id, { activo: false }, a),
        cambiar(uno.id, { activo: false }, b),
      ])
      const [{ n }] = await t.db.sql<
        [{ n: number }]
      >`select count(*)::int as n from usuarios where rol = 'admin' and activo`
      expect(n, `ronda ${ronda}`).toBe(1)
    }
    await t.db.sql`update usuarios set activo = true where usuario = 'prueba.admin'`
  })

  it('responde 404 a una cuenta desconocida y 400 a un id inválido o un cambio vacío', async () => {
    expect((await cambiar(99999, { activo: false })).statusCode).toBe(404)
    expect((await clave(99999, 'tomografo-azul-7')).json().message).toBe('Usuario no encontrado')
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/usuarios/abc',
          headers: admin,
          payload: { activo: false },
        })
      ).statusCode,
    ).toBe(400)
    expect((await cambiar(1, {})).statusCode).toBe(400)
    expect((await cambiar(1, { activo: 'no' })).statusCode).toBe(400)
  })

  it('rechaza como nombres de cuenta los nombres internos de los objetos de JavaScript, y no guarda nada', async () => {
    for (const usuario of [
      '__proto__',
      'constructor',
      'prototype',
      'tostring',
      'hasownproperty',
      '__definegetter__',
      'valueof',
    ]) {
      const res = await crear({
        usuario,
        nombre: 'Raro',
        rol: 'recepcion',
        contrasena: 'tomografo-azul-7',
      })
      expect(res.statusCode, usuario).toBe(400)
      expect(res.json(), usuario).toEqual({
        message: 'Datos inválidos',
        errores: [
          { campo: 'usuario', mensaje: 'Ese nombre de usuario está reservado; elija otro' },
        ],
      })
    }
    expect(
      await t.db
        .sql`select usuario from usuarios where usuario in ('__proto__', 'constructor', 'prototype')`,
    ).toEqual([])
  })

  it('rechaza con 400 un cambio sin ningún campo conocido, y no audita nada', async () => {
    const [yo] = await t.db.sql<
      { id: number }[]
    >`select id from usuarios where usuario = 'prueba.admin'`
    const antes = await t.db
      .sql`select count(*)::int as n from auditoria where accion = 'usuario.modificado'`
    for (const payload of [
      { x: 1 },
      { __proto__: null, admin: true },
      { activo: undefined, clave: 'x' },
    ]) {
      const res = await cambiar(yo!.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errores, JSON.stringify(payload)).toEqual([
        { campo: 'cuerpo', mensaje: MENSAJES_USUARIOS.sinCambio },
      ])
    }
    expect(
      await t.db.sql`select count(*)::int as n from auditoria where accion = 'usuario.modificado'`,
    ).toEqual(antes)
  })

  it('responde 400, no 500, a un nombre con un carácter de control, y no guarda nada', async () => {
    const res = await crear({
      usuario: 'con.nulo',
      nombre: 'Con\u0000Nulo',
      rol: 'recepcion',
      contrasena: 'tomografo-azul-7',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'nombre', mensaje: 'Formato inválido' }])
    expect(await t.db.sql`select 1 from usuarios where usuario = 'con.nulo'`).toHaveLength(0)
    const [yo] = await t.db.sql<
      { id: number }[]
    >`select id from usuarios where usuario = 'prueba.admin'`
    expect((await cambiar(yo!.id, { nombre: 'Admin\u0000' })).statusCode).toBe(400)
    expect((await cambiar(yo!.id, { nombre: 'Admin\nDos' })).statusCode).toBe(400)
    expect((await cambiar(yo!.id, { nombre: '   ' })).statusCode).toBe(400)
  })
})
