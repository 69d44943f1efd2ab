// Steps several browser tests share: filling the registration form, making test patients.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { api, apiPatch, apiPost, type App } from './harness.js'

let serie = 0

/** A valid DNI no other test patient has (8 digits). */
export function nuevoDni(): string {
  serie += 1
  return String(
    10_000_000 + (((Date.now() % 1_000_000) * 37 + serie * 7919) % 89_999_999),
  ).padStart(8, '0')
}

export interface DatosPaciente {
  documento: string
  primerNombre: string
  primerApellido: string
  segundoApellido?: string
  fechaNacimiento: string
  departamento?: 'Lima' | 'Arequipa' | 'Cusco'
  celular?: string
}

/** The form's required fields plus a few optional ones, the way a person fills them. */
export async function llenarRegistro(page: Page, d: DatosPaciente): Promise<void> {
  await page.getByLabel('Tipo de documento').selectOption('dni')
  await page.getByRole('textbox', { name: 'Documento', exact: true }).fill(d.documento)
  await page.getByLabel('Primer nombre').fill(d.primerNombre)
  await page.getByLabel('Primer apellido').fill(d.primerApellido)
  if (d.segundoApellido) await page.getByLabel('Segundo apellido').fill(d.segundoApellido)
  await page.getByLabel('Fecha de nacimiento').fill(d.fechaNacimiento)
  await page.getByRole('radio', { name: 'Femenino' }).check()
  await page.getByLabel('Grupo sanguíneo').selectOption('O+')
  await page.getByLabel('Departamento').selectOption(d.departamento ?? 'Lima')
  await page.getByLabel('Zona residencial').selectOption('Urbana')
  await page.getByLabel('Dirección').fill('Av. Los Próceres 456')
  if (d.celular) await page.getByLabel('Celular').fill(d.celular)
  await page.getByLabel(/acepta la política de privacidad/).check()
}

/** The success alert's id: "¡Paciente registrado con éxito! ID: <id>" (docs/producto.md#mensajes). */
export async function idRegistrado(page: Page): Promise<number> {
  const alerta = page.getByRole('alert').filter({ hasText: '¡Paciente registrado con éxito! ID: ' })
  await alerta.waitFor()
  const m = /Paciente registrado con éxito! ID: (\d+)/.exec(await alerta.innerText())
  expect(m, 'texto de éxito').not.toBeNull()
  return Number(m![1])
}

export function pacienteApi(d: DatosPaciente) {
  return {
    tipoDocumento: 'dni',
    documento: d.documento,
    primerNombre: d.primerNombre,
    primerApellido: d.primerApellido,
    segundoApellido: d.segundoApellido ?? '',
    fechaNacimiento: d.fechaNacimiento,
    sexo: 'Masculino',
    departamento: d.departamento ?? 'Cusco',
    municipio:
      d.departamento === 'Lima' ? 'Lima' : d.departamento === 'Arequipa' ? 'Arequipa' : 'Cusco',
    zonaResidencial: 'Rural',
    celular: d.celular ?? '',
    aceptaPolitica: true,
  }
}

/** A patient registered through the API, with a new DNI unless one is given. */
export function registrarPorApi(
  page: Page,
  app: App,
  d: Omit<DatosPaciente, 'documento'> & { documento?: string },
): Promise<{ id: number; nombreCompleto: string; documento: string }> {
  return apiPost(page, app, '/pacientes', pacienteApi({ documento: nuevoDni(), ...d }))
}

/**
 * A médico writes and signs the informe of a completed atención through the API: its id and the
 * verification code printed under its QR.
 */
export async function firmarInformePorApi(
  medico: Page,
  app: App,
  atencionId: number,
  contrasena: string,
): Promise<{ id: number; codigo: string }> {
  const origen = { accept: 'application/json', origin: app.url }
  const borrador = await (
    await medico.request.post(`/atenciones/${atencionId}/informe`, { headers: origen })
  ).json()
  const parrafo = (t: string) => [{ tipo: 'parrafo', tramos: [{ t }] }]
  const guardado = await medico.request.put(`/informes/${borrador.id}`, {
    headers: { ...origen, 'if-match': `"${borrador.revision}"` },
    data: { contenido: { hallazgos: parrafo('Sin lesiones.'), conclusion: parrafo('Normal.') } },
  })
  expect(guardado.status(), await guardado.text()).toBe(200)
  const firmado = await medico.request.post(`/informes/${borrador.id}/firmar`, {
    headers: origen,
    data: { contrasena },
  })
  expect(firmado.status(), await firmado.text()).toBe(200)
  return { id: borrador.id, codigo: (await firmado.json()).codigo }
}

/**
 * Has the clinic work `fechas` where a feriado closes them (shared/feriados.ts), as a clinic open on
 * a holiday would: a test that books today or tomorrow then runs on any day of the year.
 */
export async function atenderFeriados(page: Page, app: App, fechas: string[]): Promise<void> {
  for (const fecha of fechas) {
    const feriados = await api<{ id: number; fecha: string }[]>(
      page,
      `/feriados?anio=${fecha.slice(0, 4)}`,
    )
    for (const f of feriados.filter((x) => x.fecha === fecha))
      await apiPatch(page, app, `/configuracion/feriados/${f.id}`, { atiende: true })
  }
}

/** A sede's agenda of one day, on a phone with the sala chosen in «Sala»: that sala's column. */
export async function abrirAgenda(page: Page, sede: string, fecha: string, sala: string) {
  await page.goto(`/citas?sede=${sede}&fecha=${fecha}`)
  if ((page.viewportSize()?.width ?? 0) < 768)
    await page.getByLabel('Sala', { exact: true }).selectOption({ label: sala })
  return page.getByRole('region', { name: sala })
}
