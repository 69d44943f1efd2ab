// Throttled logins in the audit trail: refusals counted per address and window, recorded at the
// 1st, 2nd, 4th, 8th… so an admin reads a flood's size from GET /auditoria.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, ORIGEN_PRUEBA, type TestApp } from '../test/app.js'

let t: TestApp

const login = (usuario: string, contrasena: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/sesion',
    headers: { origin: ORIGEN_PRUEBA },
    payload: { usuario, contrasena },
    remoteAddress,
  })

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('auditoría de los inicios de sesión limitados', () => {
  interface Evento {
    accion: string
    usuario: string
    direccion: string
    detalle: { intentos: number; desde: string }
  }
  const limitados = async (direccion: string) => {
    const admin = await t.login('admin')
    const res = await t.app.inject({
      url: '/auditoria?accion=sesion.limitada&limite=200',
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    return (res.json() as Evento[]).filter((e) => e.direccion === direccion).reverse()
  }

  it('cuenta por dirección los intentos rechazados de una ráfaga: registra el 1.º, 2.º, 4.º, 8.º… con la cantidad', async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(`rafaga${i}`, 'mal-mal-mal', '10.6.0.1')).statusCode).toBe(401)
    const res = await Promise.all(
      Array.from({ length: 13 }, () => login('prueba.recepcion', 'mal-mal-mal', '10.6.0.1')),
    )
    expect(res.map((r) => r.statusCode)).toEqual(Array(13).fill(429))
    const eventos = await limitados('10.6.0.1')
    expect(eventos.map((e) => e.detalle.intentos)).toEqual([1, 2, 4, 8])
    expect(
      eventos.every((e) => e.usuario === 'prueba.recepcion' && e.accion === 'sesion.limitada'),
    ).toBe(true)
    // The window the count belongs to: the same for all four.
    expect(new Set(eventos.map((e) => Date.parse(e.detalle.desde))).size).toBe(1)
    expect(Date.now() - Date.parse(eventos[0]!.detalle.desde)).toBeLessThan(15 * 60_000)
  })

  it('registra un rechazo por un nombre limitado, con el nombre tal como se escribió', async () => {
    for (let i = 0; i < 5; i++) await login('fantasma.dos', 'mal-mal-mal', `10.7.0.${i}`)
    expect((await login('Fantasma.Dos', 'mal-mal-mal', '10.7.0.99')).statusCode).toBe(429)
    expect(await limitados('10.7.0.99')).toMatchObject([
      { usuario: 'fantasma.dos', detalle: { intentos: 1 } },
    ])
  })
})
