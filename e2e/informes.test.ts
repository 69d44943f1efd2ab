// The radiologist's day in Chromium at 1440, 1366 and 375 px, against the built app: a médico
// finds a completed study in «Por informar», takes it, writes the sections (bold with Ctrl+B, a
// list), sees it save itself and survive a reload, meets a save from a second tab as both
// versions to choose from, signs with the password (a wrong one first) and opens the signed PDF.
// The draft starts from the study's template; a second study of the patient shows the first one's
// report beside the editor, a phrase's shortcut and Tab write the phrase, and the patient's page
// lists both; the admin edits templates and phrases in Configuración › Informes.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ANCHOS,
  abrirMenu,
  apiPatch,
  apiPost,
  expectAccessible,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e
const CLAVE = 'ecografo-verde-22'

describe.each(ANCHOS)('Informes en %s', (_nombre, viewport) => {
  const usuario = `lucia.paredes${viewport.width}`
  // Names take letters only: each width its own patient.
  const apellido = { 1440: 'Huamán', 1366: 'Quispe', 375: 'Mamani' }[viewport.width]!
  let page: Page
  let admin: Page
  let pacienteId: number
  let atencion: number
  let informeUrl: string

  beforeAll(async () => {
    admin = await e2e.entrar(viewport)
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
    pacienteId = p.id
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
    await page
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: 'Por informar' })
      .click()
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
    // The study's template: the seeded normal report of a chest X-ray.
    await page
      .locator('#seccion-conclusion')
      .getByText('Radiografía de tórax sin alteraciones significativas.')
      .waitFor()
    expect(await page.locator('#seccion-tecnica').innerText()).toContain('posteroanterior')
    const hallazgos = page.locator('#seccion-hallazgos')
    await hallazgos.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.type('Campos pulmonares ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('sin consolidaciones')
    await page.keyboard.press('Control+b')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Senos costofrénicos libres.')
    await page.locator('#seccion-conclusion').click()
    await page.keyboard.press('Control+a')
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
    // One input, not a key at a time: a save that fires between two keys meets the conflict,
    // which makes the editor read-only and drops the keys still to come.
    await page.keyboard.insertText('Proyección PA.')
    const conflicto = page.getByRole('alert').filter({ hasText: 'se guardó desde otra ventana' })
    await conflicto.waitFor({ timeout: 15_000 })
    await conflicto.getByText('Control en seis meses.').waitFor()
    await conflicto.getByText('Proyección PA.').waitFor()
    await shot(page, 'informes-conflicto')
    await conflicto.getByRole('button', { name: 'Usar lo guardado' }).click()
    await page.locator('#seccion-recomendaciones').getByText('Control en seis meses.').waitFor()
    expect(await page.locator('#seccion-tecnica').innerText()).not.toContain('Proyección PA.')
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

  it('el estudio siguiente muestra el informe anterior al lado, y un atajo con Tab escribe su frase', async () => {
    const segunda = await apiPost<{ id: number }>(
      admin,
      e2e.app,
      `/pacientes/${pacienteId}/atenciones`,
      {
        sede: 'Lima',
        modalidad: 'RX',
        estudios: [{ nombre: 'Tórax PA' }],
        prioridad: 'Rutina',
      },
    )
    for (const estado of ['En proceso', 'Completado'])
      await apiPatch(admin, e2e.app, `/atenciones/${segunda.id}`, { estado })
    await abrirMenu(page)
    await page
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: 'Por informar' })
      .click()
    await page
      .getByTestId(`por-informar-${segunda.id}`)
      .getByRole('button', { name: /^Tomar:/ })
      .click()
    await page.waitForURL(/\/informes\/\d+$/)
    const lado = page.getByRole('complementary', { name: 'Apoyo para informar' })
    await lado.getByText('Tórax dentro de límites normales; índice ≥ 0,5.').waitFor()
    const conclusion = page.locator('#seccion-conclusion')
    await conclusion.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.type('Estable respecto al previo. sas')
    await page.keyboard.press('Tab')
    await conclusion
      .getByText('Estable respecto al previo. Sin alteraciones significativas.')
      .waitFor()
    // Tab after a word that is no shortcut moves on, as everywhere.
    await page.keyboard.type(' nada')
    await page.keyboard.press('Tab')
    expect(await conclusion.innerText()).toBe(
      'Estable respecto al previo. Sin alteraciones significativas. nada',
    )
    await lado.getByRole('button', { name: /Correlacionar con los datos clínicos/ }).waitFor()
    await page.getByTestId('guardado').filter({ hasText: 'Guardado' }).waitFor({ timeout: 15_000 })
    await sinScrollHorizontal(page)
    await shot(page, 'informes-anteriores-y-frases')
    await expectAccessible(page, 'informes-anteriores-y-frases')
  })

  it('la ficha del paciente lista sus informes con sus versiones', async () => {
    await page.goto(`/pacientes/${pacienteId}`)
    const seccion = page.getByRole('region', { name: 'Informes' })
    await seccion.getByText('Firmado', { exact: false }).first().waitFor()
    expect(await seccion.getByTestId('informes-atencion').count()).toBe(2)
    await seccion.getByText('Borrador').waitFor()
    await seccion.getByRole('link', { name: 'PDF' }).waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'informes-ficha-paciente')
  })

  it('el administrador edita plantillas y frases en Configuración › Informes', async () => {
    await admin.goto('/configuracion/informes')
    await admin
      .locator('#plantilla-conclusion')
      .getByText('Radiografía de tórax sin alteraciones')
      .first()
      .waitFor()
    await admin.getByTestId('frase-sas').waitFor()
    await sinScrollHorizontal(admin)
    await shot(admin, 'configuracion-informes')
    await expectAccessible(admin, 'configuracion-informes')
    await admin.getByRole('button', { name: 'Nueva frase' }).click()
    await admin.getByLabel('Atajo').fill(`torax${viewport.width}`)
    await admin.getByLabel('Texto').fill('Tórax sin cambios.')
    await admin.getByRole('button', { name: 'Agregar frase' }).click()
    await admin.getByTestId(`frase-torax${viewport.width}`).waitFor()
    await admin.getByRole('button', { name: 'Nueva frase' }).click()
    await admin.getByLabel('Atajo').fill('sas')
    await admin.getByLabel('Para').selectOption({ label: 'Todos los estudios' })
    await admin.getByLabel('Texto').fill('Otra.')
    await admin.getByRole('button', { name: 'Agregar frase' }).click()
    await admin.getByText('Ya hay una frase con el atajo «sas» para todos los estudios').waitFor()
    await shot(admin, 'configuracion-informes-frase-repetida')
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})
