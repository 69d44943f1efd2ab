// The clinic's identity in Chromium at 1440, 1366 and 375 px: an admin gives the clinic its name,
// RUC, RENIPRESS code, address, phone and logo in Configuración › Clínica, and they show in the
// menu, the tab's title, the login screen and the atención's ticket; nothing names a product.
import { describe, expect, it } from 'vitest'
import {
  abrirMenu,
  apiPost,
  DESKTOP,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

for (const [viewport, nombre] of [
  [DESKTOP, 'Centro de Diagnóstico San Martín'],
  [{ width: 1366, height: 768 }, 'Clínica de Imágenes Santa Rosa'],
  [PHONE, 'Laboratorio Clínico Virgen de Guadalupe del Norte'],
] as const) {
  const ancho = viewport.width
  describe(`Identidad de la clínica (${ancho} px)`, () => {
    it('Configuración › Clínica: nombre, RUC, RENIPRESS y logo, en el menú, el título, el login y el ticket', async () => {
      const page = await e2e.entrar(viewport)
      await page.goto('/configuracion/clinica')
      const form = page.getByRole('form', { name: 'Datos de la clínica' })
      await form.getByLabel('Nombre').fill(nombre)
      // A RUC whose check digit is wrong is refused before it is sent.
      await form.getByLabel('RUC').fill('20100070971')
      await form.getByRole('button', { name: 'Guardar' }).click()
      await form.getByText('RUC inválido: el dígito verificador no corresponde').waitFor()
      await form.getByLabel('RUC').fill('20100070970')
      await form.getByLabel('Código RENIPRESS').fill('00012345')
      await form.getByLabel('Teléfono').fill('(01) 471-2233')
      await form.getByLabel('Dirección').fill('Av. Arequipa 1234, Lince, Lima')
      await form.getByRole('button', { name: 'Guardar' }).click()
      await form.getByText('Datos de la clínica guardados.').waitFor()
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
      await page.getByText('Logo guardado.').waitFor()
      // What was saved shows at once: the tab's title and the menu's name and logo.
      expect(await page.title()).toBe(`Clínica · ${nombre}`)
      await abrirMenu(page)
      const marca = page.locator('.sidebar .logo__name')
      expect(await marca.innerText()).toBe(nombre)
      await page.locator('.sidebar img.logo__imagen').waitFor()
      await sinScrollHorizontal(page)
      await shot(page, `clinica-configuracion-${ancho}`)

      // The ticket of an atención names the clinic with its RUC, RENIPRESS, address and phone.
      const p = await registrarPorApi(page, e2e.app, {
        primerNombre: 'Teófilo',
        primerApellido: 'Huamán',
        fechaNacimiento: '1955-03-14',
      })
      const a = await apiPost<{ id: number }>(page, e2e.app, `/pacientes/${p.id}/atenciones`, {
        sede: 'Lima',
        modalidad: 'RX',
        estudios: [{ nombre: 'Tórax PA' }],
      })
      await page.goto(`/atenciones/${a.id}/ticket`)
      const cabecera = page.locator('.ticket__cabecera')
      await cabecera.waitFor()
      const texto = await cabecera.innerText()
      for (const parte of [
        nombre,
        'RUC 20100070970',
        'RENIPRESS 00012345',
        'Av. Arequipa 1234',
        'Tel. (01) 471-2233',
      ])
        expect(texto).toContain(parte)
      await cabecera.locator('img.ticket__logo').waitFor()
      await shot(page, `clinica-ticket-${ancho}`)

      // Signed out, the login screen says whose it is.
      const fuera = await page.context().browser()!.newContext({ viewport })
      const login = await fuera.newPage()
      await login.goto(`${e2e.app.url}/login`)
      await login.locator('.logo__name', { hasText: nombre }).waitFor()
      expect(await login.title()).toBe(`Iniciar sesión · ${nombre}`)
      await sinScrollHorizontal(login)
      await shot(login, `clinica-login-${ancho}`)
      await fuera.close()
      expect(await page.content()).not.toContain('RadiSys')
    })
  })
}
