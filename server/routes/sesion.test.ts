// POST/GET/DELETE /sesion through the real app: the cookie, a new id at every login, idle and
// absolute expiry, throttling, and answers that do not tell which accounts exist.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONTRASENA_PRUEBA, createTestApp, ORIGEN_PRUEBA, type TestApp } from '../test/app.js'
import { crearUsuario } from '../auth/usuarios.js'

let t: TestApp
const jsonOrigin = { origin: ORIGEN_PRUEBA }

const login = (usuario: string, contrasena: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/sesion',
    headers: jsonOrigin,
    payload: { usuario, contrasena },
    remoteAddress,
  })

const quien = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/sesion', headers: cookie ? { cookie } : {} })

const cookieDe = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((k) => k.name === 'sesion')
  return c ? `sesion=${c.value}` : undefined
}

beforeAll(async () => {
  // Expiry is tested by moving the stored times, which no remembered session would notice: this
  // app always asks the database. The remembered sessions have their own tests below.
  t = await createTestApp({ SESSION_CACHE_SECONDS: '0' })
  await crearUsuario(t.db.sql, {
    usuario: 'ana.quispe',
    nombre: 'Ana Quispe',
    rol: 'recepcion',
    contrasena: 'tomografo-azul-7',
  })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.sql`delete from intentos_fallidos`
})

describe('POST /sesion', () => {
  it('responde {usuario, nombre, rol, reloj} y una cookie de sesión HttpOnly y SameSite=Strict', async () => {
    const res = await login('ana.quispe', 'tomografo-azul-7')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      usuario: 'ana.quispe',
      nombre: 'Ana Quispe',
      rol: 'recepcion',
      reloj: { zonaHoraria: 'America/Lima', ahora: expect.any(String) },
    })
    const c = res.cookies.find((k) => k.name === 'sesion')!
    expect(c.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(c.httpOnly).toBe(true)
    expect(c.sameSite).toBe('Strict')
    expect(c.path).toBe('/')
    expect(c.secure).toBeFalsy()
    expect(res.headers['cache-control']).toBe('no-store')
    // Only a digest of the token is stored.
    const filas = await t.db.sql`select token_hash from sesiones where token_hash = ${c.value}`
    expect(filas).toHaveLength(0)
  })

  it('acepta el nombre en mayúsculas o minúsculas y con espacios alrededor', async () => {
    const res = await login('  Ana.Quispe ', 'tomografo-azul-7')
    expect(res.statusCode).toBe(200)
  })

  it('da un id de sesión nuevo en cada inicio de sesión y cierra el que tenía el navegador', async () => {
    const primera = cookieDe(await login('ana.quispe', 'tomografo-azul-7'))!
    const res = await t.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: { ...jsonOrigin, cookie: primera },
      payload: { usuario: 'ana.quispe', contrasena: 'tomografo-azul-7' },
    })
    const segunda = cookieDe(res)!
    expect(segunda).not.toBe(primera)
    expect((await quien(primera)).statusCode).toBe(401)
    expect((await quien(segunda)).statusCode).toBe(200)
  })

  it('rechaza una contraseña errónea, un nombre desconocido y una cuenta desactivada con el mismo 401', async () => {
    await crearUsuario(t.db.sql, {
      usuario: 'inactivo',
      nombre: 'Inactivo',
      rol: 'recepcion',
      contrasena: 'tomografo-azul-7',
    })
    await t.db.sql`update usuarios set activo = false where usuario = 'inactivo'`
    const respuestas = [
      await login('ana.quispe', 'otra-cosa-larga', '10.0.1.1'),
      await login('nadie.aqui', 'otra-cosa-larga', '10.0.1.2'),
      await login('inactivo', 'tomografo-azul-7', '10.0.1.3'),
    ]
    for (const res of respuestas) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Usuario o contraseña incorrectos' })
      expect(res.cookies).toHaveLength(0)
      const { 'x-request-id': _id, date: _d, ...resto } = res.headers
      expect(resto).toEqual((({ 'x-request-id': _a, date: _b, ...r }) => r)(respuestas[0]!.headers))
    }
  })

  it('tarda lo mismo con un nombre desconocido que con una contraseña errónea (una pasada de argon2 en ambos casos)', async () => {
    // Interleaved, and the fastest of each kind compared: load from other tests only ever adds
    // time, so the minimum is what the code itself costs (a median once failed under CI load).
    const existe: number[] = []
    const noExiste: number[] = []
    const medir = async (usuario: string, i: number) => {
      await t.db.sql`delete from intentos_fallidos`
      const inicio = performance.now()
      await login(usuario, 'una-clave-equivocada', `10.0.2.${i}`)
      return performance.now() - inicio
    }
    for (let i = 0; i < 9; i++) {
      existe.push(await medir('ana.quispe', i))
      noExiste.push(await medir('no.existe.nadie', i))
    }
    const [minExiste, minNoExiste] = [Math.min(...existe), Math.min(...noExiste)]
    // Without the decoy hash an unknown name answers many times faster.
    expect(minNoExiste).toBeGreaterThan(minExiste * 0.5)
    expect(minExiste).toBeGreaterThan(minNoExiste * 0.5)
  })

  it('responde 400 con mensajes de campo en español si falta un campo, y no guarda ningún intento', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: jsonOrigin,
      payload: { usuario: 'ana.quispe' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'contrasena', mensaje: 'Campo requerido' }])
    expect(await t.db.sql`select 1 from intentos_fallidos`).toHaveLength(0)
  })

  it('responde 400, no 500, a un nombre con un carácter de control (PostgreSQL rechaza NUL)', async () => {
    for (const usuario of ['ana\u0000quispe', 'ana\u0007']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sesion',
        headers: jsonOrigin,
        payload: { usuario, contrasena: 'x' },
      })
      expect(res.statusCode, JSON.stringify(usuario)).toBe(400)
      expect(res.json().errores).toEqual([{ campo: 'usuario', mensaje: 'Formato inválido' }])
    }
    expect(await t.db.sql`select 1 from intentos_fallidos`).toHaveLength(0)
  })
})

describe('límite de inicios de sesión fallidos', () => {
  it('tras 5 fallos de un nombre responde 429 con Retry-After, incluso a la contraseña correcta', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('ana.quispe', 'mal-mal-mal', `10.1.0.${i}`)).statusCode).toBe(401)
    const res = await login('ana.quispe', 'tomografo-azul-7', '10.1.0.99')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toMatch(
      /^Demasiados intentos fallidos\. Intente nuevamente en 15 minutos\.$/,
    )
    const espera = Number(res.headers['retry-after'])
    expect(espera).toBeGreaterThan(14 * 60)
    expect(espera).toBeLessThanOrEqual(15 * 60)
    expect(res.cookies).toHaveLength(0)
  })

  it('trata un nombre desconocido exactamente como uno existente', async () => {
    for (let i = 0; i < 5; i++) await login('fantasma', 'mal-mal-mal', `10.2.0.${i}`)
    const res = await login('fantasma', 'mal-mal-mal', '10.2.0.99')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toMatch(/^Demasiados intentos fallidos/)
  })

  it('deja entrar de nuevo al nombre cuando el fallo más antiguo sale de la ventana de 15 minutos', async () => {
    for (let i = 0; i < 5; i++) await login('ana.quispe', 'mal-mal-mal', `10.3.0.${i}`)
    expect((await login('ana.quispe', 'tomografo-azul-7', '10.3.0.9')).statusCode).toBe(429)
    await t.db.sql`update intentos_fallidos set en = en - interval '16 minutes'
      where id = (select min(id) from intentos_fallidos)`
    expect((await login('ana.quispe', 'tomografo-azul-7', '10.3.0.9')).statusCode).toBe(200)
    // A successful login forgives the name's failures.
    expect(
      await t.db.sql`select 1 from intentos_fallidos where usuario = 'ana.quispe'`,
    ).toHaveLength(0)
  })

  it('tras 20 fallos desde una dirección responde 429 a cualquier nombre desde ella, no desde otras', async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(`nombre${i}`, 'mal-mal-mal', '10.4.0.1')).statusCode).toBe(401)
    const res = await login('ana.quispe', 'tomografo-azul-7', '10.4.0.1')
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect((await login('ana.quispe', 'tomografo-azul-7', '10.4.0.2')).statusCode).toBe(200)
  })

  it('resiste una ráfaga: de 12 intentos errados en paralelo se comprueban 5 a lo más, cada vez', async () => {
    // Repeated: an attempt that counted the earlier ones before a concurrent one had committed
    // let a sixth through now and then.
    for (let ronda = 0; ronda < 8; ronda++) {
      await t.db.sql`delete from intentos_fallidos`
      const res = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          login('ana.quispe', 'mal-mal-mal', `10.5.${ronda}.${i}`),
        ),
      )
      const codigos = res.map((r) => r.statusCode)
      expect(codigos.filter((c) => c === 401).length).toBeLessThanOrEqual(5)
      expect(codigos.filter((c) => c === 429).length).toBeGreaterThanOrEqual(7)
    }
  })

  it('también resiste por dirección: de 30 intentos en paralelo con nombres distintos desde una dirección se comprueban 20 a lo más', async () => {
    for (let ronda = 0; ronda < 3; ronda++) {
      await t.db.sql`delete from intentos_fallidos`
      const res = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          login(`nombre.${ronda}.${i}`, 'mal-mal-mal', '10.6.0.1'),
        ),
      )
      expect(res.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(20)
    }
  })
})

describe('GET y DELETE /sesion', () => {
  it('ambas respuestas llevan el reloj de la clínica: CLINIC_TZ y el instante del servidor', async () => {
    const otra = await createTestApp({ CLINIC_TZ: 'Asia/Tokyo' })
    try {
      const antes = Date.now()
      const entrada = await otra.app.inject({
        method: 'POST',
        url: '/sesion',
        headers: { origin: ORIGEN_PRUEBA },
        payload: { usuario: 'prueba.recepcion', contrasena: CONTRASENA_PRUEBA },
      })
      const quienSoy = await otra.app.inject({ url: '/sesion', headers: otra.headers })
      for (const res of [entrada, quienSoy]) {
        const { reloj } = res.json()
        expect(reloj.zonaHoraria).toBe('Asia/Tokyo')
        const ahora = Date.parse(reloj.ahora)
        expect(ahora).toBeGreaterThanOrEqual(antes)
        expect(ahora).toBeLessThanOrEqual(Date.now())
      }
    } finally {
      await otra.close()
    }
  })

  it('GET dice quién tiene la sesión iniciada; sin cookie, 401 "Sesión requerida"', async () => {
    const res = await quien(t.headers.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      usuario: 'prueba.recepcion',
      nombre: 'Personal de Prueba',
      rol: 'recepcion',
      reloj: { zonaHoraria: 'America/Lima', ahora: expect.any(String) },
    })
    expect(res.headers['cache-control']).toBe('no-store')
    const sin = await quien()
    expect(sin.statusCode).toBe(401)
    expect(sin.json()).toEqual({ message: 'Sesión requerida' })
  })

  it('un token desconocido es 401 y se le pide al navegador que lo descarte', async () => {
    const res = await quien('sesion=inventado')
    expect(res.statusCode).toBe(401)
    const c = res.cookies.find((k) => k.name === 'sesion')
    expect(c?.value).toBe('')
  })

  it('DELETE borra la sesión en el servidor y limpia la cookie', async () => {
    const cookie = cookieDe(await login('ana.quispe', 'tomografo-azul-7'))!
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/sesion',
      headers: { cookie, origin: ORIGEN_PRUEBA },
    })
    expect(res.statusCode).toBe(204)
    expect(res.cookies.find((k) => k.name === 'sesion')?.value).toBe('')
    expect((await quien(cookie)).statusCode).toBe(401)
  })

  it('vence tras SESSION_IDLE_MINUTES sin uso, y el uso la mantiene viva', async () => {
    const cookie = cookieDe(await login('ana.quispe', 'tomografo-azul-7'))!
    await t.db.sql`update sesiones set ultimo_uso = now() - interval '29 minutes'`
    expect((await quien(cookie)).statusCode).toBe(200)
    // That use counted: 29 more minutes later it is still alive.
    await t.db.sql`update sesiones set ultimo_uso = ultimo_uso - interval '29 minutes'
      where ultimo_uso > now() - interval '1 minute'`
    expect((await quien(cookie)).statusCode).toBe(200)
    await t.db.sql`update sesiones set ultimo_uso = now() - interval '31 minutes'`
    expect((await quien(cookie)).statusCode).toBe(401)
    // The test account's session was idle too: log it in again for the tests that follow.
    t.headers = await t.login('recepcion')
  })

  it('vence SESSION_MAX_HOURS después del inicio de sesión, por mucho que se use', async () => {
    const cookie = cookieDe(await login('ana.quispe', 'tomografo-azul-7'))!
    await t.db.sql`update sesiones set expira_en = now() + interval '1 minute' where usuario_id =
      (select id from usuarios where usuario = 'ana.quispe')`
    expect((await quien(cookie)).statusCode).toBe(200)
    await t.db.sql`update sesiones set expira_en = now() - interval '1 second' where usuario_id =
      (select id from usuarios where usuario = 'ana.quispe')`
    expect((await quien(cookie)).statusCode).toBe(401)
  })

  it('fija el límite absoluto según la configuración', async () => {
    await login('ana.quispe', 'tomografo-azul-7')
    const [fila] = await t.db.sql<{ horas: number }[]>`
      select round(extract(epoch from expira_en - creada_en) / 3600)::int as horas
      from sesiones order by creada_en desc limit 1`
    expect(fila!.horas).toBe(12)
  })
})

describe('vencimiento configurado y cookies Secure', () => {
  it('respeta SESSION_IDLE_MINUTES y SESSION_MAX_HOURS, y COOKIE_SECURE da una cookie __Host- Secure', async () => {
    const s = await createTestApp({
      SESSION_IDLE_MINUTES: '5',
      SESSION_MAX_HOURS: '2',
      SESSION_CACHE_SECONDS: '0',
      COOKIE_SECURE: 'true',
    })
    try {
      const res = await s.app.inject({
        method: 'POST',
        url: '/sesion',
        headers: jsonOrigin,
        payload: { usuario: 'prueba.recepcion', contrasena: CONTRASENA_PRUEBA },
      })
      const c = res.cookies.find((k) => k.name === '__Host-sesion')!
      expect(c.secure).toBe(true)
      expect(c.httpOnly).toBe(true)
      const cookie = `__Host-sesion=${c.value}`
      const [fila] = await s.db.sql<{ horas: number }[]>`
        select round(extract(epoch from expira_en - creada_en) / 3600)::int as horas from sesiones order by creada_en desc limit 1`
      expect(fila!.horas).toBe(2)
      await s.db.sql`update sesiones set ultimo_uso = now() - interval '4 minutes'`
      expect((await s.app.inject({ url: '/sesion', headers: { cookie } })).statusCode).toBe(200)
      await s.db.sql`update sesiones set ultimo_uso = now() - interval '6 minutes'`
      expect((await s.app.inject({ url: '/sesion', headers: { cookie } })).statusCode).toBe(401)
    } finally {
      await s.close()
    }
  })
})

describe('sesiones recordadas (SESSION_CACHE_SECONDS)', () => {
  let r: TestApp
  beforeAll(async () => {
    r = await createTestApp({ SESSION_CACHE_SECONDS: '1' })
    await crearUsuario(r.db.sql, {
      usuario: 'ana.quispe',
      nombre: 'Ana Quispe',
      rol: 'recepcion',
      contrasena: 'tomografo-azul-7',
    })
  })
  afterAll(() => r.close())

  const entrar = async () => {
    const res = await r.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: jsonOrigin,
      payload: { usuario: 'ana.quispe', contrasena: 'tomografo-azul-7' },
    })
    return cookieDe(res)!
  }
  const estado = async (cookie: string) =>
    (await r.app.inject({ url: '/sesion', headers: { cookie } })).statusCode
  const espera = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('confía en una sesión comprobada a lo más SESSION_CACHE_SECONDS después de que se cerró en otro lado', async () => {
    const cookie = await entrar()
    expect(await estado(cookie)).toBe(200)
    // Ended by another instance, or by the console: this one learns it within a second.
    await r.db.sql`delete from sesiones where usuario_id =
      (select id from usuarios where usuario = 'ana.quispe')`
    expect(await estado(cookie)).toBe(200)
    await espera(1100)
    expect(await estado(cookie)).toBe(401)
  })

  it('nunca confía en una sesión más allá de su propio vencimiento', async () => {
    const cookie = await entrar()
    await r.db.sql`update sesiones set expira_en = now() + interval '300 milliseconds'
      where usuario_id = (select id from usuarios where usuario = 'ana.quispe')`
    expect(await estado(cookie)).toBe(200)
    await espera(400)
    expect(await estado(cookie)).toBe(401)
  })

  it('olvida al instante una sesión cerrada, o una cuenta cambiada, a través de este servidor', async () => {
    const cookie = await entrar()
    expect(await estado(cookie)).toBe(200)
    const salir = await r.app.inject({
      method: 'DELETE',
      url: '/sesion',
      headers: { ...jsonOrigin, cookie },
    })
    expect(salir.statusCode).toBe(204)
    expect(await estado(cookie)).toBe(401)

    const otra = await entrar()
    expect(await estado(otra)).toBe(200)
    const admin = await r.login('admin')
    const [ana] = await r.db.sql<{ id: number }[]>`
      select id from usuarios where usuario = 'ana.quispe'`
    const baja = await r.app.inject({
      method: 'PATCH',
      url: `/usuarios/${ana!.id}`,
      headers: admin,
      payload: { activo: false },
    })
    expect(baja.statusCode).toBe(200)
    expect(await estado(otra)).toBe(401)
  })
})

describe('detrás de un proxy inverso (TRUST_PROXY)', () => {
  it('toma del proxy la dirección, el esquema y el host del cliente: cookie Secure sobre HTTPS, la dirección real auditada', async () => {
    const p = await createTestApp({ TRUST_PROXY: 'true' })
    try {
      const res = await p.app.inject({
        method: 'POST',
        url: '/sesion',
        headers: {
          origin: 'https://clinica.example.pe',
          'x-forwarded-host': 'clinica.example.pe',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.9',
        },
        payload: { usuario: 'prueba.recepcion', contrasena: CONTRASENA_PRUEBA },
      })
      expect(res.statusCode).toBe(200)
      expect(res.cookies.find((k) => k.name === 'sesion')!.secure).toBe(true)
      const [e] = await p.db
        .sql`select direccion from auditoria where accion = 'sesion.iniciada' order by id desc limit 1`
      expect(e!.direccion).toBe('203.0.113.9')
    } finally {
      await p.close()
    }
  })

  it('sin TRUST_PROXY esas cabeceras se ignoran: una dirección u origen falsificados no logran nada', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: {
        origin: 'https://clinica.example.pe',
        'x-forwarded-host': 'clinica.example.pe',
        'x-forwarded-proto': 'https',
      },
      payload: { usuario: 'ana.quispe', contrasena: 'tomografo-azul-7' },
    })
    expect(res.statusCode).toBe(403)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/sesion',
      headers: { ...jsonOrigin, 'x-forwarded-for': '203.0.113.10', 'x-forwarded-proto': 'https' },
      payload: { usuario: 'ana.quispe', contrasena: 'tomografo-azul-7' },
    })
    expect(ok.cookies.find((k) => k.name === 'sesion')!.secure).toBeFalsy()
    const [e] = await t.db
      .sql`select direccion from auditoria where accion = 'sesion.iniciada' order by id desc limit 1`
    expect(e!.direccion).toBe('127.0.0.1')
  })
})
