// A busy laboratory day in the browser: the day's list and the per-analito grid show the first
// page (50) and «Cargar más» appends the rest, each row once, the button gone after the last page.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CatalogoLaboratorio } from '../shared/laboratorio.js'
import { api, DESKTOP, usarApp } from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e
const TOTAL = 55

describe('un día con más atenciones de laboratorio que una página', () => {
  let admin: Page
  let glucosa: number

  beforeAll(async () => {
    admin = await e2e.entrar(DESKTOP)
    const p = await registrarPorApi(admin, e2e.app, {
      primerNombre: 'Nilda',
      primerApellido: 'Paginada',
      fechaNacimiento: '1980-02-10',
    })
    for (let i = 0; i < TOTAL; i++) {
      const res = await admin.request.post(`/pacientes/${p.id}/atenciones`, {
        data: { sede: 'Lima', modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }] },
        headers: { origin: e2e.app.url },
      })
      expect(res.status(), await res.text()).toBe(201)
    }
    const catalogo = await api<CatalogoLaboratorio>(admin, '/laboratorio/analitos')
    glucosa = catalogo.analitos.find((a) => a.codigo === 'GLU')!.id
  })

  it('la lista del día muestra 50 y «Cargar más» trae las demás', async () => {
    await admin.goto('/laboratorio')
    const titulo = admin.getByRole('heading', { name: /atenciones/ })
    await expect.poll(() => titulo.textContent()).toBe('50 atenciones (hay más)')
    await admin.getByRole('button', { name: 'Cargar más' }).click()
    await expect.poll(() => titulo.textContent()).toBe(`${TOTAL} atenciones`)
    expect(await admin.locator('[data-testid^="laboratorio-"]').count()).toBe(TOTAL)
    expect(await admin.getByRole('button', { name: 'Cargar más' }).count()).toBe(0)
  })

  it('por analito, la glucosa de las 55 atenciones llega en dos páginas', async () => {
    await admin.goto(`/laboratorio/analitos/${glucosa}`)
    const filas = admin.locator('table.resultados tbody tr')
    await expect.poll(() => filas.count()).toBe(50)
    await admin.getByRole('button', { name: 'Cargar más' }).click()
    await expect.poll(() => filas.count()).toBe(TOTAL)
    expect(await admin.getByRole('button', { name: 'Cargar más' }).count()).toBe(0)
  })

  it('sin errores en la consola', () => {
    for (const e of errores) expect(e).toEqual([])
  })
})
