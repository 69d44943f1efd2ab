// A critical finding on the dashboard in Chromium at 1440, 1366 and 375 px, against the built app:
// a médico signs an informe flagged critical, reception sees it in Alertas with its patient, study,
// signer and wait, records the call (its fields asked first) and it leaves Alertas; the turnaround
// time of the month shows beside it.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HallazgoCritico } from '../shared/hallazgos.js'
import { MENSAJES_HALLAZGOS as M } from '../shared/hallazgos.js'
import {
  ANCHOS,
  api,
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
const CLAVE = 'tomografo-azul-31'

/** A médico's signature of a completed study's informe, flagged critical, through the API. */
async function firmarCritico(medico: Page, origen: string, atencion: number): Promise<number> {
  const abierto = await medico.request.post(`/atenciones/${atencion}/informe`, {
    headers: { origin: origen },
  })
  const { id, revision } = (await abierto.json()) as { id: number; revision: number }
  const guardado = await medico.request.put(`/informes/${id}`, {
    headers: { origin: origen, 'if-match': `"${revision}"` },
    data: {
      contenido: {
        hallazgos: [{ tipo: 'parrafo', tramos: [{ t: 'Neumotórax a tensión derecho.' }] }],
      },
    },
  })
  expect(guardado.status(), await guardado.text()).toBe(200)
  const firmado = await medico.request.post(`/informes/${id}/firmar`, {
    headers: { origin: origen },
    data: { contrasena: CLAVE, hallazgoCritico: true },
  })
  expect(firmado.status(), await firmado.text()).toBe(200)
  return id
}

describe.each(ANCHOS)('Hallazgos críticos en %s', (_nombre, viewport) => {
  const usuario = `raul.quispe${viewport.width}`
  const apellido = { 1440: 'Condori', 1366: 'Huanca', 375: 'Ccama' }[viewport.width]!
  let page: Page
  let informe: number
  let hallazgo: HallazgoCritico

  beforeAll(async () => {
    page = await e2e.entrar(viewport)
    await apiPost(page, e2e.app, '/usuarios', {
      usuario,
      nombre: `Dr. Raúl Quispe ${viewport.width}`,
      rol: 'medico',
      colegiatura: 'CMP 51234',
      contrasena: CLAVE,
    })
    const p = await registrarPorApi(page, e2e.app, {
      primerNombre: 'Wayra',
      primerApellido: apellido,
      fechaNacimiento: '1975-02-11',
    })
    const a = await apiPost<{ id: number }>(page, e2e.app, `/pacientes/${p.id}/atenciones`, {
      sede: 'Lima',
      modalidad: 'RX',
      estudios: [{ nombre: 'Tórax PA' }],
      prioridad: 'Emergencia',
    })
    for (const estado of ['En proceso', 'Completado'])
      await apiPatch(page, e2e.app, `/atenciones/${a.id}`, { estado })
    const medico = await e2e.entrar(viewport, { usuario, contrasena: CLAVE })
    informe = await firmarCritico(medico, e2e.app.url, a.id)
    const lista = await api<{ hallazgos: HallazgoCritico[] }>(page, '/hallazgos-criticos')
    hallazgo = lista.hallazgos.find((h) => h.informeId === informe)!
  })

  it('Alertas muestra el hallazgo con su paciente, estudio, firmante y espera, y el tiempo de informe', async () => {
    await page.reload()
    const item = page.getByTestId(`hallazgo-${hallazgo.id}`)
    await item.waitFor()
    await expect(
      item.getByRole('link', { name: `Wayra ${apellido}`, exact: true }).getAttribute('href'),
    ).resolves.toBe(`/pacientes/${hallazgo.pacienteId}`)
    await item.getByText(/Tórax PA/).waitFor()
    await item.getByText(`Firmó Dr. Raúl Quispe ${viewport.width}`, { exact: false }).waitFor()
    await item.getByText(/^Espera \d+ min$/).waitFor()
    await expect(
      item.getByRole('link', { name: `Ver el informe de Wayra ${apellido}` }).getAttribute('href'),
    ).resolves.toBe(`/informes/${informe}`)
    await page.getByText('y 1 hallazgo crítico por comunicar').waitFor()
    const tiempo = page.getByRole('region', { name: 'Tiempo de informe (mediana, este mes)' })
    await tiempo.getByRole('cell', { name: 'DX (RX)' }).waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'dashboard-hallazgo')
    await expectAccessible(page, 'dashboard-hallazgo')
  })

  it('«Registrar comunicación» pide sus campos, la guarda y el hallazgo sale de Alertas', async () => {
    const item = page.getByTestId(`hallazgo-${hallazgo.id}`)
    await item.getByRole('button', { name: 'Registrar comunicación' }).click()
    const dialogo = page.getByRole('dialog', { name: 'Registrar comunicación' })
    await dialogo.waitFor()
    await dialogo.getByRole('button', { name: 'Registrar comunicación' }).click()
    for (const m of [M.comunicadoA, M.medio, M.releido]) await dialogo.getByText(m).waitFor()
    await shot(page, 'dashboard-comunicar')
    await expectAccessible(page, 'dashboard-comunicar')

    await dialogo.getByLabel('Comunicado a').fill('Dr. Pérez, médico tratante')
    await dialogo.getByLabel('Teléfono').check()
    await dialogo.getByLabel('Sí, lo releyó').check()
    await dialogo.getByLabel('Nota').fill('Paciente trasladado a emergencia')
    await dialogo.getByRole('button', { name: 'Registrar comunicación' }).click()
    await dialogo.waitFor({ state: 'detached' })
    await item.waitFor({ state: 'detached' })
    await page.getByText('Ningún hallazgo crítico espera su comunicación.').waitFor()

    const comunicados = await api<{ hallazgos: HallazgoCritico[] }>(
      page,
      '/hallazgos-criticos?estado=comunicados',
    )
    expect(comunicados.hallazgos[0]).toMatchObject({
      id: hallazgo.id,
      comunicacion: {
        comunicadoA: 'Dr. Pérez, médico tratante',
        medio: 'Teléfono',
        releido: true,
        registradoPor: 'Administrador',
        nota: 'Paciente trasladado a emergencia',
      },
    })
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})
