// Configuración › Modalidades in Chromium at 1440, 1366 and 375 px, against the built app on a
// fresh database: an admin adds a modality the code never knew (a CT, a mammograph, a
// densitometer) with its DICOM codes, meets the Spanish messages of a repeated code and a bad
// DICOM code under their fields, renames it; with a study and a sala of it, the patient page
// registers it by its Spanish name, the patients list draws it, and the search offers it.
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

const aviso = (page: Page, texto: string) =>
  page.getByRole('alert').filter({ hasText: texto }).waitFor()

/** Each width adds a modality of its own: all run on the same database. */
const CASOS = [
  [
    'escritorio',
    DESKTOP,
    { valor: 'CT', etiqueta: 'Tomografía', dicom: 'CT', estudio: 'Tórax sin contraste' },
  ],
  [
    'portátil',
    { width: 1366, height: 768 },
    { valor: 'MG', etiqueta: 'Mamografía', dicom: 'MG', estudio: 'Mamografía bilateral' },
  ],
  [
    'teléfono',
    PHONE,
    { valor: 'DXA', etiqueta: 'Densitometría ósea', dicom: 'BMD', estudio: 'Columna y cadera' },
  ],
] as const

describe.each(CASOS)('Modalidades en %s', (_nombre, viewport, c) => {
  let page: Page

  beforeAll(async () => {
    page = await e2e.entrar(viewport)
  })

  it('crea una modalidad con sus códigos DICOM; un código repetido o mal escrito lo dice bajo su campo', async () => {
    await page.goto('/configuracion/modalidades')
    const menu = page.getByRole('navigation', { name: 'Secciones de Configuración' })
    expect(await menu.getByRole('link', { name: 'Modalidades' }).getAttribute('aria-current')).toBe(
      'page',
    )
    // The spec's four are there, with their DICOM codes; LAB has none.
    await page.getByTestId('modalidad-RX').getByText('DX, CR, RF, MG, XA').waitFor()
    await page.getByTestId('modalidad-LAB').getByText('Sin equipos DICOM').waitFor()

    await page.getByRole('button', { name: 'Nueva modalidad' }).click()
    const form = page.getByRole('region', { name: 'Nueva modalidad' })
    await form.getByRole('button', { name: 'Crear modalidad' }).click()
    await form.locator('#nm-valor-error').getByText('Campo requerido').waitFor()
    await form.locator('#nm-valor').fill('rx')
    await form.locator('#nm-etiqueta').fill(c.etiqueta)
    await form.locator('#nm-codigos').fill('C')
    await form.getByRole('button', { name: 'Crear modalidad' }).click()
    await form
      .locator('#nm-codigos-error')
      .getByText(/Cada código DICOM/)
      .waitFor()
    await form.locator('#nm-codigos').fill(c.dicom.toLowerCase())
    await form.getByRole('button', { name: 'Crear modalidad' }).click()
    await form
      .locator('#nm-valor-error')
      .getByText('Ya existe una modalidad con ese código')
      .waitFor()
    await form.locator('#nm-valor').fill(c.valor)
    await form.getByRole('button', { name: 'Crear modalidad' }).click()
    await aviso(page, `Modalidad ${c.etiqueta} creada: agregue sus salas y sus estudios.`)
    const fila = page.getByTestId(`modalidad-${c.valor}`)
    await fila.locator('td[data-label="DICOM"]').getByText(c.dicom, { exact: true }).waitFor()
    await fila.getByText('Activa', { exact: true }).waitFor()
    await sinScrollHorizontal(page)
  })

  it('edita su nombre; el código no cambia', async () => {
    await page.getByRole('button', { name: `Editar la modalidad ${c.etiqueta}` }).click()
    const form = page.getByRole('region', { name: `Editar la modalidad ${c.etiqueta}` })
    expect(await form.locator('#nm-valor').getAttribute('readonly')).not.toBeNull()
    await form.locator('#nm-etiqueta').fill(`${c.etiqueta} (${c.valor})`)
    await form.getByRole('button', { name: 'Guardar modalidad' }).click()
    await aviso(page, `Modalidad ${c.etiqueta} (${c.valor}) guardada.`)
    await page
      .getByTestId(`modalidad-${c.valor}`)
      .locator('td[data-label="Nombre"]')
      .getByText(`${c.etiqueta} (${c.valor})`, { exact: true })
      .last()
      .waitFor()
    await sinScrollHorizontal(page)
    await shot(page, `configuracion-modalidades-${c.valor}`)
    await expectAccessible(page, 'configuracion-modalidades')
  })

  it('con un estudio y una sala, el paciente la registra por su nombre, la lista la dibuja y la búsqueda la ofrece', async () => {
    await apiPost(page, e2e.app, '/configuracion/estudios', {
      modalidad: c.valor,
      codigo: `${c.valor}-1`,
      nombre: c.estudio,
      duracionMinutos: 20,
    })
    await apiPost(page, e2e.app, '/configuracion/salas', {
      sede: 'Lima',
      modalidad: c.valor,
      nombre: `Sala ${c.valor}`,
      horario: [{ dia: 1, abre: '08:00', cierra: '18:00' }],
    })
    const documento = nuevoDni()
    const paciente = await apiPost<{ id: number }>(
      page,
      e2e.app,
      '/pacientes',
      pacienteApi({
        documento,
        primerNombre: 'Rosa',
        primerApellido: 'Ccori',
        fechaNacimiento: '1979-08-30',
      }),
    )
    await page.goto(`/pacientes/${paciente.id}`)
    await page.getByRole('heading', { name: 'Rosa Ccori', level: 1 }).waitFor()
    await page.getByLabel('Sede').selectOption('Lima')
    await page.getByLabel('Modalidad').selectOption({ label: `${c.etiqueta} (${c.valor})` })
    await page.getByRole('checkbox', { name: c.estudio, exact: true }).check()
    await page.getByRole('button', { name: 'Registrar atención' }).click()
    await page.getByRole('alert').filter({ hasText: 'Atención registrada' }).waitFor()
    expect(await page.locator('tbody tr').first().innerText()).toContain(
      `${c.etiqueta} (${c.valor})`,
    )
    await sinScrollHorizontal(page)

    await page.goto('/pacientes')
    const icono = page.locator('tr', { hasText: documento }).locator('[data-estudio="otra"]')
    await icono.waitFor()
    expect(await icono.getAttribute('title')).toBe(`${c.etiqueta} (${c.valor})`)

    // The search reads the modality from the link, and its filter offers it by name.
    await page.goto(`/pacientes/buscar?documento=${documento}&modalidad=${c.valor}`)
    await page.locator('tbody tr', { hasText: c.estudio }).first().waitFor()
    const opciones = await page.getByLabel('Modalidad').locator('option').allTextContents()
    expect(opciones).toEqual(expect.arrayContaining(['DX (RX)', `${c.etiqueta} (${c.valor})`]))
    expect(await page.getByLabel('Modalidad').inputValue()).toBe(c.valor)
    await sinScrollHorizontal(page)
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})
