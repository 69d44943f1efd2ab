// The laboratory's day in Chromium at 1440, 1366 and 375 px, against the built app: a tecnólogo
// (who does not validate) registers a LAB atención's tubes, prints their 50×25 mm labels (read back
// by a barcode decoder), receives them by scanning a label into «Escanear muestra», types the
// hemograma keyboard-first (Enter moves down) and sees its flags appear, types the lipid profile
// and sees LDL calculated, and saves; a médico validates the normal values, records the critical
// value's call-back and validates the rest; the atención is Informado and its result sheet's PDF
// carries the values and the validator. The per-analito grid saves a second patient's glucose.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Muestra } from '../shared/muestras.js'
import type { FilaResultado, ResultadosAtencion } from '../shared/resultados.js'
import {
  ANCHOS,
  abrirMenu,
  api,
  expectAccessible,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { aPng, DIR, hay } from './pdf.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e
const CLAVE = 'centrifuga-azul-37'

/** A value as the grid takes it: the analito's decimals, a decimal comma. */
const escrito = (n: number, decimales: number | null) => n.toFixed(decimales ?? 0).replace('.', ',')

/** A value inside the row's normal range (its middle), or 1 without one. */
function normal(f: FilaResultado): number {
  const r = f.rango
  const d = f.analito.decimales ?? 0
  if (r?.normalMin != null && r.normalMax != null)
    return Number(((r.normalMin + r.normalMax) / 2).toFixed(d))
  if (r?.normalMax != null) return Number((r.normalMax * 0.8).toFixed(d))
  if (r?.normalMin != null) return Number((r.normalMin * 1.2).toFixed(d))
  return 1
}

async function crearUsuario(admin: Page, body: Record<string, unknown>): Promise<void> {
  const res = await admin.request.post('/usuarios', {
    data: { contrasena: CLAVE, ...body },
    headers: { origin: e2e.app.url },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function nuevaAtencionLab(admin: Page, apellido: string, estudios: string[]) {
  const p = await registrarPorApi(admin, e2e.app, {
    primerNombre: 'Rosa',
    primerApellido: apellido,
    fechaNacimiento: '1979-08-15',
  })
  const res = await admin.request.post(`/pacientes/${p.id}/atenciones`, {
    data: { sede: 'Lima', modalidad: 'LAB', estudios: estudios.map((nombre) => ({ nombre })) },
    headers: { origin: e2e.app.url },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { paciente: p, atencionId: ((await res.json()) as { id: number }).id }
}

describe.each(ANCHOS)('Laboratorio en %s', (_nombre, viewport) => {
  const w = viewport.width
  const tecnologo = `rosa.tello${w}`
  const medico = `luis.huaman${w}`
  // Names take letters only: each width its own patients.
  const apellido = { 1440: 'Ccori', 1366: 'Chambi', 375: 'Apaza' }[w]!
  let admin: Page
  let tec: Page
  let med: Page
  let atencionId: number
  let paciente: string
  let datos: ResultadosAtencion
  let muestras: Muestra[]

  beforeAll(async () => {
    admin = await e2e.entrar(viewport)
    await crearUsuario(admin, { usuario: tecnologo, nombre: `Rosa Tello ${w}`, rol: 'tecnologo' })
    await crearUsuario(admin, {
      usuario: medico,
      nombre: `Dr. Luis Huamán ${w}`,
      rol: 'medico',
      colegiatura: 'CMP 52817',
    })
    const a = await nuevaAtencionLab(admin, apellido, ['Hemograma completo', 'Perfil lipídico'])
    atencionId = a.atencionId
    paciente = a.paciente.nombreCompleto
    tec = await e2e.entrar(viewport, { usuario: tecnologo, contrasena: CLAVE })
    med = await e2e.entrar(viewport, { usuario: medico, contrasena: CLAVE })
  })

  it('el tecnólogo abre Laboratorio desde el menú y registra las muestras de la atención', async () => {
    await abrirMenu(tec)
    await tec
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: 'Laboratorio' })
      .click()
    await tec.waitForURL('**/laboratorio**')
    const fila = tec.getByTestId(`laboratorio-${atencionId}`)
    await fila.getByText('Sin registrar').waitFor()
    await expect
      .poll(() => tec.evaluate(() => document.activeElement?.getAttribute('placeholder')))
      .toBe('Código de la etiqueta')
    await sinScrollHorizontal(tec)
    await shot(tec, 'laboratorio-lista')
    await expectAccessible(tec, 'laboratorio-lista')
    await fila.getByRole('link', { name: /^Abrir los resultados/ }).click()
    await tec.waitForURL(`**/laboratorio/atenciones/${atencionId}`)
    await tec.getByRole('button', { name: 'Registrar muestras' }).click()
    await tec.getByText('2 muestras registradas').waitFor()
    muestras = await api<Muestra[]>(tec, `/atenciones/${atencionId}/muestras`)
    expect(muestras.map((m) => m.estado)).toEqual(['pendiente', 'pendiente'])
    for (const m of muestras)
      await tec.getByTestId(`muestra-${m.codigo}`).getByText('Pendiente').waitFor()
    await tec.getByText('Muestra no recibida').first().waitFor()
    await sinScrollHorizontal(tec)
  })

  it('las etiquetas de 50×25 mm llevan el código de cada muestra en su código de barras', async ({
    skip,
  }) => {
    const enlace = tec.getByRole('link', { name: 'Imprimir etiquetas' })
    const href = (await enlace.getAttribute('href'))!
    expect(href).toBe(`/atenciones/${atencionId}/muestras/etiquetas?formato=etiqueta`)
    expect(await enlace.getAttribute('target')).toBe('_blank')
    const res = await tec.request.get(href)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('application/pdf')
    if (!hay('pdftoppm') || !hay('zbarimg')) skip()
    const pdf = join(DIR, `etiquetas-laboratorio-${w}.pdf`)
    writeFileSync(pdf, await res.body())
    const pngs = aPng(pdf, `etiquetas-laboratorio-${w}`, 300)
    expect(pngs).toHaveLength(muestras.length)
    const leidos = pngs.map((png) =>
      execFileSync('zbarimg', ['--raw', '-q', png]).toString().trim(),
    )
    expect(leidos.sort()).toEqual(muestras.map((m) => m.codigo).sort())
  })

  it('escanear la etiqueta recibe la muestra y deja el cuadro listo para la siguiente', async () => {
    await tec.goto('/laboratorio')
    const caja = tec.getByLabel('Escanear muestra')
    const aviso = tec.getByTestId('escanear-aviso')
    // A keyboard-wedge scanner types the digits and Enter.
    await caja.pressSequentially('12AB')
    await caja.press('Enter')
    await aviso
      .getByText('12AB: Código de muestra inválido: escanee la etiqueta (8 dígitos)')
      .waitFor()
    for (const m of muestras) {
      await caja.pressSequentially(m.codigo)
      await caja.press('Enter')
      await aviso
        .getByText(`Muestra ${m.codigo} recibida — ${paciente} · ${m.recipiente}`)
        .waitFor()
      expect(await caja.inputValue()).toBe('')
      await expect.poll(() => caja.evaluate((el) => el === document.activeElement)).toBe(true)
    }
    await caja.pressSequentially(muestras[0]!.codigo)
    await caja.press('Enter')
    await aviso.getByText(/Esta muestra ya se recibió/).waitFor()
    await tec.getByTestId(`laboratorio-${atencionId}`).getByText('2 de 2 recibidas').waitFor()
    await shot(tec, 'laboratorio-escaneo')
  })

  it('el hemograma se escribe con Enter bajando de campo; las banderas aparecen al escribir', async () => {
    await tec.goto(`/laboratorio/atenciones/${atencionId}`)
    await tec.getByRole('heading', { name: 'Hemograma completo' }).waitFor()
    datos = await api<ResultadosAtencion>(tec, `/atenciones/${atencionId}/resultados`)
    const [hemograma, perfil] = datos.examenes
    const escribibles = hemograma!.filas.filter((f) => !f.analito.calculo)
    // The first analito with a lower critical limit is typed below it; leucocitos above normal.
    const alto = escribibles.find((f) => f.analito.codigo === 'LEU')!
    const critico = escribibles.find((f) => f !== alto && f.rango?.criticoMin != null)!
    const valor = (f: FilaResultado) =>
      f === critico
        ? critico.rango!.criticoMin! / 2
        : f === alto
          ? alto.rango!.normalMax! * 1.2
          : normal(f)
    await tec.locator(`#resultado-${escribibles[0]!.analito.id}`).focus()
    for (const [i, f] of escribibles.entries()) {
      await tec.keyboard.type(escrito(valor(f), f.analito.decimales))
      await tec.keyboard.press('Enter')
      const siguiente = escribibles[i + 1] ?? perfil!.filas[0]!
      await expect
        .poll(() => tec.evaluate(() => document.activeElement?.id))
        .toBe(`resultado-${siguiente.analito.id}`)
    }
    await tec.getByTestId(`fila-${alto.analito.codigo}`).locator('[data-bandera="H"]').waitFor()
    await tec.getByTestId(`fila-${critico.analito.codigo}`).getByText('LL · Crítico').waitFor()
    // Shift+Enter goes back up, and nothing was submitted by Enter.
    await tec.keyboard.press('Shift+Enter')
    await expect
      .poll(() => tec.evaluate(() => document.activeElement?.id))
      .toBe(`resultado-${escribibles.at(-1)!.analito.id}`)
    await tec.getByText(`${escribibles.length} cambios sin guardar`).waitFor()
    // The lipid profile: LDL by Friedewald as the values are typed (200 − 50 − 150/5 = 120).
    const porCodigo = (c: string) => perfil!.filas.find((f) => f.analito.codigo === c)!
    for (const [codigo, v] of [
      ['COL', '200'],
      ['HDL', '50'],
      ['TRI', '150'],
    ] as const)
      await tec.locator(`#resultado-${porCodigo(codigo).analito.id}`).fill(v)
    const ldl = perfil!.filas.find((f) => f.analito.calculo === 'ldl_friedewald')!
    await tec.getByTestId(`fila-${ldl.analito.codigo}`).locator('output').getByText('120').waitFor()
    await shot(tec, 'laboratorio-ingreso')
    await expectAccessible(tec, 'laboratorio-ingreso')
    await tec.keyboard.press('Control+s')
    await tec.getByText(`${escribibles.length + 3} resultados guardados`).waitFor()
    // A technologist who does not validate sees no validation.
    expect(await tec.getByRole('button', { name: /^Validar/ }).count()).toBe(0)
    await sinScrollHorizontal(tec)
  })

  it('lo que otra persona guardó después se muestra en lugar de sobrescribirlo (412)', async () => {
    const leido = await tec.request.get(`/atenciones/${atencionId}/resultados`)
    const etag = leido.headers()['etag']!
    const hem = datos.examenes[0]!.filas.find((f) => f.analito.codigo === 'HEM')!
    const hto = datos.examenes[0]!.filas.find((f) => f.analito.codigo === 'HTO')!
    // Another window saves Hematíes after this page read the results.
    const otra = await tec.request.put(`/atenciones/${atencionId}/resultados`, {
      data: { resultados: [{ analitoId: hem.analito.id, valor: 4.9 }] },
      headers: { 'if-match': etag, origin: e2e.app.url },
    })
    expect(otra.status(), await otra.text()).toBe(200)
    await tec.locator(`#resultado-${hto.analito.id}`).fill('44,0')
    await tec.getByRole('button', { name: 'Guardar' }).click()
    await tec
      .getByRole('alert')
      .getByText(
        'Otra persona guardó o validó resultados de esta atención después de que usted los abrió: se muestran los guardados',
      )
      .waitFor()
    await expect.poll(() => tec.locator(`#resultado-${hem.analito.id}`).inputValue()).toBe('4,90')
    expect(await tec.locator(`#resultado-${hto.analito.id}`).inputValue()).toBe(
      escrito(normal(hto), hto.analito.decimales),
    )
  })

  it('el médico valida los normales, registra la comunicación del crítico y valida el resto', async () => {
    await med.goto(`/laboratorio/atenciones/${atencionId}`)
    await med.getByRole('heading', { name: 'Hemograma completo' }).waitFor()
    datos = await api<ResultadosAtencion>(med, `/atenciones/${atencionId}/resultados`)
    const filas = datos.examenes.flatMap((e) => e.filas).filter((f) => f.resultado?.valor != null)
    // Calculated analitos follow their operands: LDL with its lipids, the absolute counts with
    // the leukocytes (high here, so they wait).
    const normal = (c: string) =>
      filas.find((o) => o.analito.codigo === c)!.resultado!.bandera === null
    const normales = filas.filter((f) =>
      f.analito.calculadoDe ? f.analito.calculadoDe.every(normal) : normal(f.analito.codigo),
    )
    await med.getByRole('button', { name: `Validar normales (${normales.length})` }).click()
    const pregunta = med.getByRole('dialog', { name: 'Validar los normales' })
    await pregunta
      .getByText(`Se validarán ${normales.length} resultados: los que están dentro del rango`)
      .waitFor()
    await shot(med, 'laboratorio-validar-normales')
    await pregunta.getByRole('button', { name: `Validar ${normales.length} resultados` }).click()
    await med.getByText(`${normales.length} resultados validados`).waitFor()
    await med.getByText('Informe parcial').waitFor()
    // The critical value cannot be selected until its call is recorded.
    const critica = filas.find((f) => f.resultado!.bandera === 'LL')!
    const filaCritica = med.getByTestId(`fila-${critica.analito.codigo}`)
    expect(await filaCritica.getByRole('checkbox').isDisabled()).toBe(true)
    await filaCritica.getByRole('button', { name: 'Registrar comunicación' }).click()
    const dialogo = med.getByRole('dialog', { name: 'Registrar comunicación' })
    await dialogo.getByText(`Valor crítico de ${paciente}: ${critica.analito.nombre}`).waitFor()
    await dialogo.getByLabel('Comunicado a').fill('Dra. Salas, médica tratante')
    await dialogo.getByLabel('Teléfono').check()
    await dialogo.getByLabel('Sí, lo releyó').check()
    await shot(med, 'laboratorio-comunicacion')
    await dialogo.getByRole('button', { name: 'Registrar comunicación' }).click()
    await filaCritica.getByText(/Crítico comunicado/).waitFor()
    const resto = filas.length - normales.length
    await med.getByRole('button', { name: `Validar todo (${resto})` }).click()
    await med
      .getByRole('dialog', { name: 'Validar todo' })
      .getByRole('button', {
        name: resto === 1 ? 'Validar 1 resultado' : `Validar ${resto} resultados`,
      })
      .click()
    await med
      .getByText(resto === 1 ? 'Resultado validado' : `${resto} resultados validados`)
      .waitFor()
    await med.locator('.cabecera-lab').getByText('Informado').waitFor()
    expect(await med.getByText('Informe parcial').count()).toBe(0)
    await filaCritica.getByText(`Validado por Dr. Luis Huamán ${w}`).waitFor()
    await sinScrollHorizontal(med)
    await shot(med, 'laboratorio-validado')
    await expectAccessible(med, 'laboratorio-validado')
  })

  it('la hoja de resultados lleva los valores, la bandera y quién validó', async ({ skip }) => {
    const enlace = med.getByRole('link', { name: 'Hoja de resultados (PDF)' })
    const href = (await enlace.getAttribute('href'))!
    expect(href).toBe(`/atenciones/${atencionId}/resultados/pdf`)
    const res = await med.request.get(href)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('application/pdf')
    // Frozen at validation: the same bytes on a reprint.
    const bytes = await res.body()
    expect((await (await med.request.get(href)).body()).equals(bytes)).toBe(true)
    if (!hay('pdftoppm') || !hay('pdftotext')) skip()
    const pdf = join(DIR, `hoja-laboratorio-${w}.pdf`)
    writeFileSync(pdf, bytes)
    aPng(pdf, `hoja-laboratorio-${w}`, 96)
    const texto = execFileSync('pdftotext', ['-layout', pdf, '-'])
      .toString()
      .replace(/\s+/g, ' ')
      .toLowerCase()
    const critica = datos.examenes
      .flatMap((e) => e.filas)
      .find((f) => f.resultado?.bandera === 'LL')!
    for (const t of [
      'Hemograma completo',
      'Perfil lipídico',
      critica.analito.nombre,
      'LL',
      `Dr. Luis Huamán ${w}`,
      'CMP 52817',
    ])
      expect(texto, t).toContain(t.toLowerCase())
    expect(texto).not.toContain('informe parcial')
  })

  it('el tecnólogo corrige un valor validado con su motivo; el anterior queda tachado', async () => {
    const hem = datos.examenes[0]!.filas.find((f) => f.analito.codigo === 'HEM')!
    await tec.goto(`/laboratorio/atenciones/${atencionId}`)
    const fila = tec.getByTestId('fila-HEM')
    await fila.getByRole('button', { name: 'Corregir' }).click()
    const dialogo = tec.getByRole('dialog', { name: `Corregir ${hem.analito.nombre}` })
    await dialogo.getByLabel(/^Valor nuevo/).fill('5,10')
    await dialogo.getByRole('button', { name: 'Guardar corrección' }).click()
    await dialogo
      .getByText(`${hem.analito.nombre} ya está validado: indique el motivo de la corrección`)
      .waitFor()
    await dialogo.getByLabel('Motivo de la corrección').fill('Error de transcripción')
    await dialogo.getByRole('button', { name: 'Guardar corrección' }).click()
    await tec.getByText('Corrección guardada').waitFor()
    await fila.locator('s').getByText('4,90').waitFor()
    await fila.getByText(/corregido: Error de transcripción/).waitFor()
    expect(await fila.getByRole('textbox').inputValue()).toBe('5,10')
    await shot(tec, 'laboratorio-correccion')
    await sinScrollHorizontal(tec)
  })

  it('una muestra rechazada con su motivo pide otra; por analito, Enter guarda la glucosa', async () => {
    const otra = await nuevaAtencionLab(admin, `${apellido}a`, ['Glucosa'])
    const [m] = (await (
      await tec.request.post(`/atenciones/${otra.atencionId}/muestras`, {
        headers: { origin: e2e.app.url },
      })
    ).json()) as Muestra[]
    await tec.goto(`/laboratorio/atenciones/${otra.atencionId}`)
    await tec.getByRole('button', { name: `Rechazar la muestra ${m!.codigo}` }).click()
    const dialogo = tec.getByRole('dialog', { name: `Rechazar la muestra ${m!.codigo}` })
    await dialogo.getByLabel('Motivo').selectOption('Otro')
    await dialogo.getByRole('button', { name: 'Rechazar muestra' }).click()
    await dialogo.getByText('Describa el motivo del rechazo').waitFor()
    await dialogo.getByLabel('Nota').fill('Tubo sin tapa')
    await shot(tec, 'laboratorio-rechazo')
    await dialogo.getByRole('button', { name: 'Rechazar muestra' }).click()
    await tec
      .getByText(
        new RegExp(
          `^Muestra ${m!.codigo} rechazada: tome la muestra nueva \\d{8} e imprima su etiqueta$`,
        ),
      )
      .waitFor()
    const [rechazada, nueva] = await api<Muestra[]>(tec, `/atenciones/${otra.atencionId}/muestras`)
    expect(rechazada!.estado).toBe('rechazada')
    await tec
      .getByText(`Muestra ${m!.codigo} rechazada: tome la muestra nueva ${nueva!.codigo}`, {
        exact: false,
      })
      .waitFor()
    await tec
      .getByTestId(`muestra-${m!.codigo}`)
      .getByText('Otro: Tubo sin tapa', { exact: false })
      .waitFor()
    await tec
      .getByTestId(`muestra-${nueva!.codigo}`)
      .getByText(`Reemplaza a ${m!.codigo}`)
      .waitFor()
    const recibida = await tec.request.post(`/muestras/${nueva!.codigo}/recepcion`, {
      headers: { origin: e2e.app.url },
    })
    expect(recibida.status()).toBe(200)
    await tec.goto('/laboratorio')
    await tec.getByRole('link', { name: 'Por analito' }).click()
    await tec.waitForURL('**/laboratorio/analitos?**')
    await tec.getByLabel('Analito').selectOption({ label: 'Glucosa' })
    const fila = tec.getByTestId(`por-analito-${otra.atencionId}`)
    const campo = fila.getByRole('textbox')
    await campo.fill('250')
    await campo.press('Enter')
    await fila.getByTestId('guardado').waitFor()
    await fila.locator('[data-bandera="H"]').waitFor()
    await sinScrollHorizontal(tec)
    await shot(tec, 'laboratorio-por-analito')
    await expectAccessible(tec, 'laboratorio-por-analito')
    const leido = await api<ResultadosAtencion>(tec, `/atenciones/${otra.atencionId}/resultados`)
    expect(leido.examenes[0]!.filas[0]!.resultado?.valor).toBe(250)
  })

  it('sin errores en la consola', () => {
    for (const e of errores) expect(e).toEqual([])
  })
})
