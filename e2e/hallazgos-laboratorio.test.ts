// A lab value past a critical limit on the dashboard in Chromium at 1440, 1366 and 375 px, against
// the built app: a tecnólogo receives a glucose sample and types 452 mg/dL, reception sees it in
// Alertas with the analito, value, unit and flag and a link to the lab results, records the call
// and it leaves Alertas.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HallazgoCritico } from '../shared/hallazgos.js'
import type { Muestra } from '../shared/muestras.js'
import type { ResultadosAtencion } from '../shared/resultados.js'
import {
  ANCHOS,
  api,
  apiPost,
  expectAccessible,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e
const CLAVE = 'centrifuga-verde-48'

/** The tecnólogo's calls: register and receive the samples, then save `valor` for glucose. */
async function glucosaCritica(tec: Page, origen: string, atencion: number, valor: number) {
  const h = { origin: origen, accept: 'application/json' }
  const muestras = await tec.request.post(`/atenciones/${atencion}/muestras`, { headers: h })
  expect(muestras.status(), await muestras.text()).toBe(200)
  for (const m of (await muestras.json()) as Muestra[]) {
    const r = await tec.request.post(`/muestras/${m.codigo}/recepcion`, { headers: h })
    expect(r.status(), await r.text()).toBe(200)
  }
  const leido = await tec.request.get(`/atenciones/${atencion}/resultados`, { headers: h })
  const r = (await leido.json()) as ResultadosAtencion
  const glucosa = r.examenes[0]!.filas.find((f) => f.analito.codigo === 'GLU')!.analito.id
  const guardado = await tec.request.put(`/atenciones/${atencion}/resultados`, {
    headers: { ...h, 'if-match': leido.headers().etag! },
    data: { resultados: [{ analitoId: glucosa, valor }] },
  })
  expect(guardado.status(), await guardado.text()).toBe(200)
}

describe.each(ANCHOS)('Un valor crítico de laboratorio en %s', (_nombre, viewport) => {
  const usuario = `ana.laboratorio${viewport.width}`
  const apellido = { 1440: 'Mamani', 1366: 'Apaza', 375: 'Yupanqui' }[viewport.width]!
  let page: Page
  let atencion: number
  let hallazgo: HallazgoCritico

  beforeAll(async () => {
    page = await e2e.entrar(viewport)
    await apiPost(page, e2e.app, '/usuarios', {
      usuario,
      nombre: `Lic. Ana Torres ${viewport.width}`,
      rol: 'tecnologo',
      colegiatura: 'CTMP 5521',
      contrasena: CLAVE,
    })
    const p = await registrarPorApi(page, e2e.app, {
      primerNombre: 'Killa',
      primerApellido: apellido,
      fechaNacimiento: '1968-09-03',
    })
    atencion = (
      await apiPost<{ id: number }>(page, e2e.app, `/pacientes/${p.id}/atenciones`, {
        sede: 'Lima',
        modalidad: 'LAB',
        estudios: [{ nombre: 'Glucosa' }],
      })
    ).id
    const tec = await e2e.entrar(viewport, { usuario, contrasena: CLAVE })
    await glucosaCritica(tec, e2e.app.url, atencion, 452)
    const lista = await api<{ hallazgos: HallazgoCritico[] }>(page, '/hallazgos-criticos')
    hallazgo = lista.hallazgos.find((h) => h.atencionId === atencion)!
  })

  it('Alertas muestra el analito, su valor, unidad y bandera, quién lo ingresó y sus resultados', async () => {
    expect(hallazgo).toMatchObject({
      informeId: null,
      resultado: { analito: 'Glucosa', valor: '452', unidad: 'mg/dL', bandera: 'HH' },
    })
    await page.reload()
    const item = page.getByTestId(`hallazgo-${hallazgo.id}`)
    await item.waitFor()
    await item
      .getByText(/Glucosa/)
      .first()
      .waitFor()
    await expect(item.getByTestId(`hallazgo-valor-${hallazgo.id}`).textContent()).resolves.toBe(
      'Glucosa 452 mg/dL (HH)',
    )
    await item.getByText(`Ingresó Lic. Ana Torres ${viewport.width}`, { exact: false }).waitFor()
    await expect(
      item
        .getByRole('link', { name: `Ver los resultados de Killa ${apellido}` })
        .getAttribute('href'),
    ).resolves.toBe(`/laboratorio/atenciones/${atencion}`)
    await sinScrollHorizontal(page)
    await shot(page, 'dashboard-valor-critico')
    await expectAccessible(page, 'dashboard-valor-critico')
  })

  it('la comunicación se registra y el valor sale de Alertas', async () => {
    const item = page.getByTestId(`hallazgo-${hallazgo.id}`)
    await item.getByRole('button', { name: 'Registrar comunicación' }).click()
    const dialogo = page.getByRole('dialog', { name: 'Registrar comunicación' })
    await dialogo.waitFor()
    await dialogo.getByText(/Valor crítico de Killa .*: Glucosa 452 mg\/dL/).waitFor()
    await dialogo.getByLabel('Comunicado a').fill('Dra. Ríos, médica tratante')
    await dialogo.getByLabel('Teléfono').check()
    await dialogo.getByLabel('Sí, lo releyó').check()
    await dialogo.getByRole('button', { name: 'Registrar comunicación' }).click()
    await dialogo.waitFor({ state: 'detached' })
    await item.waitFor({ state: 'detached' })
    const r = await api<ResultadosAtencion>(page, `/atenciones/${atencion}/resultados`)
    expect(r.examenes[0]!.filas[0]!.resultado!.critico!.comunicadoEn).not.toBeNull()
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})
