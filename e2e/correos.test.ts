// «Avisos por correo» on the patient's record in Chromium at 1440, 1366 and 375 px, against the
// built app and a real SMTP server started here: the desk picks the signed informe, asks for the
// email, sees it queued and then «Enviado» without reloading, and the SMTP server holds one message
// that leads to /resultados and says nothing of the study. A patient without an email is told so.
// For an atención with a médico solicitante, the desk sends it to the physician instead: their
// email links to the PDF, which opens without a session.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servidorSmtp, textoDe } from '../server/test/smtp.js'
import {
  ANCHOS,
  apiPatch,
  apiPost,
  expectAccessible,
  newContext,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { pacienteApi, nuevoDni } from './steps.js'

let smtp: Awaited<ReturnType<typeof servidorSmtp>>
const e2e = usarApp(async () => {
  smtp = await servidorSmtp()
  return { SMTP_URL: smtp.url, SMTP_FROM: 'Clínica San Martín <avisos@clinica.test>' }
})
afterAll(() => smtp?.cerrar())

const CLAVE = 'ecografo-verde-22'
let conCorreo: number
let sinCorreo: number
let conSolicitante: number

/**
 * A patient with an RX informe signed by the médico, the patient's email if given, and the
 * atención's médico solicitante if given.
 */
async function pacienteConInforme(
  admin: Page,
  medica: Page,
  correo: string | null,
  solicitanteId?: number,
) {
  const p = await apiPost<{ id: number }>(admin, e2e.app, '/pacientes', {
    ...pacienteApi({
      documento: nuevoDni(),
      primerNombre: 'Ñusta',
      primerApellido: 'Quispecahuana',
      fechaNacimiento: '1980-05-04',
    }),
    ...(correo && { correoElectronico: correo }),
  })
  const a = await apiPost<{ id: number }>(admin, e2e.app, `/pacientes/${p.id}/atenciones`, {
    sede: 'Lima',
    modalidad: 'RX',
    estudios: [{ nombre: 'Tórax PA' }],
    prioridad: 'Rutina',
    ...(solicitanteId && { solicitanteId }),
  })
  for (const estado of ['En proceso', 'Completado'])
    await apiPatch(admin, e2e.app, `/atenciones/${a.id}`, { estado })
  const origen = { accept: 'application/json', origin: e2e.app.url }
  const borrador = await (
    await medica.request.post(`/atenciones/${a.id}/informe`, { headers: origen })
  ).json()
  const parrafo = (t: string) => [{ tipo: 'parrafo', tramos: [{ t }] }]
  const guardado = await medica.request.put(`/informes/${borrador.id}`, {
    headers: { ...origen, 'if-match': `"${borrador.revision}"` },
    data: { contenido: { hallazgos: parrafo('Sin lesiones.'), conclusion: parrafo('Normal.') } },
  })
  expect(guardado.status(), await guardado.text()).toBe(200)
  const firmado = await medica.request.post(`/informes/${borrador.id}/firmar`, {
    headers: origen,
    data: { contrasena: CLAVE },
  })
  expect(firmado.status(), await firmado.text()).toBe(200)
  return p.id
}

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
  const medica = await e2e.entrar(ANCHOS[0][1], { usuario: 'rosa.vidal', contrasena: CLAVE })
  conCorreo = await pacienteConInforme(admin, medica, 'nusta.quispe@correo.test')
  sinCorreo = await pacienteConInforme(admin, medica, null)
  const medico = await apiPost<{ id: number }>(admin, e2e.app, '/medicos-solicitantes', {
    apellidos: 'Fernández Ruiz',
    nombres: 'Lucía',
    cmp: '45821',
    correo: 'lucia.fernandez@medicos.test',
  })
  conSolicitante = await pacienteConInforme(admin, medica, null, medico.id)
}, 120_000)

describe.each(ANCHOS)('Avisos por correo en %s', (nombre, viewport) => {
  let page: Page
  beforeAll(async () => {
    page = await e2e.entrar(viewport)
  })

  it('la recepción avisa al paciente y ve el correo enviado, una vez y sin datos del estudio', async () => {
    await page.goto(`/pacientes/${conCorreo}`)
    const tarjeta = page.getByRole('region', { name: 'Avisos por correo' })
    await tarjeta.getByRole('combobox', { name: 'Documento' }).waitFor()
    expect(await tarjeta.getByRole('option').allTextContents()).toEqual([
      expect.stringMatching(/^Informe de .+ · versión 1 · /),
    ])
    const antes = smtp.recibidos.length
    const filas = tarjeta.locator('tbody tr')
    const pedidos = await filas.count()
    await tarjeta.getByRole('button', { name: 'Avisar a nusta.quispe@correo.test' }).click()
    await expect
      .poll(() => tarjeta.getByRole('status').textContent())
      .toBe('Aviso en cola para nusta.quispe@correo.test')
    // The list reads itself again until the outbox has sent it: the new row on top.
    await expect.poll(() => filas.count(), { timeout: 15_000 }).toBe(pedidos + 1)
    await expect.poll(() => filas.first().textContent(), { timeout: 15_000 }).toContain('Enviado')
    expect(await filas.first().textContent()).toContain('nusta.quispe@correo.test')

    const nuevos = smtp.recibidos.slice(antes)
    expect(nuevos).toHaveLength(1)
    const texto = textoDe(nuevos[0]!)
    expect(texto).toContain('/resultados')
    expect(texto).toContain('Clínica San Martín')
    expect(texto).not.toMatch(/Rayos|Tórax|RX|Quispecahuana/)

    await sinScrollHorizontal(page)
    await tarjeta.scrollIntoViewIfNeeded()
    await shot(page, `correos-${nombre}`)
    await expectAccessible(page, `correos-${nombre}`)
  })

  it('sin correo registrado, la ficha lo dice y no ofrece el aviso', async () => {
    await page.goto(`/pacientes/${sinCorreo}`)
    const tarjeta = page.getByRole('region', { name: 'Avisos por correo' })
    await tarjeta
      .getByText('El paciente no tiene correo electrónico registrado: agréguelo en «Editar datos».')
      .waitFor()
    expect(await tarjeta.getByRole('button').count()).toBe(0)
  })

  it('al médico solicitante: su correo trae un enlace que abre el PDF sin sesión', async () => {
    await page.goto(`/pacientes/${conSolicitante}`)
    const tarjeta = page.getByRole('region', { name: 'Avisos por correo' })
    // The patient has no email: the physician is the one to send it to.
    await tarjeta
      .getByText('El paciente no tiene correo electrónico registrado: agréguelo en «Editar datos».')
      .waitFor()
    await tarjeta.getByLabel('Médico solicitante: Fernández Ruiz, Lucía').check()
    const antes = smtp.recibidos.length
    await tarjeta.getByRole('button', { name: 'Avisar a lucia.fernandez@medicos.test' }).click()
    await expect
      .poll(() => tarjeta.getByRole('status').textContent())
      .toBe('Aviso en cola para lucia.fernandez@medicos.test')
    const fila = tarjeta.locator('tbody tr').first()
    await expect.poll(() => fila.textContent(), { timeout: 15_000 }).toContain('Enviado')
    expect(await fila.textContent()).toContain('médico solicitante')
    await sinScrollHorizontal(page)
    await tarjeta.scrollIntoViewIfNeeded()
    await shot(page, `correos-solicitante-${nombre}`)
    await expectAccessible(page, `correos-solicitante-${nombre}`)

    await expect.poll(() => smtp.recibidos.length, { timeout: 15_000 }).toBe(antes + 1)
    const texto = textoDe(smtp.recibidos[antes]!)
    const enlace = texto.match(/https?:\/\/\S+\/resultados\/enlace\/[A-Za-z0-9_-]+/)![0]
    // Outside the link (random letters may spell anything): nothing of the patient or the study.
    expect(texto.replace(enlace, '')).not.toMatch(/Rayos|Tórax|RX|Quispecahuana|Ñusta/)
    // The physician clicks it: a browser with no session navigates to it and gets the PDF.
    const sinCuenta = await newContext(e2e.app, viewport)
    const medico = await sinCuenta.newPage()
    const ruta = new URL(enlace).pathname
    const respuesta = await medico.goto(ruta)
    expect(respuesta?.status()).toBe(200)
    expect(respuesta?.headers()['content-type']).toBe('application/pdf')
    // The browser shows it in its viewer; the bytes behind it are the signed PDF.
    const bytes = await sinCuenta.request.get(ruta)
    expect((await bytes.body()).subarray(0, 5).toString()).toBe('%PDF-')
    // A link that never was: a page in Spanish that says so, not the app.
    const invalido = await medico.goto(`${ruta.slice(0, -6)}AAAAAA`)
    expect(invalido?.status()).toBe(404)
    await medico.getByText('El enlace no existe o ya venció').waitFor()
    expect(await medico.getByRole('navigation').count()).toBe(0)
    await shot(medico, `correos-enlace-invalido-${nombre}`)
    await sinCuenta.close()
  })
})
