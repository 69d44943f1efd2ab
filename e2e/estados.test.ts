// Changing an atención's estado on the patient page, at 1440 and at 375 px: a deliberate button per
// next estado, Cancelado only after a confirmation with its reason, the last change undone (its
// author for 10 minutes, an admin always), and Editar opening the registration form filled in.
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../scripts/ensure-built.mjs'
import type { Atencion } from '../shared/atenciones.js'
import type { PacienteDetalle } from '../shared/pacientes.js'
import {
  api,
  apiPost,
  DESKTOP,
  expectAccessible,
  login,
  newContext,
  PHONE,
  startApp,
  watchErrors,
  type App,
} from './harness.js'
import { nuevoDni, pacienteApi } from './steps.js'

let app: App
beforeAll(async () => {
  app = await startApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

/**
 * What a person looks at, legible at full size: the atenciones table alone, or the screen as seen
 * (a dialog over the page). Into e2e/screenshots/<name>-<width>.png.
 */
async function foto(page: Page, nombre: string, que: 'tabla' | 'pantalla' = 'tabla') {
  const path = join(ROOT, 'e2e', 'screenshots', `${nombre}-${page.viewportSize()?.width}.png`)
  if (que === 'pantalla') return page.screenshot({ path, animations: 'disabled' })
  // Cut from the whole page, where the phone's fixed top bar stays at the top instead of over it.
  const clip = await page.getByRole('region', { name: 'Atenciones' }).evaluate((el) => {
    const r = el.getBoundingClientRect()
    return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }
  })
  return page.screenshot({ path, fullPage: true, clip, animations: 'disabled' })
}

/** Signs in `usuario` in a context of its own, its clock under the test's control. */
async function entrar(viewport: typeof DESKTOP, usuario?: string, contrasena?: string) {
  const context = await newContext(app, viewport)
  await context.clock.install()
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto('/login')
  await login(page, usuario, contrasena)
  await page.waitForURL('**/dashboard')
  return { context, page, errors }
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`estados de una atención (${viewport.width} px)`, () => {
    let context: BrowserContext
    let page: Page
    let errors: string[]
    let pacienteId: number
    const w = viewport.width

    beforeAll(async () => {
      ;({ context, page, errors } = await entrar(viewport))
      pacienteId = (
        await apiPost<{ id: number }>(
          page,
          app,
          '/pacientes',
          pacienteApi({
            documento: nuevoDni(),
            primerNombre: 'Julia',
            primerApellido: 'Choque',
            fechaNacimiento: '1978-11-02',
          }),
        )
      ).id
    })
    afterAll(async () => {
      await context?.close()
    })

    const nuevaAtencion = (estado: 'Programado' | 'En espera') =>
      apiPost<Atencion>(page, app, `/pacientes/${pacienteId}/atenciones`, {
        sede: 'Lima',
        modalidad: 'RX',
        estudios: [{ nombre: 'Tórax PA' }],
        estado,
      })
    const guardada = async (id: number) =>
      (await api<PacienteDetalle>(page, `/pacientes/${pacienteId}`)).atenciones.find(
        (a) => a.id === id,
      )!
    async function abrirFila(id: number) {
      await page.goto(`/pacientes/${pacienteId}`)
      const fila = page.getByTestId(`atencion-${id}`)
      await fila.waitFor()
      return fila
    }
    const estadoEn = (fila: ReturnType<Page['getByTestId']>) =>
      fila.locator('td[data-label="Estado"] .badge').innerText()

    /** On a phone each row is a card: no button may stick out of its cell or of the screen. */
    async function expectBotonesDentro() {
      const fuera = await page.evaluate(() =>
        [...document.querySelectorAll('.table--cards td button')].flatMap((b) => {
          const r = b.getBoundingClientRect()
          const td = b.closest('td')!.getBoundingClientRect()
          const ok =
            r.left >= td.left - 0.5 && r.right <= td.right + 0.5 && r.right <= window.innerWidth
          return ok ? [] : [`${b.textContent} ${r.left}-${r.right} en ${td.left}-${td.right}`]
        }),
      )
      expect(fuera).toEqual([])
    }

    it('una tecla sobre las acciones de una atención no cambia su estado', async () => {
      const a = await nuevaAtencion('Programado')
      const fila = await abrirFila(a.id)
      // The first control of the row's actions, reached as a keyboard user reaches it.
      await fila.locator('td[data-label="Acción"]').locator('select, button').first().focus()
      for (const tecla of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'End'])
        await page.keyboard.press(tecla)
      await page.waitForTimeout(500)
      expect((await guardada(a.id)).estado).toBe('Programado')
      expect(errors).toEqual([])
    })

    it('un botón por estado siguiente cambia el estado; Deshacer lo devuelve y dice la regla de los 10 minutos', async () => {
      const a = await nuevaAtencion('En espera')
      const fila = await abrirFila(a.id)
      const acciones = fila.getByRole('group', { name: `Acciones de la atención ${a.id}` })
      expect(
        await acciones.getByRole('button').evaluateAll((bs) => bs.map((b) => b.textContent)),
      ).toEqual(['→ En proceso', 'Cancelar…', 'Editar'])
      await acciones.getByRole('button', { name: 'Pasar a En proceso' }).click()
      await expect.poll(() => estadoEn(fila)).toBe('En proceso')
      expect((await guardada(a.id)).estado).toBe('En proceso')
      const estado = fila.locator('td[data-label="Estado"]')
      expect(await estado.innerText()).toContain('Antes: En espera')
      expect(await estado.innerText()).toMatch(
        /Quien hace un cambio puede deshacerlo durante 10 minutos: hasta las \d{2}:\d{2}\./,
      )
      if (w === PHONE.width) await expectBotonesDentro()
      await foto(page, 'estados-cambio')
      await expectAccessible(page, `estados (${w})`)
      // Past its author's 10 minutes, an admin still may.
      await context.clock.fastForward('10:30')
      await expect
        .poll(() => estado.innerText())
        .toContain(
          'Como administrador puede deshacerlo en cualquier momento; quien hizo el cambio, solo durante 10 minutos.',
        )
      await foto(page, 'estados-deshacer-admin')

      await page.reload()
      await expect.poll(() => estadoEn(page.getByTestId(`atencion-${a.id}`))).toBe('En proceso')
      await page.getByTestId(`atencion-${a.id}`).getByRole('button', { name: 'Deshacer' }).click()
      await expect.poll(() => estadoEn(page.getByTestId(`atencion-${a.id}`))).toBe('En espera')
      expect(await page.getByTestId(`atencion-${a.id}`).getByText('Deshacer').count()).toBe(0)
      expect(await guardada(a.id)).toMatchObject({ estado: 'En espera', ultimoCambio: null })
    })

    it('Cancelado pide confirmación y un motivo, que se guarda y se muestra; Volver no cambia nada', async () => {
      const a = await nuevaAtencion('Programado')
      const fila = await abrirFila(a.id)
      await fila.getByRole('button', { name: 'Cancelar…' }).click()
      const dialogo = page.getByRole('dialog', { name: `¿Cancelar la atención N.º ${a.id}?` })
      await dialogo.waitFor()
      await dialogo.getByRole('button', { name: 'Cancelar atención' }).click()
      await dialogo.getByText('Indique el motivo de la cancelación').waitFor()
      expect(
        await dialogo.getByLabel('Motivo de la cancelación').getAttribute('aria-invalid'),
      ).toBe('true')
      await foto(page, 'estados-cancelar-sin-motivo', 'pantalla')
      await expectAccessible(page, `cancelar (${w})`)
      await dialogo.getByRole('button', { name: 'Volver' }).click()
      await dialogo.waitFor({ state: 'hidden' })
      expect((await guardada(a.id)).estado).toBe('Programado')

      await fila.getByRole('button', { name: 'Cancelar…' }).click()
      await dialogo.getByLabel('Motivo de la cancelación').fill('El paciente reprogramó por viaje')
      await foto(page, 'estados-cancelar', 'pantalla')
      await dialogo.getByRole('button', { name: 'Cancelar atención' }).click()
      await dialogo.waitFor({ state: 'hidden' })
      await expect.poll(() => estadoEn(fila)).toBe('Cancelado')
      expect(await fila.innerText()).toContain('Motivo: El paciente reprogramó por viaje')
      // No step left; its ticket can still be printed.
      expect(await fila.locator('td[data-label="Acción"]').innerText()).toBe('Estado final\nTicket')
      expect(await guardada(a.id)).toMatchObject({
        estado: 'Cancelado',
        motivoCancelacion: 'El paciente reprogramó por viaje',
      })
      await page.reload()
      const otra = page.getByTestId(`atencion-${a.id}`)
      await otra.getByText('Motivo: El paciente reprogramó por viaje').waitFor()
      if (w === PHONE.width) await expectBotonesDentro()
      await foto(page, 'estados-cancelado')

      // Undone: back to Programado, the reason gone with it.
      await otra.getByRole('button', { name: 'Deshacer' }).click()
      await expect.poll(() => estadoEn(otra)).toBe('Programado')
      expect(await otra.innerText()).not.toContain('Motivo:')
      expect(await guardada(a.id)).toMatchObject({
        estado: 'Programado',
        motivoCancelacion: null,
      })
    })

    it('Editar abre el formulario de la atención lleno; guardar corrige la fila', async () => {
      await nuevaAtencion('Programado')
      const a = await nuevaAtencion('En espera')
      const fila = await abrirFila(a.id)
      await fila.getByRole('button', { name: `Editar atención ${a.id}` }).click()
      const dialogo = page.getByRole('dialog', { name: `Editar atención N.º ${a.id}` })
      await dialogo.waitFor()
      expect(await dialogo.getByLabel('Sede').inputValue()).toBe('Lima')
      expect(
        await dialogo.getByRole('checkbox', { name: 'Tórax PA', exact: true }).isChecked(),
      ).toBe(true)
      expect(await dialogo.getByLabel('Estado inicial').count()).toBe(0)
      await dialogo.getByLabel('Sede').selectOption('Cusco')
      await dialogo.getByLabel('Prioridad').selectOption('Urgente')
      await dialogo.getByRole('checkbox', { name: 'Pelvis' }).check()
      await dialogo.getByLabel('Fecha de llegada').fill('2025-01-15')
      await dialogo.getByLabel('Hora de llegada').fill('10:05')
      await foto(page, 'estados-editar', 'pantalla')
      await expectAccessible(page, `editar (${w})`)
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click()
      await dialogo.waitFor({ state: 'hidden' })
      // The atención moved to Cusco's RX sala with it.
      await expect
        .poll(() => fila.locator('td[data-label="Sede"]').innerText())
        .toBe('Cusco · RX 1')
      expect(await fila.locator('td[data-label="Estudios"]').innerText()).toBe('Tórax PA, Pelvis')
      expect(await guardada(a.id)).toMatchObject({
        sede: 'Cusco',
        prioridad: 'Urgente',
        estado: 'En espera',
        fechaLlegada: '2025-01-15',
        horaLlegada: '10:05',
      })
      // The oldest arrival now: last in the table, as after a reload.
      expect(await page.locator('tbody tr').last().getAttribute('data-testid')).toBe(
        `atencion-${a.id}`,
      )
      expect(errors).toEqual([])
    })
  })
}

describe('quien no es administrador ve Deshacer solo durante sus 10 minutos', () => {
  it('pasados los 10 minutos el botón se va sin recargar', async () => {
    const { context, page: adminPage } = await entrar(DESKTOP)
    const cuenta = await adminPage.request.post('/usuarios', {
      data: {
        usuario: 'rosa.huaman',
        nombre: 'Rosa Huamán',
        rol: 'recepcion',
        contrasena: 'tomografo-azul-7',
      },
      headers: { origin: app.url },
    })
    expect(cuenta.status()).toBe(201)
    const p = await apiPost<{ id: number }>(
      adminPage,
      app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: 'Nilda',
        primerApellido: 'Apaza',
        fechaNacimiento: '1990-01-20',
      }),
    )
    const a = await apiPost<Atencion>(adminPage, app, `/pacientes/${p.id}/atenciones`, {
      sede: 'Arequipa',
      modalidad: 'LAB',
      estudios: [{ nombre: 'Glucosa' }],
    })
    await context.close()

    const rosa = await entrar(PHONE, 'rosa.huaman', 'tomografo-azul-7')
    try {
      await rosa.page.goto(`/pacientes/${p.id}`)
      const fila = rosa.page.getByTestId(`atencion-${a.id}`)
      await fila.getByRole('button', { name: 'Pasar a En proceso' }).click()
      const deshacer = fila.getByRole('button', { name: 'Deshacer' })
      await deshacer.waitFor()
      expect(await fila.innerText()).toContain('Antes: En espera · Rosa Huamán')
      await foto(rosa.page, 'estados-deshacer-personal')
      await rosa.context.clock.fastForward('10:30')
      await deshacer.waitFor({ state: 'detached' })
      expect(rosa.errors).toEqual([])
    } finally {
      await rosa.context.close()
    }
  })
})
