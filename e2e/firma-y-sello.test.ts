// «Firma y sello» in Mi cuenta, in Chromium at 1440, 1366 and 375 px against the built app on a
// fresh database: a médico uploads the image of their signature and stamp, sees it as the informe
// prints it (over the line, their name and colegiatura), is told in Spanish what is refused, and
// removes it; a receptionist's Mi cuenta has no such section.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  apiPost,
  DESKTOP,
  expectAccessible,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'

const e2e = usarApp()
const { errores } = e2e

const CLAVE = 'ecografia-doppler-2024'

beforeAll(async () => {
  const admin = await e2e.entrar(DESKTOP)
  for (const ancho of ['1440', '1366', '375'])
    await apiPost(admin, e2e.app, '/usuarios', {
      usuario: `dra.quispe.${ancho}`,
      nombre: 'Dra. Carmen Quispe Mamani',
      rol: 'medico',
      colegiatura: 'CMP 45821 RNE 23817',
      contrasena: CLAVE,
    })
  await apiPost(admin, e2e.app, '/usuarios', {
    usuario: 'rosa.recepcion',
    nombre: 'Rosa Huamán',
    rol: 'recepcion',
    contrasena: CLAVE,
  })
}, 60_000)

/** A signature and a round stamp on a transparent PNG, drawn by the page's own canvas. */
async function imagenDeFirma(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = 480
    c.height = 180
    const g = c.getContext('2d')!
    g.strokeStyle = '#1e3a8a'
    g.lineWidth = 5
    g.lineCap = 'round'
    g.beginPath()
    g.moveTo(20, 130)
    g.bezierCurveTo(70, 20, 110, 170, 160, 90)
    g.bezierCurveTo(190, 40, 220, 150, 260, 100)
    g.lineTo(300, 120)
    g.stroke()
    g.lineWidth = 3
    g.strokeStyle = '#7c1d6f'
    g.beginPath()
    g.arc(390, 90, 70, 0, Math.PI * 2)
    g.stroke()
    g.fillStyle = '#7c1d6f'
    g.font = 'bold 16px sans-serif'
    g.textAlign = 'center'
    g.fillText('CMP 45821', 390, 85)
    g.fillText('RNE 23817', 390, 108)
    return c.toDataURL('image/png').split(',')[1]!
  })
  return Buffer.from(base64, 'base64')
}

for (const [ancho, viewport] of [
  ['1440', DESKTOP],
  ['1366', { width: 1366, height: 768 }],
  ['375', PHONE],
] as const) {
  describe(`Firma y sello (${ancho} px)`, () => {
    it('un médico sube su firma y sello, la ve como se imprime y la quita', async () => {
      const page = await e2e.entrar(viewport, { usuario: `dra.quispe.${ancho}`, contrasena: CLAVE })
      await page.goto('/mi-cuenta')
      const seccion = page.getByRole('region', { name: 'Firma y sello' })
      await seccion.getByText('Sin imagen: el informe lleva solo la línea.').waitFor()
      await seccion.getByText('en los informes que firme desde ahora').waitFor()
      const archivo = seccion.getByLabel('Subir imagen')

      // Not an image of those two: refused in Spanish before anything is sent.
      await archivo.setInputFiles({
        name: 'firma.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      })
      await seccion
        .getByRole('alert')
        .filter({ hasText: 'La firma y sello debe ser una imagen PNG o JPEG de hasta 300 KB' })
        .waitFor()
      // Too small to print: the server says why, in pixels.
      const diminuta = await page.evaluate(() => {
        const c = document.createElement('canvas')
        c.width = 40
        c.height = 20
        return c.toDataURL('image/png').split(',')[1]!
      })
      await archivo.setInputFiles({
        name: 'firma.png',
        mimeType: 'image/png',
        buffer: Buffer.from(diminuta, 'base64'),
      })
      await seccion
        .getByRole('alert')
        .filter({ hasText: 'La imagen mide 40 × 20 píxeles' })
        .waitFor()

      await archivo.setInputFiles({
        name: 'firma.png',
        mimeType: 'image/png',
        buffer: await imagenDeFirma(page),
      })
      await seccion.getByRole('status').filter({ hasText: 'Firma y sello guardada.' }).waitFor()
      const imagen = seccion.getByRole('img', { name: 'Su firma y sello actual' })
      await expect
        .poll(() => imagen.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
        .toBe(480)
      expect(await seccion.innerText()).toContain('CMP 45821 RNE 23817')
      await seccion.getByLabel('Cambiar imagen').waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'mi-cuenta-firma')
      await expectAccessible(page, 'Mi cuenta con firma y sello')

      await seccion.getByRole('button', { name: 'Quitar' }).click()
      await seccion.getByRole('status').filter({ hasText: 'Firma y sello quitada.' }).waitFor()
      await seccion.getByText('Sin imagen: el informe lleva solo la línea.').waitFor()
      expect(await imagen.count()).toBe(0)
    })
  })
}

it('la recepción no tiene firma y sello en Mi cuenta', async () => {
  const page = await e2e.entrar(DESKTOP, { usuario: 'rosa.recepcion', contrasena: CLAVE })
  await page.goto('/mi-cuenta')
  await page.getByRole('heading', { name: 'Sesiones abiertas' }).waitFor()
  expect(await page.getByRole('heading', { name: 'Firma y sello' }).count()).toBe(0)
})

it('sin errores en la consola', () => {
  expect(errores.flat()).toEqual([])
})
