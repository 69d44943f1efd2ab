// «Mi cuenta» through the real app: changing one's own password (the current one checked and
// throttled like a login, the other sessions ended, this one kept), and listing and ending one's
// own sessions, never another account's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONTRASENA_PRUEBA, createTestApp, ORIGEN_PRUEBA, type TestApp } from '../test/app.js'
import { crearUsuario } from '../auth/usuarios.js'
import type { Rol } from '../../shared/sesion.js'
import type { SesionPropia } from '../../shared/mi-cuenta.js'

const CLAVE = 'tomografo-azul-7'
const NAVEGADOR = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

let t: TestApp
let serie = 0

/** A fresh account, so each test starts with no session and no failed attempt of its own. */
async function cuentaNueva(rol: Rol = 'recepcion'): Promise<string> {
  serie += 1
  const usuario = `cuenta.${serie}`
  await crearUsuario(t.db.sql, { usuario, nombre: `Cuenta ${serie}`, rol, contrasena: CLAVE })
  return usuario
}

/** Logs in and returns the headers of that session (cookie and same-origin Origin). */
async function entrar(
  usuario: string,
  contrasena = CLAVE,
  remoteAddress = '10.9.0.1',
): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sesion',
    headers: { origin: ORIGEN_PRUEBA, 'user-agent': NAVEGADOR },
    payload: { usuario, contrasena },
    remoteAddress,
  })
  expect(res.statusCode, res.body).toBe(200)
  const c = res.cookies.find((k) => k.name === 'sesion')!
  return { cookie: `sesion=${c.value}`, origin: ORIGEN_PRUEBA }
}

const quien = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/sesion', headers: { cookie: headers.cookie! } })).statusCode

const cambiar = (headers: Record<string, string>, actual: string, nueva: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/sesion/contrasena',
    headers,
    payload: { actual, nueva },
  })

const sesiones = async (headers: Record<string, string>): Promise<SesionPropia[]> => {
  const res = await t.app.inject({ url: '/sesion/sesiones', headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const eventos = (accion: string, usuario: string) =>
  t.db.sql<{ usuarioId: number; direccion: string; detalle: Record<string, unknown> | null }[]>`
    select usuario_id, direccion, detalle from auditoria
    where accion = ${accion} and usuario = ${usuario} order by id`

beforeAll(async () => {
  // The short session cache on, as in production: an ended session must be refused at once anyway.
  t = await createTestApp({ SESSION_CACHE_SECONDS: '30' })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.sql`delete from intentos_fallidos`
})

describe('PUT /sesion/contrasena', () => {
  it('cambia la contraseña, cierra las demás sesiones, conserva esta y lo audita', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    const otra = await entrar(usuario, CLAVE, '10.9.0.2')
    const tercera = await entrar(usuario, CLAVE, '10.9.0.3')
    // Checked once each, so this process remembers them (SESSION_CACHE_SECONDS).
    for (const h of [esta, otra, tercera]) expect(await quien(h)).toBe(200)

    const res = await cambiar(esta, CLAVE, 'resonancia-verde-42')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ sesionesCerradas: 2 })

    expect(await quien(esta)).toBe(200)
    expect(await quien(otra)).toBe(401)
    expect(await quien(tercera)).toBe(401)
    expect((await sesiones(esta)).map((s) => s.actual)).toEqual([true])

    // The new password opens a session; the old one no longer does.
    await entrar(usuario, 'resonancia-verde-42')
    const vieja = await t.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: { origin: ORIGEN_PRUEBA },
      payload: { usuario, contrasena: CLAVE },
    })
    expect(vieja.statusCode).toBe(401)

    const registro = await eventos('cuenta.contrasena', usuario)
    expect(registro).toHaveLength(1)
    expect(registro[0]!.detalle).toEqual({ sesionesCerradas: 2 })
    expect(registro[0]!.direccion).toBe('127.0.0.1')
    // Never a password, old or new, in the trail.
    const todo = await t.db.sql`select detalle::text as d from auditoria where usuario = ${usuario}`
    expect(JSON.stringify(todo)).not.toMatch(/resonancia|tomografo/)
  })

  it('funciona para cualquier rol', async () => {
    const admin = await cuentaNueva('admin')
    const res = await cambiar(await entrar(admin), CLAVE, 'ecografia-roja-19')
    expect(res.statusCode, res.body).toBe(200)
  })

  it('rechaza una contraseña actual errónea con 400 y un mensaje en español, y no cambia nada', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    const otra = await entrar(usuario, CLAVE, '10.9.0.2')
    const [antes] = await t.db.sql`select clave_hash from usuarios where usuario = ${usuario}`

    const res = await cambiar(esta, 'no-es-la-clave', 'resonancia-verde-42')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'La contraseña actual no es correcta',
      errores: [{ campo: 'actual', mensaje: 'La contraseña actual no es correcta' }],
    })

    const [despues] = await t.db.sql`select clave_hash from usuarios where usuario = ${usuario}`
    expect(despues!.claveHash).toBe(antes!.claveHash)
    expect(await quien(esta)).toBe(200)
    expect(await quien(otra)).toBe(200)
    expect(await eventos('cuenta.contrasena', usuario)).toHaveLength(0)
    expect(await eventos('cuenta.contrasena_fallida', usuario)).toHaveLength(1)
    // Counted like a failed login of that name.
    expect(await t.db.sql`select 1 from intentos_fallidos where usuario = ${usuario}`).toHaveLength(
      1,
    )
  })

  it('no deja adivinar sin límite: tras 5 intentos errados, 429, incluso con la correcta, y también en el inicio de sesión', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    for (let i = 0; i < 5; i++)
      expect((await cambiar(esta, `intento-${i}-malo`, 'resonancia-verde-42')).statusCode).toBe(400)
    const res = await cambiar(esta, CLAVE, 'resonancia-verde-42')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toMatch(/^Demasiados intentos fallidos\. Intente nuevamente en/)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    const login = await t.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: { origin: ORIGEN_PRUEBA },
      payload: { usuario, contrasena: CLAVE },
      remoteAddress: '10.9.9.9',
    })
    expect(login.statusCode).toBe(429)
    // The session that guessed is still the user's own: it is not ended for it.
    expect(await quien(esta)).toBe(200)
  })

  it('una contraseña actual correcta perdona los intentos errados anteriores, como un inicio de sesión', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    await cambiar(esta, 'no-es-la-clave', 'resonancia-verde-42')
    expect((await cambiar(esta, CLAVE, 'resonancia-verde-42')).statusCode).toBe(200)
    expect(await t.db.sql`select 1 from intentos_fallidos where usuario = ${usuario}`).toHaveLength(
      0,
    )
  })

  it('rechaza una contraseña nueva débil con los mismos mensajes en español que en cualquier otro lugar', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    const casos: [string, string][] = [
      ['corta', 'Debe tener al menos 8 caracteres'],
      ['password', 'Es una contraseña demasiado común; elija otra'],
      [usuario, 'No puede ser igual al nombre de usuario'],
      ['x'.repeat(129), 'Debe tener como máximo 128 caracteres'],
      [CLAVE, 'Debe ser distinta de la contraseña actual'],
    ]
    for (const [nueva, mensaje] of casos) {
      const res = await cambiar(esta, CLAVE, nueva)
      expect(res.statusCode, nueva).toBe(400)
      expect(res.json().errores, nueva).toEqual([{ campo: 'nueva', mensaje }])
    }
    // A weak password is refused before the current one is checked: no guess spent on it.
    expect((await cambiar(esta, 'no-es-la-clave', 'corta')).json().errores).toEqual([
      { campo: 'nueva', mensaje: 'Debe tener al menos 8 caracteres' },
    ])
    expect(await t.db.sql`select 1 from intentos_fallidos where usuario = ${usuario}`).toHaveLength(
      0,
    )
    const res = await cambiar(esta, '', 'resonancia-verde-42')
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'actual', mensaje: 'Campo requerido' }])
    expect(await eventos('cuenta.contrasena', usuario)).toHaveLength(0)
  })
})

describe('GET /sesion/sesiones', () => {
  it('lista solo las sesiones vivas de quien llama, esta primero y marcada, sin huellas de token', async () => {
    const usuario = await cuentaNueva()
    const ajena = await cuentaNueva()
    const esta = await entrar(usuario, CLAVE, '10.9.1.1')
    await entrar(usuario, CLAVE, '10.9.1.2')
    await entrar(ajena, CLAVE, '10.9.1.3')
    // An idle session is gone, not listed.
    await entrar(usuario, CLAVE, '10.9.1.4')
    await t.db.sql`update sesiones set ultimo_uso = now() - interval '31 minutes'
      where direccion = '10.9.1.4'`

    const res = await t.app.inject({ url: '/sesion/sesiones', headers: esta })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const lista: SesionPropia[] = res.json()
    expect(lista.map((s) => [s.direccion, s.actual])).toEqual([
      ['10.9.1.1', true],
      ['10.9.1.2', false],
    ])
    for (const s of lista) {
      expect(Object.keys(s).sort()).toEqual(
        ['actual', 'agente', 'creadaEn', 'direccion', 'expiraEn', 'id', 'ultimoUso'].sort(),
      )
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(s.agente).toBe(NAVEGADOR)
      // At most the idle limit ahead: the session ends then if unused.
      const resta = Date.parse(s.expiraEn) - Date.now()
      expect(resta).toBeGreaterThan(29 * 60_000)
      expect(resta).toBeLessThanOrEqual(30 * 60_000)
    }
    const hashes = await t.db.sql<{ tokenHash: string }[]>`select token_hash from sesiones`
    for (const { tokenHash } of hashes) expect(res.body).not.toContain(tokenHash)
  })

  it('pide sesión: 401 sin ella', async () => {
    const res = await t.app.inject({ url: '/sesion/sesiones' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Sesión requerida' })
  })
})

describe('DELETE /sesion/sesiones/:id', () => {
  it('cierra una de las sesiones de quien llama, rechazada ya en su siguiente solicitud pese a la caché, y lo audita', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    const otra = await entrar(usuario, CLAVE, '10.9.2.2')
    expect(await quien(otra)).toBe(200) // now remembered by this process
    const id = (await sesiones(esta)).find((s) => !s.actual)!.id

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/sesion/sesiones/${id}`,
      headers: esta,
    })
    expect(res.statusCode).toBe(204)
    expect(res.cookies).toHaveLength(0)
    expect(await quien(otra)).toBe(401)
    expect(await quien(esta)).toBe(200)
    expect((await sesiones(esta)).map((s) => s.actual)).toEqual([true])

    const registro = await eventos('sesion.terminada', usuario)
    expect(registro).toHaveLength(1)
    expect(registro[0]!.detalle).toEqual({ sesiones: [id] })

    // Already ended: nothing to end.
    const otraVez = await t.app.inject({
      method: 'DELETE',
      url: `/sesion/sesiones/${id}`,
      headers: esta,
    })
    expect(otraVez.statusCode).toBe(404)
  })

  it('responde 404 a la sesión de otra cuenta, y la deja viva y sin auditar', async () => {
    const usuario = await cuentaNueva()
    const ajena = await cuentaNueva('admin')
    const esta = await entrar(usuario)
    const suya = await entrar(ajena)
    const idAjeno = (await sesiones(suya))[0]!.id

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/sesion/sesiones/${idAjeno}`,
      headers: esta,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Sesión no encontrada' })
    expect(await quien(suya)).toBe(200)
    expect((await sesiones(suya)).map((s) => s.id)).toEqual([idAjeno])
    expect(await eventos('sesion.terminada', usuario)).toHaveLength(0)
    // An id that is no session at all answers the same.
    const nadie = await t.app.inject({
      method: 'DELETE',
      url: '/sesion/sesiones/00000000-0000-4000-8000-000000000000',
      headers: esta,
    })
    expect(nadie.statusCode).toBe(404)
  })

  it('responde 400 a un id que no es un id válido', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/sesion/sesiones/1',
      headers: t.headers,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'id', mensaje: 'Identificador inválido' }])
  })

  it('cerrar la sesión actual también borra la cookie', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    const id = (await sesiones(esta))[0]!.id
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/sesion/sesiones/${id}`,
      headers: esta,
    })
    expect(res.statusCode).toBe(204)
    expect(res.cookies.find((k) => k.name === 'sesion')?.value).toBe('')
    expect(await quien(esta)).toBe(401)
  })
})

describe('DELETE /sesion/sesiones', () => {
  it('cierra todas las demás sesiones de quien llama, y conserva esta y las sesiones de otras cuentas', async () => {
    const usuario = await cuentaNueva()
    const ajena = await cuentaNueva()
    const esta = await entrar(usuario)
    const otras = [
      await entrar(usuario, CLAVE, '10.9.3.2'),
      await entrar(usuario, CLAVE, '10.9.3.3'),
    ]
    const suya = await entrar(ajena)
    for (const h of [esta, ...otras, suya]) expect(await quien(h)).toBe(200)

    const res = await t.app.inject({ method: 'DELETE', url: '/sesion/sesiones', headers: esta })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ sesionesCerradas: 2 })
    expect(await quien(esta)).toBe(200)
    for (const h of otras) expect(await quien(h)).toBe(401)
    expect(await quien(suya)).toBe(200)

    const registro = await eventos('sesion.terminada', usuario)
    expect(registro).toHaveLength(1)
    expect((registro[0]!.detalle as { sesiones: string[] }).sesiones).toHaveLength(2)

    // Nothing left to end: answered, not audited.
    const nada = await t.app.inject({ method: 'DELETE', url: '/sesion/sesiones', headers: esta })
    expect(nada.json()).toEqual({ sesionesCerradas: 0 })
    expect(await eventos('sesion.terminada', usuario)).toHaveLength(1)
  })
})

describe('las protecciones que tiene toda ruta que modifica', () => {
  const mutantes = [
    {
      method: 'PUT' as const,
      url: '/sesion/contrasena',
      payload: { actual: CLAVE, nueva: 'resonancia-verde-42' },
    },
    { method: 'DELETE' as const, url: '/sesion/sesiones' },
    { method: 'DELETE' as const, url: '/sesion/sesiones/00000000-0000-4000-8000-000000000000' },
  ]

  it('responde 401 sin sesión', async () => {
    for (const m of mutantes) {
      const res = await t.app.inject({ ...m, headers: { origin: ORIGEN_PRUEBA } })
      expect(res.statusCode, `${m.method} ${m.url}`).toBe(401)
      expect(res.json()).toEqual({ message: 'Sesión requerida' })
    }
  })

  it('rechaza con 403 un Origin ajeno o ausente y no cambia nada', async () => {
    const usuario = await cuentaNueva()
    const esta = await entrar(usuario)
    const otra = await entrar(usuario, CLAVE, '10.9.4.2')
    for (const m of mutantes) {
      for (const headers of [
        { cookie: esta.cookie!, origin: 'https://malicioso.example' },
        { cookie: esta.cookie! },
      ]) {
        const res = await t.app.inject({ ...m, headers })
        expect(res.statusCode, `${m.method} ${m.url}`).toBe(403)
        expect(res.json().message).toMatch(/mismo sitio/)
      }
    }
    expect(await quien(otra)).toBe(200)
    // The old password still opens a session: it was not changed.
    await entrar(usuario, CLAVE)
  })

  it('rechaza con 415 un cuerpo que no es JSON', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/sesion/contrasena',
      headers: { ...t.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `actual=${CONTRASENA_PRUEBA}&nueva=resonancia-verde-42`,
    })
    expect(res.statusCode).toBe(415)
  })
})
