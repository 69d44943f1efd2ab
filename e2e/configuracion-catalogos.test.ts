// Configuración › Sedes, Salas and Estudios in Chromium at 1440 and 375 px, against the built app
// on a fresh database: an admin creates a sede and a sala in it (its AE title and a Monday–Friday
// week), edits the sala's address, meets the Spanish 409 of a repeated AE title, creates a study
// and deactivates another (asked first); then a patient's «Registrar atención» offers the new sede
// and study, and no longer the deactivated one. At 1440, 1366 and 375 px an admin turns a seeded
// sede's second signature on and off again (asked first, saying what it does).
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
import { nuevoDni, pacienteApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e

function sesion(viewport: { width: number; height: number }): Promise<Page> {
  return e2e.entrar(viewport)
}

const aviso = (page: Page, texto: string) =>
  page.getByRole('alert').filter({ hasText: texto }).waitFor()

async function abrirSeccion(page: Page, seccion: string, path: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Secciones de Configuración' })
    .getByRole('link', { name: seccion, exact: true })
    .click()
  await page.waitForURL(`**${path}`)
}

/** Each width works on names of its own: both run on the same database. */
const CASOS = [
  [
    'escritorio',
    DESKTOP,
    {
      sede: 'Puno',
      ae: 'PUNO_RX1',
      codigo: 'ECO-CAROTIDA',
      estudio: 'Doppler carotídeo',
      retirado: { codigo: 'ECO-MAMA', nombre: 'Mamaria' },
    },
  ],
  [
    'teléfono',
    PHONE,
    {
      sede: 'Juliaca',
      ae: 'JULIACA_RX1',
      codigo: 'ECO-ARTERIAL',
      estudio: 'Doppler arterial',
      retirado: { codigo: 'ECO-TIROIDES', nombre: 'Tiroidea' },
    },
  ],
] as const

describe.each(CASOS)('Sedes, salas y estudios en %s', (_nombre, viewport, c) => {
  let page: Page

  beforeAll(async () => {
    page = await sesion(viewport)
  })

  it('las secciones van después de Personal, en su orden', async () => {
    await page.goto('/configuracion')
    await page.waitForURL('**/configuracion/personal')
    const menu = page.getByRole('navigation', { name: 'Secciones de Configuración' })
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'Personal',
      'Sedes',
      'Modalidades',
      'Salas',
      'Estudios',
      'Médicos solicitantes',
      'Informes',
      'Laboratorio',
      'Feriados',
      'Clínica',
      'Auditoría',
      'Respaldos',
    ])
    await abrirSeccion(page, 'Sedes', '/configuracion/sedes')
    expect(await menu.getByRole('link', { name: 'Sedes' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await page.getByTestId('sede-Lima').getByText('Activa', { exact: true }).waitFor()
    await sinScrollHorizontal(page)
  })

  it('crea una sede; un nombre repetido lo dice bajo el campo', async () => {
    await page.getByRole('button', { name: 'Nueva sede' }).click()
    await page.getByRole('button', { name: 'Crear sede' }).click()
    await page.locator('#ns-nombre-error').getByText('Campo requerido').waitFor()
    await page.getByLabel('Nombre').fill('Lima')
    await page.getByRole('button', { name: 'Crear sede' }).click()
    await page.getByText('Ya existe una sede con ese nombre').waitFor()

    await page.getByLabel('Nombre').fill(` ${c.sede} `)
    await page.getByRole('button', { name: 'Crear sede' }).click()
    await aviso(page, `Sede ${c.sede} creada.`)
    await page.getByTestId(`sede-${c.sede}`).getByText('Activa', { exact: true }).waitFor()
    await sinScrollHorizontal(page)
  })

  it('renombrar una sede: el nombre de otra sede se rechaza bajo el campo; el nuevo queda en la lista', async () => {
    const renombrar = async (de: string, a: string) => {
      await page.getByRole('button', { name: `Renombrar la sede ${de}` }).click()
      const form = page.getByRole('region', { name: `Renombrar la sede ${de}` })
      await form.getByLabel('Nombre').fill(a)
      await form.getByRole('button', { name: 'Guardar nombre' }).click()
      return form
    }
    const form = await renombrar(c.sede, 'lima')
    await form.getByText('Ya existe una sede con ese nombre').waitFor()
    await form.getByRole('button', { name: 'Cancelar' }).click()
    await renombrar(c.sede, `${c.sede} Norte`)
    await aviso(page, `La sede ${c.sede} ahora se llama ${c.sede} Norte.`)
    await page.getByTestId(`sede-${c.sede} Norte`).waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-sede-renombrada')
    // Back to its name, for the salas and estudios after.
    await renombrar(`${c.sede} Norte`, c.sede)
    await aviso(page, `La sede ${c.sede} Norte ahora se llama ${c.sede}.`)
  })

  it('desactivar una sede pregunta antes y explica qué pasa con las atenciones', async () => {
    const fila = page.getByTestId(`sede-${c.sede}`)
    await page.getByRole('button', { name: `Desactivar la sede ${c.sede}` }).click()
    const dialogo = page.getByRole('dialog', { name: `¿Desactivar la sede ${c.sede}?` })
    await dialogo
      .getByText(
        `Las atenciones ya registradas en ${c.sede} conservan su sede, pero ${c.sede} no podrá elegirse para atenciones nuevas.`,
      )
      .waitFor()
    await dialogo.getByRole('button', { name: 'Volver' }).click()
    await dialogo.waitFor({ state: 'detached' })
    await fila.getByText('Activa', { exact: true }).waitFor()

    await page.getByRole('button', { name: `Desactivar la sede ${c.sede}` }).click()
    await dialogo.getByRole('button', { name: 'Desactivar' }).click()
    await aviso(page, `La sede ${c.sede} quedó desactivada.`)
    await fila.getByText('Inactiva', { exact: true }).waitFor()

    await page.getByRole('button', { name: `Activar la sede ${c.sede}` }).click()
    await page
      .getByRole('dialog', { name: `¿Activar la sede ${c.sede}?` })
      .getByRole('button', { name: 'Activar' })
      .click()
    await aviso(page, `La sede ${c.sede} está activa de nuevo.`)
    await fila.getByText('Activa', { exact: true }).waitFor()
    await shot(page, 'configuracion-sedes')
    await expectAccessible(page, 'configuracion-sedes')
  })

  it('crea una sala con AE title, abierta de lunes a viernes', async () => {
    await abrirSeccion(page, 'Salas', '/configuracion/salas')
    await page.getByRole('button', { name: 'Nueva sala' }).click()
    const form = page.getByRole('region', { name: 'Nueva sala' })
    await form.getByLabel('Sede').selectOption(c.sede)
    await form.getByLabel('Modalidad').selectOption({ label: 'DX (RX)' })
    await form.getByLabel('Nombre').fill('RX 1')
    await form.getByLabel('AE title').fill(c.ae)
    // The usual week is Monday to Saturday: Saturday closes.
    const dia = (d: string) => form.getByRole('group', { name: d, exact: true })
    expect(await dia('Domingo').getByRole('checkbox', { name: 'Abre' }).isChecked()).toBe(false)
    await dia('Sábado').getByRole('checkbox', { name: 'Abre' }).uncheck()
    expect(await dia('Sábado').getByLabel('Apertura').isDisabled()).toBe(true)
    // Closing before opening is refused, naming the rule.
    await dia('Lunes').getByLabel('Cierre').fill('06:00')
    await form.getByRole('button', { name: 'Crear sala' }).click()
    await form.getByText('La hora de cierre debe ser posterior a la de apertura').waitFor()
    await dia('Lunes').getByLabel('Cierre').fill('20:00')
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-sala-nueva')
    await expectAccessible(page, 'configuracion-sala-nueva')
    await form.getByRole('button', { name: 'Crear sala' }).click()
    await aviso(page, `Sala RX 1 creada en ${c.sede}.`)
    await form.waitFor({ state: 'detached' })

    await page.getByLabel('Sede', { exact: true }).selectOption(c.sede)
    const filas = page.locator('tbody tr')
    await expect.poll(() => filas.count()).toBe(1)
    const fila = filas.first()
    expect(await fila.locator('td[data-label="Modalidad"]').innerText()).toBe('DX (RX)')
    expect(await fila.locator('td[data-label="Horario"]').innerText()).toBe('Lun–Vie 07:00–20:00')
    expect(await fila.locator('td[data-label="AE title"]').innerText()).toBe(c.ae)
    await sinScrollHorizontal(page)
  })

  it('edita la dirección DICOM, el código y los caracteres de la sala; sede y modalidad no cambian', async () => {
    await page.getByRole('button', { name: `Editar la sala RX 1 de ${c.sede}` }).click()
    const form = page.getByRole('region', { name: `Editar sala RX 1 (${c.sede})` })
    expect(await form.getByLabel('Sede').getAttribute('readonly')).not.toBeNull()
    expect(await form.getByLabel('AE title').inputValue()).toBe(c.ae)
    await form.getByLabel('Dirección DICOM').fill('10.0.5.20:104')
    // An older CR room: its own DICOM code, and Latin-1.
    expect(await form.getByLabel('Código DICOM').inputValue()).toBe('')
    await form.getByLabel('Código DICOM').selectOption('CR')
    await form.getByLabel('Caracteres').selectOption({ label: 'Latin-1 (ISO_IR 100)' })
    await shot(page, 'configuracion-sala-editar')
    await form.getByRole('button', { name: 'Guardar cambios' }).click()
    await aviso(page, 'Sala RX 1 guardada.')
    const fila = page.locator('tbody tr').first()
    await expect
      .poll(() => fila.locator('td[data-label="Dirección"]').innerText())
      .toBe('10.0.5.20:104')
    expect(await fila.locator('td[data-label="AE title"]').innerText()).toBe(
      `${c.ae} (CR, Latin-1)`,
    )
    expect(await fila.locator('td[data-label="Horario"]').innerText()).toBe('Lun–Vie 07:00–20:00')
  })

  it('un AE title que ya usa otra sala: el 409 en español bajo el campo', async () => {
    await page.getByRole('button', { name: 'Nueva sala' }).click()
    const form = page.getByRole('region', { name: 'Nueva sala' })
    await form.getByLabel('Sede').selectOption(c.sede)
    await form.getByLabel('Modalidad').selectOption({ label: 'Eco (US)' })
    await form.getByLabel('Nombre').fill('Eco 1')
    await form.getByLabel('AE title').fill(c.ae)
    await form.getByRole('button', { name: 'Crear sala' }).click()
    await form.locator('#ns-ae-error').getByText('Ese AE title ya lo usa otra sala').waitFor()
    expect(await form.getByLabel('AE title').getAttribute('aria-invalid')).toBe('true')
    await sinScrollHorizontal(page)
    await form.getByRole('button', { name: 'Cancelar' }).click()
    await form.waitFor({ state: 'detached' })
    await shot(page, 'configuracion-salas')
    await expectAccessible(page, 'configuracion-salas')
  })

  it('crea un estudio de Eco y desactiva otro tras confirmarlo', async () => {
    await abrirSeccion(page, 'Estudios', '/configuracion/estudios')
    await page.getByLabel('Modalidad', { exact: true }).selectOption({ label: 'Eco (US)' })
    await page.getByTestId('estudio-ECO-RENAL').waitFor()
    expect(await page.getByTestId('estudio-RX-TORAX-PA').count()).toBe(0)

    await page.getByRole('button', { name: 'Nuevo estudio' }).click()
    const form = page.getByRole('region', { name: 'Nuevo estudio' })
    expect(await form.getByLabel('Modalidad').inputValue()).toBe('Eco')
    await form.getByLabel('Código').fill('ECO-RENAL')
    await form.getByLabel('Nombre').fill(c.estudio)
    await form.getByLabel('Duración (minutos)').fill('3')
    await form.getByRole('button', { name: 'Crear estudio' }).click()
    await form.getByText('Duración: de 5 a 480 minutos').waitFor()
    await form.getByLabel('Duración (minutos)').fill('40')
    await form.getByRole('button', { name: 'Crear estudio' }).click()
    await form.getByText('Ya existe un estudio con ese código').waitFor()
    await form.getByLabel('Código').fill(c.codigo.toLowerCase())
    await form.getByRole('button', { name: 'Crear estudio' }).click()
    await aviso(page, `Estudio ${c.estudio} creado.`)
    const nuevo = page.getByTestId(`estudio-${c.codigo}`)
    expect(await nuevo.locator('td[data-label="Duración"]').innerText()).toBe('40 min')

    // Its preparation, abbreviated in the list.
    await page.getByRole('button', { name: `Editar el estudio ${c.estudio} (${c.codigo})` }).click()
    const edicion = page.getByRole('region', { name: `Editar estudio ${c.estudio}` })
    await edicion
      .getByLabel('Preparación')
      .fill(
        'Acudir con ropa cómoda y sin collares; traer los estudios anteriores del cuello y la lista de medicamentos.',
      )
    await edicion.getByRole('button', { name: 'Guardar cambios' }).click()
    await aviso(page, `Estudio ${c.estudio} guardado.`)
    await expect
      .poll(() => nuevo.locator('td[data-label="Preparación"]').innerText())
      .toMatch(/^Acudir con ropa cómoda.*…$/)

    const retirado = page.getByTestId(`estudio-${c.retirado.codigo}`)
    await page
      .getByRole('button', {
        name: `Desactivar el estudio ${c.retirado.nombre} (${c.retirado.codigo})`,
      })
      .click()
    const dialogo = page.getByRole('dialog', {
      name: `¿Desactivar el estudio ${c.retirado.nombre}?`,
    })
    await dialogo.getByText('Las atenciones que ya lo tienen lo conservan').waitFor()
    await dialogo.getByRole('button', { name: 'Desactivar' }).click()
    await aviso(page, `El estudio ${c.retirado.nombre} quedó desactivado.`)
    await retirado.getByText('Inactivo', { exact: true }).waitFor()
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-estudios')
    await expectAccessible(page, 'configuracion-estudios')
  })

  it('«Registrar atención» ofrece la sede y el estudio nuevos, y no el desactivado', async () => {
    const paciente = await apiPost<{ id: number }>(
      page,
      e2e.app,
      '/pacientes',
      pacienteApi({
        documento: nuevoDni(),
        primerNombre: 'Nilda',
        primerApellido: 'Mamani',
        fechaNacimiento: '1988-04-12',
      }),
    )
    await page.goto(`/pacientes/${paciente.id}`)
    await page.getByRole('heading', { name: 'Nilda Mamani', level: 1 }).waitFor()
    const sedes = await page.getByLabel('Sede').locator('option').allInnerTexts()
    expect(sedes).toContain(c.sede)
    await page.getByLabel('Sede').selectOption(c.sede)
    await page.getByLabel('Modalidad').selectOption({ label: 'Eco (US)' })
    await page.getByRole('checkbox', { name: 'Renal', exact: true }).waitFor()
    expect(await page.getByRole('checkbox', { name: c.retirado.nombre }).count()).toBe(0)
    await page.getByRole('checkbox', { name: c.estudio, exact: true }).check()
    await page.getByRole('button', { name: 'Registrar atención' }).click()
    await page.getByRole('alert').filter({ hasText: 'Atención registrada' }).waitFor()
    const fila = page.locator('tbody tr').first()
    expect(await fila.innerText()).toContain(c.estudio)
    await sinScrollHorizontal(page)
  })

  it('Respaldos dice, como error, que aún no hay ninguno, y cómo tomarlos', async () => {
    await page.goto('/configuracion')
    await abrirSeccion(page, 'Respaldos', '/configuracion/respaldos')
    await page.getByRole('alert').filter({ hasText: 'Aún no hay ningún respaldo.' }).waitFor()
    await page.getByText('Ningún respaldo todavía.').waitFor()
    await page.getByText('Copie los respaldos fuera de este equipo').waitFor()
    await sinScrollHorizontal(page)
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})

/** Each width flips a sede of its own; all are back to one signature when it ends. */
const FIRMAS = [
  ['escritorio', DESKTOP, 'Lima'],
  ['portátil', { width: 1366, height: 768 }, 'Arequipa'],
  ['teléfono', PHONE, 'Cusco'],
] as const

describe.each(FIRMAS)('Segunda firma de una sede en %s', (_nombre, viewport, sede) => {
  let page: Page
  /** What its page's console said wrong (the harness watches each page it opens). */
  let suyos: string[] = []

  beforeAll(async () => {
    page = await sesion(viewport)
    suyos = errores.at(-1) ?? []
  })

  it('se pide y se quita preguntando antes; la columna dice Sí o No', async () => {
    await page.goto('/configuracion/sedes')
    const fila = page.getByTestId(`sede-${sede}`)
    const celda = fila.locator('td[data-label="Segunda firma"]')
    await expect.poll(() => celda.innerText()).toBe('No')

    const pedir = page.getByRole('button', { name: `Pedir segunda firma en la sede ${sede}` })
    await pedir.click()
    const dialogo = page.getByRole('dialog', { name: `¿Pedir segunda firma en la sede ${sede}?` })
    await dialogo
      .getByText(
        'Los informes de esta sede necesitan la firma de un segundo médico para quedar finales',
      )
      .waitFor()
    await shot(page, 'configuracion-sede-segunda-firma-pregunta')
    await dialogo.getByRole('button', { name: 'Volver' }).click()
    await dialogo.waitFor({ state: 'detached' })
    expect(await celda.innerText()).toBe('No')

    await pedir.click()
    await dialogo.getByRole('button', { name: 'Pedir segunda firma' }).click()
    await aviso(page, `Los informes de la sede ${sede} necesitan ahora una segunda firma.`)
    await expect.poll(() => celda.innerText()).toBe('Sí')
    expect(await celda.getAttribute('title')).toBe(
      'Los informes de esta sede necesitan la firma de un segundo médico para quedar finales',
    )
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-sede-segunda-firma')
    await expectAccessible(page, 'configuracion-sede-segunda-firma')

    await page.getByRole('button', { name: `Quitar segunda firma en la sede ${sede}` }).click()
    const quitar = page.getByRole('dialog', { name: `¿Quitar segunda firma en la sede ${sede}?` })
    await quitar
      .getByText('Los que ya están preliminares siguen esperando la firma de otro médico.', {
        exact: false,
      })
      .waitFor()
    await quitar.getByRole('button', { name: 'Quitar segunda firma' }).click()
    await aviso(page, `Los informes de la sede ${sede} quedan finales con una sola firma.`)
    await expect.poll(() => celda.innerText()).toBe('No')
    await sinScrollHorizontal(page)
  })

  it('sin errores en la consola', () => {
    expect(suyos).toEqual([])
  })
})
