// The patient's results in Chromium at 1440, 1366 and 375 px, against the built app: the desk
// registers an atención and prints its ticket, whose PDF carries the access code in groups; a
// médico signs the informe; the patient, in a browser with no session, types their DNI and that
// code (lower case, spaces) at /resultados, sees the signed informe and downloads its PDF. A wrong
// code gets the server's message; the desk reissues a code from the patient's record (printing
// only its box) and from the reprinted ticket, and the old one stops working at once. An admin
// sets how many days a code works.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
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
import { DIR, hay } from './pdf.js'
import { firmarInformePorApi, registrarPorApi } from './steps.js'

const e2e = usarApp()
const errores: string[][] = []
const CLAVE = 'ecografo-verde-22'

let recepcion: Page
let pacienteId: number
let atencionId: number
let dni: string
/** As printed: «K7QM-2XHD-9PRA-TW4C». */
let codigo: string

beforeAll(async () => {
  recepcion = await e2e.entrar(ANCHOS[0][1])
  await apiPost(recepcion, e2e.app, '/usuarios', {
    usuario: 'rosa.vidal',
    nombre: 'Dra. Rosa Vidal',
    rol: 'medico',
    colegiatura: 'CMP 51234',
    contrasena: CLAVE,
  })
  const p = await registrarPorApi(recepcion, e2e.app, {
    primerNombre: 'Ñusta',
    primerApellido: 'Quispecahuana',
    fechaNacimiento: '1980-05-04',
  })
  dni = p.documento
  pacienteId = p.id
  const a = await apiPost<{ id: number }>(recepcion, e2e.app, `/pacientes/${p.id}/atenciones`, {
    sede: 'Lima',
    modalidad: 'RX',
    estudios: [{ nombre: 'Tórax PA' }],
    prioridad: 'Rutina',
  })
  atencionId = a.id

  // The first ticket issues the code and prints it.
  await recepcion.goto(`/atenciones/${a.id}/ticket`)
  const impreso = recepcion.getByTestId('codigo-acceso')
  await impreso.waitFor()
  codigo = (await impreso.innerText()).trim()
  expect(codigo).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/)
  const pdf = join(DIR, 'ticket-con-codigo.pdf')
  await recepcion.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true })
  expect(readFileSync(pdf).subarray(0, 4).toString()).toBe('%PDF')
  if (hay('pdftotext')) {
    const texto = execFileSync('pdftotext', [pdf, '-']).toString()
    expect(texto).toContain(codigo)
    expect(texto).toMatch(/\/resultados/)
  }

  for (const estado of ['En proceso', 'Completado'])
    await apiPatch(recepcion, e2e.app, `/atenciones/${a.id}`, { estado })
  const medica = await e2e.entrar(ANCHOS[0][1], { usuario: 'rosa.vidal', contrasena: CLAVE })
  await firmarInformePorApi(medica, e2e.app, a.id, CLAVE)
}, 120_000)

/** A browser with no session at all: the patient at home. */
async function sinCuenta(viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await newContext(e2e.app, viewport)).newPage()
  errores.push(watchErrors(page))
  return page
}

async function ingresar(page: Page, documento: string, texto: string) {
  await page.goto('/resultados')
  await page.getByLabel('Tipo de documento').selectOption('dni')
  await page.getByLabel('Número de documento').fill(documento)
  await page.getByLabel('Código de acceso').fill(texto)
  await page.getByRole('button', { name: 'Ver mis resultados' }).click()
}

describe.each(ANCHOS)('Mis resultados en %s', (_nombre, viewport) => {
  let page: Page

  beforeAll(async () => {
    page = await sinCuenta(viewport)
  })

  it('el formulario agrupa el código mientras se escribe', async () => {
    await page.goto('/resultados')
    await page.getByRole('heading', { name: 'Mis resultados' }).waitFor()
    expect(await page.getByRole('navigation').count()).toBe(0)
    const campo = page.getByLabel('Código de acceso')
    await campo.pressSequentially(codigo.replace(/-/g, '').slice(0, 6).toLowerCase())
    expect(await campo.inputValue()).toBe(codigo.slice(0, 7))
    await campo.fill('')
    await sinScrollHorizontal(page)
    await shot(page, 'resultados-formulario')
    await expectAccessible(page, 'resultados-formulario')
  })

  it('un código equivocado dice que no son correctos', async () => {
    await ingresar(page, dni, 'AAAA-BBBB-CCCC-DDDD')
    await page
      .getByRole('alert')
      .filter({ hasText: 'El documento o el código de acceso no son correctos' })
      .waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'resultados-codigo-errado')
  })

  it('el paciente ve su informe firmado y descarga el PDF; Salir vuelve al formulario', async () => {
    await ingresar(page, dni, ` ${codigo.toLowerCase().replace(/-/g, ' ')} `)
    await page.getByRole('heading', { name: 'Hola, Ñusta' }).waitFor()
    const doc = page.getByRole('listitem').filter({ hasText: 'Informe de DX (RX)' })
    await doc.waitFor()
    expect(await doc.innerText()).toContain('Versión 1')
    // Nothing of the code stays in the browser's storage.
    const guardado = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }]),
    )
    expect(guardado).not.toContain(codigo.slice(0, 4))
    await sinScrollHorizontal(page)
    await shot(page, 'resultados-documentos')
    await expectAccessible(page, 'resultados-documentos')
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      doc.getByRole('button', { name: 'Descargar PDF' }).click(),
    ])
    const ruta = await descarga.path()
    expect(readFileSync(ruta).subarray(0, 5).toString()).toBe('%PDF-')
    await page.getByRole('button', { name: 'Salir' }).click()
    await page.getByRole('button', { name: 'Ver mis resultados' }).waitFor()
  })

  it('el ticket reimpreso dice que el código ya se entregó', async () => {
    await recepcion.setViewportSize(viewport)
    await recepcion.goto(`/atenciones/${atencionId}/ticket`)
    await recepcion
      .getByText(
        /Su código de acceso ya se entregó el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} y vale hasta/,
      )
      .waitFor()
    expect(await recepcion.getByTestId('codigo-acceso').count()).toBe(0)
    await shot(recepcion, 'resultados-ticket-reimpreso')
  })

  it('la ficha reemite el código tras confirmar, y solo su recuadro se imprime', async () => {
    await recepcion.goto(`/pacientes/${pacienteId}`)
    await recepcion.getByRole('button', { name: 'Reemitir código de acceso' }).click()
    const pregunta = recepcion.getByRole('dialog', { name: '¿Reemitir el código de acceso?' })
    await pregunta.getByText('El código anterior dejará de servir en el acto').waitFor()
    await shot(recepcion, 'resultados-ficha-confirmar')
    await pregunta.getByRole('button', { name: 'Reemitir código' }).click()
    const dialogo = recepcion.getByRole('dialog', { name: 'Código de acceso nuevo' })
    const nuevo = (await dialogo.getByTestId('codigo-acceso').innerText()).trim()
    expect(nuevo).not.toBe(codigo)
    codigo = nuevo
    await sinScrollHorizontal(recepcion)
    await shot(recepcion, 'resultados-ficha-codigo-nuevo')
    await expectAccessible(recepcion, 'resultados-ficha-codigo-nuevo')
    if (hay('pdftotext')) {
      const pdf = join(DIR, `ficha-codigo-nuevo-${viewport.width}.pdf`)
      await recepcion.pdf({ path: pdf, preferCSSPageSize: true })
      const texto = execFileSync('pdftotext', [pdf, '-']).toString()
      expect(texto.replace(/\s/g, '')).toContain(nuevo)
      // The record behind the dialog does not print.
      expect(texto).not.toContain('Quispecahuana')
    }
    await dialogo.getByRole('button', { name: 'Cerrar' }).click()
  })

  it('Configuración › Clínica: la vigencia del código, de 1 a 3650 días', async () => {
    await recepcion.goto('/configuracion/clinica')
    const campo = recepcion.getByLabel('Vigencia del código de acceso (días)')
    await expect.poll(() => campo.inputValue()).toMatch(/^\d+$/)
    const seccion = recepcion.locator('form', { has: campo })
    await campo.fill('0')
    await seccion.getByRole('button', { name: 'Guardar' }).click()
    await seccion.getByText('Escriba de 1 a 3650 días').waitFor()
    await shot(recepcion, 'resultados-configuracion-vigencia')
    const dias = String(30 + (viewport.width % 100))
    await campo.fill(dias)
    await seccion.getByRole('button', { name: 'Guardar' }).click()
    await seccion.getByText('Vigencia del código guardada.').waitFor()
    await recepcion.reload()
    await expect.poll(() => campo.inputValue()).toBe(dias)
  })
})

it('si la sesión de descarga terminó, vuelve al formulario con el aviso', async () => {
  const page = await sinCuenta(ANCHOS[2][1])
  await ingresar(page, dni, codigo)
  await page.getByRole('heading', { name: 'Hola, Ñusta' }).waitFor()
  await page.context().clearCookies()
  await page.getByRole('button', { name: 'Descargar PDF' }).click()
  await page.getByRole('alert').filter({ hasText: 'Su acceso terminó' }).waitFor()
  await page.getByRole('button', { name: 'Ver mis resultados' }).waitFor()
})

it('recepción emite un código nuevo desde el ticket: el anterior deja de servir en el acto', async () => {
  await recepcion.setViewportSize(ANCHOS[0][1])
  await recepcion.goto(`/atenciones/${atencionId}/ticket`)
  await recepcion.getByRole('button', { name: 'Emitir código nuevo' }).click()
  const impreso = recepcion.getByTestId('codigo-acceso')
  await impreso.waitFor()
  const nuevo = (await impreso.innerText()).trim()
  expect(nuevo).not.toBe(codigo)
  await shot(recepcion, 'resultados-ticket-codigo-nuevo')

  const page = await sinCuenta(ANCHOS[2][1])
  await ingresar(page, dni, codigo)
  await page.getByRole('alert').filter({ hasText: 'no son correctos' }).waitFor()
  await ingresar(page, dni, nuevo)
  await page.getByRole('heading', { name: 'Hola, Ñusta' }).waitFor()
})

it('sin errores en la consola de ningún navegador', () => {
  expect([...e2e.errores, ...errores].flat()).toEqual([])
})
