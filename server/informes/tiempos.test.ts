// The dashboard's turnaround time kept for a minute per server: a report stored meanwhile by other
// means shows after the minute (the request that finds it old still gets the kept value, and renews
// it), and a signature through this server is counted at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarInformeFinal } from '../test/informes.js'
import { olvidarTiemposDeInforme, tiemposDelMes } from './tiempos.js'

const TZ = 'America/Lima'
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: TZ })
})
afterAll(() => t?.close())

// A month of its own, far from the day the tests run.
const leer = () => tiemposDelMes(t.db.sql, '2032-05', '2032-05-01', '2032-06-01', TZ)
const rx = async () => (await leer()).find((m) => m.modalidad === 'RX')?.informes ?? 0
const informe = () =>
  insertarInformeFinal(t.db.sql, {
    modalidad: 'RX',
    completadoEn: '2032-05-10T10:00:00-05:00',
    firmadoEn: '2032-05-10T12:00:00-05:00',
  })

describe('tiempo de informe guardado', () => {
  it('se calcula a lo más una vez por minuto, y una firma de este servidor lo renueva', async () => {
    await informe()
    expect(await rx()).toBe(1)
    await informe()
    // Within its minute: the kept value.
    expect(await rx()).toBe(1)
    const ahora = Date.now()
    const reloj = vi.spyOn(Date, 'now').mockReturnValue(ahora + 61_000)
    try {
      // Past it: the kept value once more, while it is computed again…
      expect(await rx()).toBe(1)
      // …and then the new one.
      await vi.waitFor(async () => expect(await rx()).toBe(2))
    } finally {
      reloj.mockRestore()
    }
    await informe()
    expect(await rx()).toBe(2)
    olvidarTiemposDeInforme(t.db.sql)
    expect(await rx()).toBe(3)
  })
})
