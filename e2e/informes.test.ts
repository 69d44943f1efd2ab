// The radiologist's day in Chromium at 1440, 1366 and 375 px, against the built app: a médico
// finds a completed study in «Por informar», takes it, writes the sections (bold with Ctrl+B, a
// list), sees it save itself and survive a reload, meets a save from a second tab as both
// versions to choose from, signs with the password (a wrong one first) and opens the signed PDF.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  abrirMenu,
  apiPatch,
  apiPost,
  DESKTOP,
  expectAccessible,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e
const CLAVE = 'ecografo-verde-22'

const CASOS = [
  ['escritorio', DESKTOP],
  ['portátil', { width: 1366, height: 768 }],
  ['teléfono', PHONE],
] as const

describe.each(CASOS)('Informes en %s', (_nombre, viewport) => {
  const usuario = `lucia.paredes${viewport.width}`
  // Names take letters only: each width its own patient.
  const apellido = { 1440: 'Huamán', 1366: 'Quispe', 375: 'Mamani' }[viewport.width]!
  let page: Page
  let atencion: number
  let informeUrl: string

  beforeAll(async () => {
    const admin = await e2e.entrar(viewport)
    await apiPost(admin, e2e.app, '/usuarios', {
      usuario,
      nombre: `Dra. Lucía Paredes ${viewport.width}`,
      rol: 'medico',
      colegiatura: 'CMP 45821',
      contrasena: CLAVE,
    })
    const p = await registrarPorApi(admin, e2e.app, {
      primerNombre: 'Ñusta',
      primerApellido: apellido,
      fechaNacimiento: '1980-05-04',
    })
    const a = await apiPost<{ id: number }>(admin, e2e.app, `/pacientes/${p.id}/atenciones`, {
      sede: 'Lima',
      modalidad: 'RX',
      estudios: [{ nombre: 'Tórax PA' }],
      prioridad: 'Urgente',
    })
    atencion = a.id
    for (const estado of ['En proceso', 'Completado'])
      await apiPatch(admin, e2e.app, `/atenciones/${atencion}`, { estado })
    page = await e2e.entrar(viewport, { usuario, contrasena: CLAVE })
  })

  it('Por informar lista el estudio; «Tomar» abre su borrador', async () => {
    await abrirMenu(page)
    await page.getByRole('link', { name: 'Por informar' }).click()
    await page.waitForURL('**/informes')
    const fila = page.getByTestId(`por-informar-${atencion}`)
    await fila.getByText('Sin empezar').waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'informes-por-informar')
    await expectAccessible(page, 'informes-por-informar')
    await fila.getByRole('button', { name: /^Tomar:/ }).click()
    await page.waitForURL(/\/informes\/\d+$/)
    informeUrl = new URL(page.url()).pathname
    await page.getByRole('heading', { name: /^Informe N\.º \d{6}$/ }).waitFor()
  })

  it('se guarda solo mientras se escribe, y sigue allí al recargar', async () => {
    const hallazgos = page.locator('#seccion-hallazgos')
    await hallazgos.click()
    await page.keyboard.type('Campos pulmonares ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('sin consolidaciones')
    await page.keyboard.press('Control+b')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Senos costofrénicos libres.')
    await page.locator('#seccion-conclusion').click()
    await page.keyboard.type('Tórax dentro de límites normales; índice ≥ 0,5.')
    await page.getByTestId('guardado').filter({ hasText: 'Guardado' }).waitFor({ timeout: 15_000 })
    await shot(page, 'informes-editor')
    await expectAccessible(page, 'informes-editor')
    await page.reload()
    await page
      .locator('#seccion-hallazgos strong')
      .filter({ hasText: 'sin consolidaciones' })
      .waitFor()
    expect(await page.locator('#seccion-hallazgos li').innerText()).toBe(
      'Senos costofrénicos libres.',
    )
    await sinScrollHorizontal(page)
  })

  it('lo que otra pestaña guardó antes se muestra junto a lo propio, para elegir', async () => {
    const otra = await page.context().newPage()
    await otra.goto(informeUrl)
    await otra.locator('#seccion-recomendaciones').click()
    await otra.keyboard.type('Control en seis meses.')
    await otra.getByTestId('guardado').filter({ hasText: 'Guardado' }).waitFor({ timeout: 15_000 })
    await otra.close()
    await page.locator('#seccion-tecnica').click()
    await page.keyboard.type('Proyección PA.')
    const conflicto = page.getByRole('alert').filter({ hasText: 'se guardó desde otra ventana' })
    await conflicto.waitFor({ timeout: 15_000 })
    await conflicto.getByText('Control en seis meses.').waitFor()
    await conflicto.getByText('Proyección PA.').waitFor()
    await shot(page, 'informes-conflicto')
    await conflicto.getByRole('button', { name: 'Usar lo guardado' }).click()
    await page.locator('#seccion-recomendaciones').getByText('Control en seis meses.').waitFor()
    expect((await page.locator('#seccion-tecnica').innerText()).trim()).toBe('')
  })

  it('firma con la contraseña: una equivocada no firma; firmado, ofrece su PDF', async () => {
    await page.getByRole('button', { name: 'Firmar' }).click()
    const dialogo = page.getByRole('dialog', { name: /^Firmar el informe/ })
    await dialogo.getByLabel('Su contraseña').fill('no-es-la-mia')
    await dialogo.getByRole('button', { name: 'Firmar' }).click()
    await dialogo.getByText('Contraseña incorrecta').waitFor()
    await shot(page, 'informes-firmar')
    await dialogo.getByLabel('Su contraseña').fill(CLAVE)
    await dialogo.getByRole('button', { name: 'Firmar' }).click()
    await page.getByText(/^Informe firmado\. Código de verificación [A-Z2-9]{10}\.$/).waitFor()
    await page.getByText('Firmado', { exact: true }).waitFor()
    expect(await page.locator('#seccion-hallazgos').getAttribute('contenteditable')).toBe('false')
    const enlace = page.getByRole('link', { name: 'Ver PDF' })
    const pdf = await page.request.get((await enlace.getAttribute('href'))!)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
    await sinScrollHorizontal(page)
    await shot(page, 'informes-firmado')
    await expectAccessible(page, 'informes-firmado')
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})
