// Buscar Paciente as the front desk's worklist: it opens on today at the user's sede in attention
// order (e2e/sala-de-espera.test.ts checks the order itself), fits
// 1440, 1366, 1280 and 375 px, finds «lucia nunez» in one box typed in either order, opens a patient
// from a row (click or Enter), changes an estado from the row, refreshes by itself without moving the
// screen, and the dashboard's cards open the list each one counts.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BusquedaFila } from '../shared/busqueda.js'
import type { Estadisticas } from '../shared/estadisticas.js'
import type { PacienteDetalle } from '../shared/pacientes.js'
import type { Preferencias } from '../shared/preferencias.js'
import {
  api,
  apiPost,
  DESKTOP,
  expectAccessible,
  login,
  newContext,
  PHONE,
  shot,
  startApp,
  watchErrors,
  type App,
} from './harness.js'
import { nuevoDni, pacienteApi, registrarPorApi } from './steps.js'

let app: App
let page: Page
let errors: string[]
let hoy: string
const ids = {} as Record<'lucia' | 'lucio' | 'rosa' | 'antigua', number>
/** Today's arrivals made below, newest last. */
let deHoy = 0

async function paciente(primerNombre: string, primerApellido: string, segundoApellido = '') {
  const body = pacienteApi({
    documento: nuevoDni(),
    primerNombre,
    primerApellido,
    segundoApellido,
    fechaNacimiento: '1984-02-29',
  })
  return (await apiPost<{ id: number }>(page, app, '/pacientes', body)).id
}

async function atencion(pacienteId: number, cambios: Record<string, unknown> = {}) {
  const body = { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }], ...cambios }
  const a = await apiPost<{ id: number }>(page, app, `/pacientes/${pacienteId}/atenciones`, body)
  if (!cambios.fechaLlegada) deHoy += 1
  return a.id
}

async function entrar(viewport: { width: number; height: number }) {
  const c = await newContext(app, viewport)
  const p = await c.newPage()
  const e = watchErrors(p)
  await p.goto('/login')
  await login(p)
  await p.waitForURL('**/dashboard')
  return { context: c, page: p, errors: e }
}

const filas = (p: Page = page) => p.locator('table.worklist tbody tr.worklist__fila')
/** The worklist opened bare, once it is today's list (the URL says which day). */
async function abrirHoy(p: Page = page) {
  await p.goto('/pacientes/buscar')
  await p.waitForURL((u) => u.searchParams.get('fechaInicial') === hoy)
}

beforeAll(async () => {
  app = await startApp()
  ;({ page, errors } = await entrar(DESKTOP))
  hoy = (await api<Preferencias>(page, '/preferencias')).hoy
  ids.antigua = await paciente('Anselmo', 'Núñez')
  await atencion(ids.antigua, { fechaLlegada: '2025-03-10', horaLlegada: '08:00' })
  // An old emergency never completed: an alert of another day.
  await atencion(ids.antigua, {
    fechaLlegada: '2025-03-11',
    horaLlegada: '09:00',
    prioridad: 'Emergencia',
  })
  // A morning's arrivals, enough to scroll; then the three the box must tell apart.
  for (let i = 0; i < 24; i++)
    await atencion(await paciente('Paciente', `Prueba${'abcdefghijklmnopqrstuvwxyz'[i]}`), {
      sede: i % 3 ? 'Lima' : 'Cusco',
      modalidad: 'Eco',
      estudios: [{ nombre: 'Renal' }],
    })
  ids.rosa = await paciente('Rosa', 'Quispe', 'Núñez')
  await atencion(ids.rosa, { sede: 'Cusco', prioridad: 'Urgente', estado: 'Programado' })
  ids.lucio = await paciente('Lucio', 'Núñez')
  await atencion(ids.lucio, { sede: 'Arequipa' })
  ids.lucia = await paciente('Lucía', 'Núñez', 'Quispe')
  await atencion(ids.lucia, { prioridad: 'Urgente', estudios: [{ nombre: 'Mano' }] })
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('lista de trabajo (1440 px)', () => {
  it('abre en las atenciones de hoy, la urgente primero, sin las de otros días', async () => {
    await abrirHoy()
    expect(new URL(page.url()).search).toBe(`?fechaInicial=${hoy}&fechaFinal=${hoy}`)
    await expect.poll(() => filas().count()).toBe(deHoy)
    expect(await filas().first().innerText()).toContain('Lucía Núñez Quispe')
    expect(await page.getByText('Anselmo Núñez').count()).toBe(0)
    // The atención's own number, not the patient's id.
    const [ultima] = await api<BusquedaFila[]>(
      page,
      `/pacientes/buscar?q=lucia&fechaInicial=${hoy}`,
    )
    expect(await filas().first().locator('td').first().innerText()).toContain(
      String(ultima!.atencionId),
    )
    expect(await page.getByLabel('Fecha inicial').inputValue()).toBe(hoy)
    await expectAccessible(page, 'lista de trabajo')
  })

  it('la sede elegida queda con la cuenta: otra sesión abre la lista en esa sede', async () => {
    await page
      .getByRole('group', { name: 'De la atención' })
      .getByLabel('Sede')
      .selectOption('Cusco')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.waitForURL((u) => u.searchParams.get('sede') === 'Cusco')
    await expect.poll(() => filas().count()).toBe(9)
    const otra = await entrar(DESKTOP)
    await abrirHoy(otra.page)
    expect(new URL(otra.page.url()).searchParams.get('sede')).toBe('Cusco')
    await expect.poll(() => filas(otra.page).count()).toBe(9)
    await otra.page
      .getByRole('group', { name: 'De la atención' })
      .getByLabel('Sede')
      .selectOption('')
    await otra.page.getByRole('button', { name: 'Buscar' }).click()
    await expect.poll(async () => (await api<Preferencias>(page, '/preferencias')).sede).toBeNull()
    expect(otra.errors).toEqual([])
    await otra.context.close()
  })

  it('«Nombre o documento» encuentra «lucia nunez» en cualquier orden, mientras se escribe', async () => {
    await abrirHoy()
    const caja = page.getByLabel('Nombre o documento')
    for (const texto of ['lucia nunez', 'nunez lucia', 'NÚÑEZ Lucía']) {
      await caja.fill('')
      await caja.pressSequentially(texto, { delay: 40 })
      await page.waitForURL((u) => u.searchParams.get('q') === texto)
      await expect.poll(() => filas().count(), { message: texto }).toBe(1)
      expect(await filas().first().innerText()).toContain('Lucía Núñez Quispe')
    }
    // Typing makes one history entry: Back returns to the list before it.
    await page.goBack()
    await page.waitForURL((u) => !u.searchParams.has('q'))
    await expect.poll(() => filas().count()).toBe(deHoy)
    // Three people of today share «núñez», and Anselmo's two visits of 2025 count too: a name typed
    // over the day's list searches all time. The document finds one.
    await caja.fill('nunez')
    await page.waitForURL((u) => u.searchParams.get('q') === 'nunez')
    expect(new URL(page.url()).searchParams.has('fechaInicial')).toBe(false)
    await expect.poll(() => filas().count()).toBe(5)
    const lucio = await api<PacienteDetalle>(page, `/pacientes/${ids.lucio}`)
    await caja.fill(lucio.documento)
    await expect.poll(() => filas().count()).toBe(1)
    expect(await filas().first().innerText()).toContain('Lucio Núñez')
    // Nothing to search: the message under the box, and no call.
    await caja.fill('%%')
    await page.locator('#q-error').getByText('Escriba al menos una letra o un número').waitFor()
    await shot(page, 'lista-de-trabajo-q')
  })

  it('una fila abre al paciente con un clic y con Enter', async () => {
    await abrirHoy()
    await expect.poll(() => filas().count()).toBe(deHoy)
    await filas().first().locator('td.col-llegada').click()
    await page.waitForURL(`**/pacientes/${ids.lucia}`)
    await page.getByRole('heading', { name: 'Lucía Núñez Quispe', level: 1 }).waitFor()
    await page.goBack()
    await expect.poll(() => filas().count()).toBe(deHoy)
    // The second in attention order: after Lucía (Urgente), who has waited longest.
    const [, segunda] = await api<BusquedaFila[]>(
      page,
      `/pacientes/buscar?fechaInicial=${hoy}&fechaFinal=${hoy}&orden=atencion`,
    )
    await filas().nth(1).focus()
    expect(
      await filas()
        .nth(1)
        .evaluate((el) => getComputedStyle(el).outlineStyle),
    ).not.toBe('none')
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/pacientes/${segunda!.id}`)
  })

  it('el estado cambia desde la fila: un paso, deshacerlo, y cancelar con su motivo', async () => {
    await abrirHoy()
    const fila = filas().filter({ hasText: 'Lucía Núñez Quispe' })
    const estado = fila.getByRole('button', { name: /Cambiar estado/ })
    await estado.click()
    expect(await estado.getAttribute('aria-expanded')).toBe('true')
    await shot(page, 'lista-de-trabajo-menu')
    await page.getByRole('menuitem', { name: 'Pasar a En proceso' }).click()
    await fila.getByText('En proceso', { exact: true }).waitFor()
    await fila.getByRole('button', { name: 'Deshacer' }).waitFor()
    const leer = async () =>
      (await api<PacienteDetalle>(page, `/pacientes/${ids.lucia}`)).atenciones
    expect((await leer())[0]!.estado).toBe('En proceso')
    await fila.getByRole('button', { name: 'Deshacer' }).click()
    await fila.getByText('En espera', { exact: true }).waitFor()
    expect((await leer())[0]!.estado).toBe('En espera')
    // Escape closes the menu and nothing changes.
    await estado.click()
    await page.keyboard.press('Escape')
    expect(await estado.getAttribute('aria-expanded')).toBe('false')

    const rosa = filas().filter({ hasText: 'Rosa Quispe Núñez' })
    await rosa.getByRole('button', { name: /Cambiar estado/ }).click()
    await page.getByRole('menuitem', { name: 'Cancelar…' }).click()
    const dialogo = page.getByRole('dialog', { name: /¿Cancelar la atención N\.º \d+\?/ })
    await dialogo.waitFor()
    await dialogo.getByLabel('Motivo de la cancelación').fill('No asistió')
    await dialogo.getByRole('button', { name: 'Cancelar atención' }).click()
    await rosa.getByText('Cancelado', { exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pacientes/buscar')
  })

  it('se actualiza sola: una llegada nueva aparece sin mover la pantalla ni cerrar un menú', async () => {
    await abrirHoy()
    await expect.poll(() => filas().count()).toBe(deHoy)
    // One row by its own key: after a new arrival it is no longer the thirteenth.
    const clave = await filas().nth(12).getAttribute('data-clave')
    const referencia = page.locator(`table.worklist tbody tr[data-clave="${clave}"]`)
    await referencia.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    const antes = (await referencia.boundingBox())!.y
    const menu = referencia.getByRole('button', { name: /Cambiar estado/ })
    await menu.click()
    const llegadas = await filas().count()
    // An emergency: it goes to the top of the day's list, above the row being looked at.
    const nueva = await paciente('Teodora', 'Recienllegada')
    await atencion(nueva, { prioridad: 'Emergencia' })
    await expect.poll(() => filas().count(), { timeout: 25_000, interval: 1000 }).toBe(llegadas + 1)
    expect(await filas().first().innerText()).toContain('Teodora Recienllegada')
    expect(Math.abs((await referencia.boundingBox())!.y - antes)).toBeLessThanOrEqual(2)
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0)
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
  }, 60_000)

  it('cada tarjeta del dashboard abre la lista que cuenta; la leyenda del gráfico nunca dice «—»', async () => {
    await page.goto('/dashboard')
    const e = await api<Estadisticas>(page, '/estadisticas')
    const leyenda = page.locator('.u-legend')
    await leyenda.waitFor()
    expect(await leyenda.innerText()).toContain(e.atencionesPorMes.at(-1)!.nombre)
    expect(await leyenda.innerText()).not.toContain('—')
    await shot(page, 'dashboard-tarjetas')
    const casos: [string, number, Record<string, string>][] = [
      [
        'Citas Pendientes',
        e.tarjetas.citasPendientes,
        { fechaInicial: hoy, fechaFinal: hoy, estado: 'Programado', cita: 'si' },
      ],
      [
        'Alertas',
        e.tarjetas.alertas,
        {
          fechaFinal: hoy,
          prioridad: 'Urgente,Emergencia',
          estado: 'Programado,En espera,En proceso',
        },
      ],
      ['Estudios Hoy', deHoy, { fechaInicial: hoy, fechaFinal: hoy }],
    ]
    for (const [tarjeta, cuantas, filtros] of casos) {
      await page.goto('/dashboard')
      await page.getByRole('link', { name: tarjeta }).click()
      await page.waitForURL((u) => u.pathname === '/pacientes/buscar')
      const q = new URL(page.url()).searchParams
      expect(Object.fromEntries(q), tarjeta).toEqual(filtros)
      await expect.poll(() => filas().count(), { message: tarjeta }).toBe(cuantas)
    }
    // Alertas: the urgent one and the emergency waiting today, and the old emergency of another day.
    expect(e.tarjetas.alertas).toBe(3)
    expect(errors).toEqual([])
  })
})

describe('buscar es buscar', () => {
  for (const [viewport, nombre] of [
    [DESKTOP, 'Eleuterio'],
    [{ width: 1366, height: 768 }, 'Fortunato'],
    [PHONE, 'Gumersindo'],
  ] as const) {
    it(`${viewport.width} px: un nombre escrito sobre la lista de hoy busca en todas las fechas; cada filtro que cambia busca de nuevo`, async () => {
      const s = await entrar(viewport)
      // Registered, never arrived: no visit today nor any other day.
      await registrarPorApi(s.page, app, {
        primerNombre: nombre,
        primerApellido: 'Condori',
        fechaNacimiento: '1970-05-02',
      })
      await abrirHoy(s.page)
      await s.page.getByLabel('Nombre o documento').pressSequentially(`${nombre} condori`)
      await s.page.waitForURL((u) => u.searchParams.get('q') === `${nombre} condori`)
      expect(new URL(s.page.url()).searchParams.has('fechaInicial')).toBe(false)
      await expect.poll(() => filas(s.page).count()).toBe(1)
      expect(await filas(s.page).first().innerText()).toContain(`${nombre} Condori`)

      // A choice searches at once, with no «Buscar»: a visit filter leaves him out, and back.
      const resumen = s.page.locator('summary', { hasText: 'Filtros' })
      if ((await s.page.locator('details.filtros__mas').getAttribute('open')) === null)
        await resumen.click() // on a phone the filters start folded
      const atencion = s.page.getByRole('group', { name: 'De la atención' })
      await atencion.getByLabel('Modalidad').selectOption('RX')
      await s.page.waitForURL((u) => u.searchParams.get('modalidad') === 'RX')
      await s.page.getByText('No hay resultados para mostrar.').waitFor()
      await atencion.getByLabel('Modalidad').selectOption('')
      await s.page.waitForURL((u) => !u.searchParams.has('modalidad'))
      await expect.poll(() => filas(s.page).count()).toBe(1)

      // Today's dates put back: nobody; each date cleared searches again, and he is there.
      await atencion.getByLabel('Fecha inicial').fill(hoy)
      await atencion.getByLabel('Fecha final').fill(hoy)
      await s.page.waitForURL((u) => u.searchParams.get('fechaFinal') === hoy)
      await s.page.getByText('No hay resultados para mostrar.').waitFor()
      await atencion.getByRole('button', { name: 'Limpiar fecha inicial' }).click()
      await s.page.waitForURL((u) => !u.searchParams.has('fechaInicial'))
      await s.page.getByText('No hay resultados para mostrar.').waitFor()
      await atencion.getByRole('button', { name: 'Limpiar fecha final' }).click()
      await s.page.waitForURL((u) => !u.searchParams.has('fechaFinal'))
      await expect.poll(() => filas(s.page).count()).toBe(1)
      await shot(s.page, 'buscar-todas-las-fechas')
      expect(s.errors).toEqual([])
      await s.context.close()
    })
  }
})

describe('cabe en cada pantalla', () => {
  const anchos = [
    { width: 1440, height: 900, columnas: ['Sede'] },
    { width: 1366, height: 768, columnas: ['Sede'] },
    { width: 1280, height: 800, columnas: [] },
  ]
  const IMPORTANTES = ['N.º', 'Llegada', 'Paciente', 'Estudios', 'Prioridad', 'Estado']

  for (const { columnas, ...viewport } of anchos) {
    it(`${viewport.width} px: sin desplazamiento lateral y con las columnas que importan a la vista`, async () => {
      const s = await entrar(viewport)
      await abrirHoy(s.page)
      await expect.poll(() => filas(s.page).count()).toBeGreaterThan(20)
      const medidas = await s.page.evaluate(() => ({
        ancho: document.scrollingElement!.scrollWidth,
        ventana: innerWidth,
        columnas: Object.fromEntries(
          [...document.querySelectorAll('table.worklist thead th')].map((th) => {
            const r = th.getBoundingClientRect()
            return [th.textContent, { izquierda: r.left, derecha: r.right, ancho: r.width }]
          }),
        ),
      }))
      expect(medidas.ancho).toBeLessThanOrEqual(medidas.ventana)
      for (const c of [...IMPORTANTES, ...columnas]) {
        const m = medidas.columnas[c]
        expect(m?.ancho, `${c} a ${viewport.width} px`).toBeGreaterThan(40)
        expect(m!.derecha, c).toBeLessThanOrEqual(medidas.ventana)
      }
      // Where the Sede column is gone, each row says its sede under the studies.
      if (columnas.length === 0)
        expect(await filas(s.page).first().locator('td.col-estudios').innerText()).toMatch(/Lima/)
      // An open menu does not widen the page either.
      await filas(s.page)
        .first()
        .getByRole('button', { name: /Cambiar estado/ })
        .click()
      expect(
        await s.page.evaluate(() => document.scrollingElement!.scrollWidth),
      ).toBeLessThanOrEqual(viewport.width)
      await s.page.keyboard.press('Escape')
      await shot(s.page, 'lista-de-trabajo')
      expect(s.errors).toEqual([])
      await s.context.close()
    })
  }

  it('375 px: una tarjeta corta por llegada, al menos cuatro por pantalla, sin desplazamiento lateral', async () => {
    const s = await entrar(PHONE)
    await abrirHoy(s.page)
    await expect.poll(() => filas(s.page).count()).toBeGreaterThan(20)
    // The filters fold under «Filtros» so the list comes first; they open on a tap.
    expect(await s.page.getByLabel('Primer apellido').isVisible()).toBe(false)
    await s.page.getByText(/^Filtros/).click()
    expect(await s.page.getByLabel('Primer apellido').isVisible()).toBe(true)
    await s.page.getByText(/^Filtros/).click()
    const enPantalla = await s.page.evaluate(() => {
      const barra = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0
      const primera = document.querySelector('table.worklist tbody tr.worklist__fila')!
      window.scrollBy(0, primera.getBoundingClientRect().top - barra)
      return [...document.querySelectorAll('table.worklist tbody tr.worklist__fila')].filter(
        (tr) => {
          const r = tr.getBoundingClientRect()
          return r.top >= barra - 1 && r.bottom <= innerHeight + 1
        },
      ).length
    })
    expect(enPantalla).toBeGreaterThanOrEqual(4)
    expect(await s.page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(
      true,
    )
    // Each card still says the arrival's number and its estado, and opens the patient.
    const primera = filas(s.page).first()
    expect(await primera.innerText()).toMatch(/N\.º \d+/)
    await primera.getByRole('button', { name: /Cambiar estado/ }).waitFor()
    await shot(s.page, 'lista-de-trabajo')
    await expectAccessible(s.page, 'lista de trabajo (teléfono)')
    await primera.locator('td.col-llegada').click()
    await s.page.waitForURL(/\/pacientes\/\d+$/)

    // Another day's arrival shows its date under the time, inside its column.
    await s.page.goto('/pacientes/buscar?q=anselmo')
    await expect.poll(() => filas(s.page).count()).toBe(2)
    const fechas = await s.page.evaluate(() =>
      [...document.querySelectorAll('table.worklist tbody tr.worklist__fila')].map((tr) => {
        // The text's own box: the block it sits in keeps the column's width however long it is.
        const rango = document.createRange()
        rango.selectNodeContents(tr.querySelector('td.col-llegada .cell-sub')!)
        const fecha = rango.getBoundingClientRect()
        const paciente = tr.querySelector('td.col-paciente')!.getBoundingClientRect()
        return {
          texto: tr.querySelector('td.col-llegada')!.textContent,
          sobra: fecha.right - paciente.left,
        }
      }),
    )
    expect(fechas.some((f) => /\d\d\/\d\d\/\d{4}/.test(f.texto ?? ''))).toBe(true)
    expect(fechas.filter((f) => f.sobra > 0)).toEqual([])
    await shot(s.page, 'lista-de-trabajo-otros-dias')
    expect(s.errors).toEqual([])
    await s.context.close()
  })
})
