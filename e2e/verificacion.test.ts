// Checking a printed document in Chromium at 1440, 1366 and 375 px, against the built app: a médico
// signs a real informe, its PDF's QR is read, and someone with no account opens that address, sees
// that the document is genuine (and nothing of whose it is), drops the very PDF and reads that it
// matches, then a copy with one byte more and reads that it does not. On the phone the browser has
// no crypto.subtle, as over a clinic's plain-http LAN: the page hashes with @noble/hashes. The first
// QRs' /verificar address leads to the same page, and an unknown code says so.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ANCHOS,
  apiPatch,
  apiPost,
  expectAccessible,
  newContext,
  shot,
  sinScrollHorizontal,
  usarApp,
  watchErrors,
} from './harness.js'
import { aPng, DIR, hay } from './pdf.js'
import { firmarInformePorApi, registrarPorApi } from './steps.js'

const e2e = usarApp()
const errores: string[][] = []
const CLAVE = 'ecografo-verde-22'
const APELLIDO = 'Quispecahuana'

let codigo: string
/** The QR's address without its host: PUBLIC_URL names the clinic's, the test opens its own. */
let rutaQr: string
let pdfReal: string
let pdfOtro: string

beforeAll(async () => {
  const admin = await e2e.entrar(ANCHOS[0][1])
  await apiPost(admin, e2e.app, '/usuarios', {
    usuario: 'rosa.vidal',
    nombre: 'Dra. Rosa Vidal',
    rol: 'medico',
    colegiatura: 'CMP 51234',
    contrasena: CLAVE,
  })
  await apiPatch(admin, e2e.app, '/configuracion/clinica', { nombre: 'Clínica San Martín' })
  const p = await registrarPorApi(admin, e2e.app, {
    primerNombre: 'Ñusta',
    primerApellido: APELLIDO,
    fechaNacimiento: '1980-05-04',
  })
  const a = await apiPost<{ id: number }>(admin, e2e.app, `/pacientes/${p.id}/atenciones`, {
    sede: 'Lima',
    modalidad: 'RX',
    estudios: [{ nombre: 'Tórax PA' }],
    prioridad: 'Rutina',
  })
  for (const estado of ['En proceso', 'Completado'])
    await apiPatch(admin, e2e.app, `/atenciones/${a.id}`, { estado })

  const medica = await e2e.entrar(ANCHOS[0][1], { usuario: 'rosa.vidal', contrasena: CLAVE })
  const informe = await firmarInformePorApi(medica, e2e.app, a.id, CLAVE)
  codigo = informe.codigo
  const pdf = await medica.request.get(`/informes/${informe.id}/pdf`)
  expect(pdf.status()).toBe(200)
  const bytes = await pdf.body()
  pdfReal = join(DIR, 'verificacion-informe.pdf')
  pdfOtro = join(DIR, 'verificacion-otro.pdf')
  writeFileSync(pdfReal, bytes)
  // The same document with one byte more at the end: a PDF reader still opens it.
  writeFileSync(pdfOtro, Buffer.concat([bytes, Buffer.from('\n')]))

  // The address the QR carries, read from the printed page as a phone's camera would.
  const qr =
    hay('pdftoppm') && hay('zbarimg')
      ? execFileSync('zbarimg', ['--raw', '-q', aPng(pdfReal, 'verificacion-informe', 150)[0]!])
          .toString()
          .trim()
      : /Verifique este documento en (\S+?)\.\s/.exec(
          execFileSync('pdftotext', [pdfReal, '-']).toString(),
        )![1]!
  expect(qr).toMatch(new RegExp(`/v/${codigo}$`))
  rutaQr = new URL(qr).pathname
}, 120_000)

/** A browser with no session at all: whoever holds the paper. */
async function sinCuenta(viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await newContext(e2e.app, viewport)).newPage()
  errores.push(watchErrors(page))
  return page
}

describe.each(ANCHOS)('Verificar un documento en %s', (_nombre, viewport) => {
  let page: Page

  beforeAll(async () => {
    page = await sinCuenta(viewport)
    // The phone's browser over plain http: no crypto.subtle, the library hashes instead.
    if (viewport.width < 768)
      await page.addInitScript(() =>
        Object.defineProperty(window.crypto, 'subtle', { get: () => undefined }),
      )
  })

  it('la dirección del QR dice que es auténtico, de qué clínica y qué es, sin datos del paciente', async () => {
    await page.goto(rutaQr)
    const veredicto = page.getByText('Documento auténtico emitido por Clínica San Martín')
    await veredicto.waitFor()
    const datos = page.locator('.verificar__datos')
    await datos.getByText('Informe de DX (RX)').waitFor()
    expect(await datos.innerText()).toContain(`${codigo.slice(0, 5)}-${codigo.slice(5)}`)
    expect(await page.locator('body').innerText()).not.toContain(APELLIDO)
    expect(await page.locator('body').innerText()).not.toContain('Ñusta')
    expect(await page.title()).toBe('Verificar documento · Clínica San Martín')
    // Nobody signed in: no menu, no session asked for.
    expect(await page.getByRole('navigation').count()).toBe(0)
    await sinScrollHorizontal(page)
    await shot(page, 'verificacion-documento')
    await expectAccessible(page, 'verificacion-documento')
  })

  it('el PDF entregado coincide; uno con un byte más no', async () => {
    if (viewport.width < 768)
      expect(await page.evaluate(() => typeof window.crypto.subtle)).toBe('undefined')
    const archivo = page.getByLabel(/Elija el archivo PDF/)
    await archivo.setInputFiles(pdfReal)
    await page
      .getByText('verificacion-informe.pdf: el archivo coincide con el documento emitido')
      .waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'verificacion-coincide')
    await archivo.setInputFiles(pdfOtro)
    const distinto = page.getByRole('alert').filter({ hasText: 'el archivo no coincide' })
    await distinto.waitFor()
    expect(await distinto.innerText()).toContain('verificacion-otro.pdf')
    await sinScrollHorizontal(page)
    await shot(page, 'verificacion-no-coincide')
    await expectAccessible(page, 'verificacion-no-coincide')
  })

  it('un código desconocido lo dice; otro código se escribe con guion y en minúsculas', async () => {
    await page.goto('/v/AAAAA-BBBBB')
    await page
      .getByRole('alert')
      .filter({ hasText: 'No encontramos un documento con ese código' })
      .waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'verificacion-desconocido')
    await page.getByLabel('Verificar otro código').fill('no')
    await page.getByRole('button', { name: 'Verificar' }).click()
    await page.getByText(/Escriba los diez caracteres del código/).waitFor()
    await page
      .getByLabel('Verificar otro código')
      .fill(`${codigo.slice(0, 5)}-${codigo.slice(5)}`.toLowerCase())
    await page.getByRole('button', { name: 'Verificar' }).click()
    await page.waitForURL(`**/v/${codigo}`)
    await page.getByText('Documento auténtico emitido por Clínica San Martín').waitFor()
  })

  it('la dirección de los primeros QR, /verificar/<código>, lleva a la misma página', async () => {
    await page.goto(`/verificar/${codigo}`)
    await page.waitForURL(`**/v/${codigo}`)
    await page.getByText('Documento auténtico emitido por Clínica San Martín').waitFor()
  })
})

it('sin errores en la consola de ningún navegador', () => {
  expect([...e2e.errores, ...errores].flat()).toEqual([])
})
