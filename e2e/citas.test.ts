// Citas in Chromium at 1440 and 375 px, against the built app on a fresh database: a member of
// the desk opens the agenda from the menu, picks a sede and a coming weekday, books a free slot of
// the Eco sala for a patient (found by document in the booking panel) with a study, sees it in the
// sala's column, prints its slip, is offered no arrival on a coming day (e2e/llegada.test.ts marks
// one on its own day); a slot another desk takes meanwhile shows the
// server's 409 in the panel, moving a day ahead and back keeps the cita, a cita is cancelled (with
// its reason) and another marked «No se presentó», and booking a taken slot is refused with 409;
// a cita is moved to another slot from the keyboard and the move undone; the week shows each day's
// salas counted, moves a week at once from what it read ahead, and opens a day; a patient not found
// is registered from the booking panel and booked at once.
import { feriadoNacional } from '../shared/feriados.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  api,
  apiPost,
  DESKTOP,
  expectAccessible,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
  watchErrors,
} from './harness.js'
import { llenarRegistro, nuevoDni, pacienteApi } from './steps.js'

const e2e = usarApp()
const { errores } = e2e

const esTelefono = (page: Page) => (page.viewportSize()?.width ?? 0) < 768

/**
 * The `dias`-th working day after `desde`, counting Monday to Saturday only (the seeded salas'
 * days) and no feriado nacional (they take no citas): distinct counts give distinct days whatever weekday `desde` is, so tests that each take
 * their own count never share a sala's day.
 */
function diaHabil(desde: string, dias: number): string {
  const d = new Date(`${desde}T00:00:00Z`)
  for (let contados = 0; contados < dias;) {
    d.setUTCDate(d.getUTCDate() + 1)
    if (d.getUTCDay() !== 0 && !feriadoNacional(d.toISOString().slice(0, 10))) contados += 1
  }
  return d.toISOString().slice(0, 10)
}

/** `desde` plus `dias`, whatever weekday it falls on. */
function diaSiguiente(desde: string, dias: number): string {
  const d = new Date(`${desde}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + dias)
  return d.toISOString().slice(0, 10)
}

// Both widths share one database: each books its own sede and day.
for (const [ancho, viewport, sede, dias, nombre, nuevo] of [
  ['1440', DESKTOP, 'Arequipa', 3, 'Pilar', 'Celestina'],
  ['375', PHONE, 'Cusco', 5, 'Teodoro', 'Wenceslao'],
] as const) {
  describe(`Citas (${ancho} px)`, () => {
    it('reserva un turno libre, sin «Llegó» en un día que viene, otra cita se cancela y otra no se presenta; un turno tomado da 409', async () => {
      const page = await e2e.entrar(viewport)
      const documento = nuevoDni()
      const paciente = await apiPost<{ id: number; nombreCompleto: string }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento,
          primerNombre: nombre,
          primerApellido: 'Quispe',
          fechaNacimiento: '1979-03-21',
        }),
      )
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      const fecha = diaHabil(hoy, dias)

      if (esTelefono(page)) await page.getByRole('button', { name: 'Abrir menú' }).click()
      const entrada = page.getByRole('link', { name: 'Citas', exact: true })
      expect(await entrada.getAttribute('aria-disabled')).toBeNull()
      await entrada.click()
      // Bare, it opens on today at a sede, both written into the URL.
      await page.waitForURL(
        (u) =>
          u.pathname === '/citas' &&
          u.searchParams.get('fecha') === hoy &&
          u.searchParams.has('sede'),
      )
      await page.getByRole('heading', { name: 'Citas', level: 1 }).waitFor()

      await page.getByLabel('Sede', { exact: true }).selectOption(sede)
      await page.getByLabel('Fecha', { exact: true }).fill(fecha)
      await page.waitForURL(
        (u) => u.searchParams.get('sede') === sede && u.searchParams.get('fecha') === fecha,
      )
      if (esTelefono(page)) await page.getByLabel('Sala', { exact: true }).selectOption('Eco 1')
      const sala = page.getByRole('region', { name: 'Eco 1' })
      await sala.getByText('Atiende de 07:00 a 20:00').waitFor()
      // Another sala's column is there on a wide screen, hidden on a phone.
      await expect
        .poll(() => page.getByRole('region', { name: 'RX 1' }).isVisible())
        .toBe(!esTelefono(page))

      await sala.getByRole('button', { name: 'Reservar Eco 1 de 09:00 a 09:30' }).click()
      const panel = page.getByRole('dialog', { name: 'Nueva cita' })
      await panel.getByLabel('Nombre o documento').fill(documento)
      const resultado = panel.getByRole('button', { name: new RegExp(paciente.nombreCompleto) })
      // The birth date tells namesakes apart.
      expect(await resultado.innerText()).toContain(`${documento} · nac. 21/03/1979`)
      await resultado.click()
      await panel.getByRole('checkbox', { name: /Renal/ }).check()
      await panel.getByText('Duran 20 min: de 09:00 a 09:20.').waitFor()
      await panel.getByLabel('Prioridad').selectOption('Urgente')
      await panel.getByRole('button', { name: 'Guardar' }).click()
      await panel.waitFor({ state: 'hidden' })

      const cita = sala.getByTestId('cita').filter({ hasText: paciente.nombreCompleto })
      await cita.getByText('09:00–09:20').waitFor()
      await cita.getByText('Renal').waitFor()
      await cita.getByText('Programado', { exact: true }).waitFor()
      // The slot it took is no longer offered.
      expect(
        await sala.getByRole('button', { name: 'Reservar Eco 1 de 09:00 a 09:30' }).count(),
      ).toBe(0)

      await sinScrollHorizontal(page)
      await shot(page, 'citas')
      await expectAccessible(page, 'Citas')

      // Its slip, printed alone in a tab of its own: day, time, sede, sala, studies and preparation.
      const hoja = await page.context().newPage()
      errores.push(watchErrors(hoja))
      const enlace = cita.getByRole('link', { name: /^Comprobante de la cita/ })
      await hoja.goto((await enlace.getAttribute('href')) ?? '')
      const comprobante = hoja.getByRole('article', { name: 'Comprobante de cita' })
      await comprobante.waitFor()
      const texto = await comprobante.innerText()
      for (const dato of [
        paciente.nombreCompleto,
        documento,
        '09:00 a 09:20',
        sede,
        'Eco 1',
        'Renal',
        'Tomar 1 litro de agua una hora antes.',
      ])
        expect(texto).toContain(dato)
      expect(texto).toMatch(
        new RegExp(`${Number(fecha.slice(8))} de \\p{L}+ de ${fecha.slice(0, 4)}`, 'u'),
      )
      expect(await hoja.title()).toBe('Comprobante de cita · Clínica')
      await expectAccessible(hoja, 'Comprobante de cita')
      await shot(hoja, 'comprobante-cita')
      await hoja.close()

      // A coming day's cita is moved or cancelled, but does not arrive today.
      await cita.getByRole('button', { name: 'Mover' }).waitFor()
      expect(await cita.getByRole('button', { name: 'Llegó' }).count()).toBe(0)

      // Another desk takes 09:50 while this one fills the panel: the server's 409 shows in it.
      const { salas } = await api<{ salas: { id: number; nombre: string }[] }>(
        page,
        `/agenda?sede=${sede}&fecha=${fecha}`,
      )
      const salaId = salas.find((s) => s.nombre === 'Eco 1')?.id
      await sala.getByRole('button', { name: 'Reservar Eco 1 de 09:50 a 10:20' }).click()
      await panel.getByLabel('Nombre o documento').fill(documento)
      await panel.getByRole('button', { name: new RegExp(paciente.nombreCompleto) }).click()
      await panel.getByRole('checkbox', { name: /Renal/ }).check()
      await apiPost(page, e2e.app, '/citas', {
        pacienteId: paciente.id,
        salaId,
        inicio: `${fecha}T09:50`,
        estudios: [{ nombre: 'Renal' }],
      })
      await panel.getByRole('button', { name: 'Guardar' }).click()
      await panel
        .getByRole('alert')
        .filter({ hasText: 'Ese horario ya está tomado: la sala tiene una cita de 09:50 a 10:10' })
        .waitFor()
      await panel.getByRole('button', { name: 'Volver' }).click()
      await panel.waitFor({ state: 'hidden' })

      await apiPost(page, e2e.app, '/citas', {
        pacienteId: paciente.id,
        salaId,
        inicio: `${fecha}T11:00`,
        estudios: [{ nombre: 'Renal' }],
      })

      // To the next day and back: the cita is still there, booked, with the other desk's two.
      await page.getByRole('button', { name: 'Siguiente' }).click()
      await page.waitForURL((u) => u.searchParams.get('fecha') !== fecha)
      await page.getByRole('button', { name: 'Anterior' }).click()
      await page.waitForURL((u) => u.searchParams.get('fecha') === fecha)
      await cita
        .filter({ hasText: '09:00–09:20' })
        .getByText('Programado', { exact: true })
        .waitFor()

      // Cancelled with its reason, the 09:50 cita gives its slot back.
      const cancelada = sala.getByTestId('cita').filter({ hasText: '09:50–10:10' })
      await cancelada.getByRole('button', { name: 'Cancelar', exact: true }).click()
      const dialogo = page.getByRole('dialog', { name: /¿Cancelar la atención/ })
      // A cita not yet arrived is named by its booked time, not as an arrival.
      const [a, m, d] = fecha.split('-')
      await dialogo.getByText(new RegExp(`, cita del ${d}/${m}/${a} 09:50\\.`)).waitFor()
      expect(await dialogo.getByText('llegada el').count()).toBe(0)
      await dialogo.getByLabel(/Motivo de la cancelación/).fill('El paciente pidió otro día')
      await dialogo.getByRole('button', { name: 'Cancelar atención' }).click()
      await cancelada.getByText('Cancelado', { exact: true }).waitFor()
      await sala.getByRole('button', { name: 'Reservar Eco 1 de 09:50 a 10:20' }).waitFor()

      // The 11:00 one is marked missed, once confirmed.
      const perdida = sala.getByTestId('cita').filter({ hasText: '11:00–11:20' })
      await perdida.getByRole('button', { name: 'No se presentó' }).click()
      await page
        .getByRole('dialog', { name: '¿El paciente no se presentó?' })
        .getByRole('button', { name: 'No se presentó' })
        .click()
      // Its buttons go (one of them reads «No se presentó» too), its badge stays.
      await expect.poll(() => perdida.getByRole('button').count()).toBe(0)
      await perdida.getByText('No se presentó', { exact: true }).waitFor()

      // The same slot again, as another desk would ask for it: the database refuses it.
      const otra = await page.request.post('/citas', {
        data: {
          pacienteId: paciente.id,
          salaId,
          inicio: `${fecha}T09:10`,
          estudios: [{ nombre: 'Renal' }],
        },
        headers: { accept: 'application/json', origin: e2e.app.url },
      })
      expect(otra.status()).toBe(409)
      expect(((await otra.json()) as { message: string }).message).toBe(
        'Ese horario ya está tomado: la sala tiene una cita de 09:00 a 09:20',
      )

      expect(errores.flat()).toEqual([])
    })

    it('mueve una cita a otro turno con «Mover», confirma, y «Deshacer» la devuelve', async () => {
      const page = await e2e.entrar(viewport)
      const paciente = await apiPost<{ id: number; nombreCompleto: string }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: `${nombre}a`,
          primerApellido: 'Mamani',
          fechaNacimiento: '1985-07-02',
        }),
      )
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      const fecha = diaHabil(hoy, dias + 1)
      const { salas } = await api<{ salas: { id: number; nombre: string }[] }>(
        page,
        `/agenda?sede=${sede}&fecha=${fecha}`,
      )
      await apiPost(page, e2e.app, '/citas', {
        pacienteId: paciente.id,
        salaId: salas.find((s) => s.nombre === 'Eco 1')?.id,
        inicio: `${fecha}T14:00`,
        estudios: [{ nombre: 'Renal' }],
      })
      await page.goto(`/citas?sede=${sede}&fecha=${fecha}`)
      if (esTelefono(page)) await page.getByLabel('Sala', { exact: true }).selectOption('Eco 1')
      const sala = page.getByRole('region', { name: 'Eco 1' })
      const cita = sala.getByTestId('cita').filter({ hasText: paciente.nombreCompleto })
      await cita.getByText('14:00–14:20').waitFor()

      // The keyboard path: «Mover» picks it up, the slots of its modality take it.
      await cita.getByRole('button', { name: /^Mover la cita/ }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('status').filter({ hasText: 'Reprogramando la cita' }).waitFor()
      const destino = sala.getByRole('button', { name: /Mover aquí: Eco 1 de 15:00 a 15:20/ })
      await destino.focus()
      await page.keyboard.press('Enter')
      const dialogo = page.getByRole('dialog', { name: '¿Mover la cita?' })
      expect(await dialogo.innerText()).toContain('15:00 (Eco 1)')
      await shot(page, 'citas-mover')
      await dialogo.getByRole('button', { name: 'Mover' }).click()
      await cita.getByText('15:00–15:20').waitFor()
      const aviso = page.getByRole('status').filter({ hasText: 'movida a' })
      await aviso.waitFor()
      await sinScrollHorizontal(page)

      await aviso.getByRole('button', { name: 'Deshacer' }).click()
      await cita.getByText('14:00–14:20').waitFor()
      await page.getByRole('status').filter({ hasText: 'volvió a' }).waitFor()
      expect(errores.flat()).toEqual([])
    })

    it('la semana cuenta citas y turnos libres por día y sala, avanza al instante y abre un día', async () => {
      const page = await e2e.entrar(viewport)
      const paciente = await apiPost<{ id: number; nombreCompleto: string }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: `${nombre}o`,
          primerApellido: 'Huamán',
          fechaNacimiento: '1990-01-15',
        }),
      )
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      // A day the other tests leave alone: its Eco 1 holds one cita.
      const fecha = diaHabil(hoy, 10)
      const { salas } = await api<{ salas: { id: number; nombre: string }[] }>(
        page,
        `/agenda?sede=${sede}&fecha=${fecha}`,
      )
      await apiPost(page, e2e.app, '/citas', {
        pacienteId: paciente.id,
        salaId: salas.find((s) => s.nombre === 'Eco 1')?.id,
        inicio: `${fecha}T08:00`,
        estudios: [{ nombre: 'Renal' }],
      })
      let lecturas = 0
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/agenda') lecturas += 1
      })

      await page.goto(`/citas?sede=${sede}&fecha=${fecha}`)
      await page.getByRole('heading', { name: 'Citas', level: 1 }).waitFor()
      await page.getByRole('button', { name: 'Semana' }).click()
      await page.waitForURL((u) => u.searchParams.get('vista') === 'semana')
      expect(await page.getByRole('button', { name: 'Semana' }).getAttribute('aria-pressed')).toBe(
        'true',
      )
      const dias = page.getByRole('list', { name: 'Días de la semana' })
      const abrir = (dia: string) =>
        page.getByRole('link', {
          name: new RegExp(
            `^Abrir el \\p{L}+ ${Number(dia.slice(8))} de \\p{L}+ de ${dia.slice(0, 4)}$`,
            'u',
          ),
        })
      // Monday to Sunday; Sunday closed.
      await dias.waitFor()
      expect(await dias.locator(':scope > li').count()).toBe(7)
      const tarjeta = dias.locator(':scope > li').filter({ has: abrir(fecha) })
      const eco = tarjeta.getByRole('listitem').filter({ hasText: 'Eco 1' })
      await expect.poll(() => eco.innerText()).toMatch(/^Eco 1\s+1 cita\s+\d+ libres$/)
      await dias.locator(':scope > li').last().getByText('No atiende').waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'citas-semana')
      await expectAccessible(page, 'Citas, semana')

      // The weeks either side are read ahead: with the server slowed down, the next week and
      // back show at once, long before any answer could come.
      await expect.poll(() => lecturas).toBeGreaterThanOrEqual(7 + 14)
      await page.route('**/agenda?*', async (route) => {
        await new Promise((r) => setTimeout(r, 4000))
        await route.continue().catch(() => {}) // the page may have moved on
      })
      await page.getByRole('button', { name: 'Siguiente' }).click()
      await page.waitForURL((u) => u.searchParams.get('fecha') === diaSiguiente(fecha, 7))
      await abrir(diaSiguiente(fecha, 7)).waitFor({ timeout: 1500 })
      expect(await dias.getByText('Cargando…').count()).toBe(0)
      await page.getByRole('button', { name: 'Anterior' }).click()
      await eco.waitFor({ timeout: 1500 })

      // A day of the week opens that day, from what the week read: at once too.
      await abrir(fecha).click()
      await page.waitForURL(
        (u) => u.searchParams.get('fecha') === fecha && !u.searchParams.has('vista'),
      )
      if (esTelefono(page)) await page.getByLabel('Sala', { exact: true }).selectOption('Eco 1')
      await page
        .getByRole('region', { name: 'Eco 1' })
        .getByTestId('cita')
        .filter({ hasText: paciente.nombreCompleto })
        .waitFor({ timeout: 1500 })
      await page.unroute('**/agenda?*')
      expect(errores.flat()).toEqual([])
    })

    it('registra en el panel a un paciente que no se encuentra y le reserva la cita', async () => {
      const page = await e2e.entrar(viewport)
      const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
      const fecha = diaHabil(hoy, 11)
      const documento = nuevoDni()
      await page.goto(`/citas?sede=${sede}&fecha=${fecha}`)
      if (esTelefono(page)) await page.getByLabel('Sala', { exact: true }).selectOption('Eco 1')
      const sala = page.getByRole('region', { name: 'Eco 1' })
      await sala.getByRole('button', { name: 'Reservar Eco 1 de 10:00 a 10:30' }).click()
      const panel = page.getByRole('dialog', { name: 'Nueva cita' })
      await panel.getByRole('checkbox', { name: /Renal/ }).check()
      await panel.getByLabel('Nombre o documento').fill(documento)
      await panel.getByText('Ningún paciente coincide.').waitFor()
      await panel.getByRole('button', { name: 'Registrar paciente nuevo' }).click()

      // The registration form of Pacientes, in the panel, over the agenda.
      await panel.getByRole('heading', { name: 'Registro de Paciente' }).waitFor()
      // It starts with the DNI the search was typed with.
      expect(await panel.getByLabel('Tipo de documento').inputValue()).toBe('dni')
      expect(
        await panel.getByRole('textbox', { name: 'Documento', exact: true }).inputValue(),
      ).toBe(documento)
      await sinScrollHorizontal(page)
      await llenarRegistro(page, {
        documento,
        primerNombre: nuevo,
        primerApellido: 'Ccahuana',
        fechaNacimiento: '1972-10-05',
      })
      await shot(page, 'citas-registrar')
      await panel.getByRole('button', { name: 'Guardar', exact: true }).click()

      // Back in the booking: the new patient chosen, the study still checked.
      const elegido = panel.getByText(`${nuevo} Ccahuana`, { exact: true })
      await elegido.waitFor()
      expect(page.url()).toContain('/citas?')
      expect(await panel.getByRole('checkbox', { name: /Renal/ }).isChecked()).toBe(true)
      await panel.getByRole('button', { name: 'Guardar' }).click()
      await panel.waitFor({ state: 'hidden' })
      await sala
        .getByTestId('cita')
        .filter({ hasText: `${nuevo} Ccahuana` })
        .getByText('10:00–10:20')
        .waitFor()
      // Registered once, with the document typed.
      const encontrados = await api<{ documento: string }[]>(
        page,
        `/pacientes/buscar?q=${documento}`,
      )
      expect(encontrados.map((p) => p.documento)).toEqual([documento])
      expect(errores.flat()).toEqual([])
    })
  })
}
