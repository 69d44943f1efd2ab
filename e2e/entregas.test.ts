// Entregas in Chromium at 1440, 1366 and 375 px, against the built app: the desk records a printed
// copy of a signed informe from the patient's record (the form says what is missing in Spanish,
// «La recibe el propio paciente» fills in the patient's name and document) and sees it listed; the
// patient, in a browser with no session, sees that copy on /resultados with their document
// masked, downloads the PDF, and the download joins the list without reloading.
import { readFileSync } from 'node:fs'
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
import { firmarInformePorApi, registrarPorApi } from './steps.js'

const e2e = usarApp()
const CLAVE = 'ecografo-verde-22'

let recepcion: Page
let medica: Page

beforeAll(async () => {
  recepcion = await e2e.entrar(ANCHOS[0][1])
  await apiPost(recepcion, e2e.app, '/usuarios', {
    usuario: 'rosa.vidal',
    nombre: 'Dra. Rosa Vidal',
    rol: 'medico',
    colegiatura: 'CMP 51234',
    contrasena: CLAVE,
  })
  medica = await e2e.entrar(ANCHOS[0][1], { usuario: 'rosa.vidal', contrasena: CLAVE })
}, 120_000)

/** A patient with a signed RX informe. */
async function pacienteConInforme() {
  const p = await registrarPorApi(recepcion, e2e.app, {
    primerNombre: 'Ñusta',
    primerApellido: 'Quispecahuana',
    fechaNacimiento: '1980-05-04',
  })
  const a = await apiPost<{ id: number }>(recepcion, e2e.app, `/pacientes/${p.id}/atenciones`, {
    sede: 'Lima',
    modalidad: 'RX',
    estudios: [{ nombre: 'Tórax PA' }],
    prioridad: 'Rutina',
  })
  for (const estado of ['En proceso', 'Completado'])
    await apiPatch(recepcion, e2e.app, `/atenciones/${a.id}`, { estado })
  await firmarInformePorApi(medica, e2e.app, a.id, CLAVE)
  return p
}

describe.each(ANCHOS)('Entregas en %s', (nombre, viewport) => {
  it('recepción registra la copia impresa y el paciente la ve en Mis resultados, con su descarga', async () => {
    const p = await pacienteConInforme()
    await recepcion.setViewportSize(viewport)
    await recepcion.goto(`/pacientes/${p.id}`)
    const tarjeta = recepcion.getByRole('region', { name: 'Entregas' })
    const form = tarjeta.getByRole('form', { name: 'Registrar copia impresa entregada' })
    await expect
      .poll(() => form.getByLabel('Documento entregado').inputValue())
      .toMatch(/^informe:\d+$/)

    // Empty, then half right: each field says what it lacks, and nothing is listed.
    await form.getByRole('button', { name: 'Registrar entrega' }).click()
    await form.getByText('Campo requerido').first().waitFor()
    expect(await form.getByText('Campo requerido').count()).toBe(2)
    await form.getByLabel('Nombre de quien recibe').fill('Rosa')
    await form.getByLabel('Número de documento').fill('1234')
    await form.getByRole('button', { name: 'Registrar entrega' }).click()
    await form.getByText('Escriba nombres y apellidos de quien recibe').waitFor()
    await form.getByText('El DNI debe tener 8 dígitos').waitFor()
    await sinScrollHorizontal(recepcion)
    await tarjeta.scrollIntoViewIfNeeded()
    await shot(recepcion, `entregas-errores-${nombre}`)
    await expectAccessible(recepcion, `entregas-errores-${nombre}`)
    expect(await tarjeta.locator('tbody tr').count()).toBe(0)

    // The patient takes it.
    await form.getByLabel('La recibe el propio paciente').check()
    expect(await form.getByLabel('Nombre de quien recibe').inputValue()).toBe('Ñusta Quispecahuana')
    expect(await form.getByLabel('Número de documento').inputValue()).toBe(p.documento)
    await form.getByRole('button', { name: 'Registrar entrega' }).click()
    await expect
      .poll(() => tarjeta.getByRole('status').textContent())
      .toBe('Entrega registrada: Ñusta Quispecahuana recibió la copia impresa.')
    const fila = tarjeta.locator('tbody tr').first()
    await expect.poll(() => fila.textContent()).toContain('Copia impresa entregada')
    expect(await fila.textContent()).toContain(`Recibió Ñusta Quispecahuana · DNI ${p.documento}`)
    expect(await fila.textContent()).toMatch(/Informe de DX \(RX\)/)
    await sinScrollHorizontal(recepcion)
    await tarjeta.scrollIntoViewIfNeeded()
    await shot(recepcion, `entregas-${nombre}`)
    await expectAccessible(recepcion, `entregas-${nombre}`)

    // The patient at home: a code from the desk, then /resultados without a session.
    const emitido = await recepcion.request.post(`/pacientes/${p.id}/codigo-acceso`, {
      headers: { accept: 'application/json', origin: e2e.app.url },
    })
    expect(emitido.status(), await emitido.text()).toBe(200)
    const { codigo } = (await emitido.json()) as { codigo: string }
    const paciente = await (await newContext(e2e.app, viewport)).newPage()
    const errores = watchErrors(paciente)
    await paciente.goto('/resultados')
    await paciente.getByLabel('Tipo de documento').selectOption('dni')
    await paciente.getByLabel('Número de documento').fill(p.documento)
    await paciente.getByLabel('Código de acceso').fill(codigo)
    await paciente.getByRole('button', { name: 'Ver mis resultados' }).click()
    const doc = paciente.getByRole('listitem').filter({ hasText: 'Informe de DX (RX)' })
    await doc.getByText('1 entrega', { exact: true }).click()
    const oculto = `DNI ···· ${p.documento.slice(-4)}`
    await doc.getByText(`copia impresa entregada a Ñusta Quispecahuana (${oculto})`).waitFor()
    expect(await paciente.content()).not.toContain(p.documento)
    await sinScrollHorizontal(paciente)
    await shot(paciente, `entregas-paciente-${nombre}`)
    await expectAccessible(paciente, `entregas-paciente-${nombre}`)

    const [descarga] = await Promise.all([
      paciente.waitForEvent('download'),
      doc.getByRole('button', { name: 'Descargar PDF' }).click(),
    ])
    expect(
      readFileSync(await descarga.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    await doc.getByText('2 entregas', { exact: true }).waitFor()
    await doc.getByText(/descargado desde esta página/).waitFor()
    expect(errores).toEqual([])

    // And the desk sees the download too.
    await recepcion.reload()
    await expect
      .poll(() => tarjeta.locator('tbody tr').first().textContent())
      .toContain('Por el paciente, desde la página de resultados')
  })
})
