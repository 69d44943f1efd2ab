// Médicos solicitantes in Chromium at 1440, 1366 and 375 px. The desk, on a patient's record,
// finds the physician of an atención by surname (a deactivated one shown but not chosen), adds one
// who is not yet in the catalogue without leaving the atención (its errors in Spanish, a CMP
// already registered naming its physician) and registers it with everything typed still there;
// an admin searches the list in Configuración, corrects one and deactivates and reactivates another.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MedicoSolicitante } from '../shared/medico-solicitante.js'
import type { PacienteDetalle } from '../shared/pacientes.js'
import {
  api,
  apiPatch,
  apiPost,
  DESKTOP,
  expectAccessible,
  LAPTOP,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const RECEPCION = { usuario: 'luz.recepcion', contrasena: 'mostrador-de-lima-2024' }

beforeAll(async () => {
  const admin = await e2e.entrar(DESKTOP)
  await apiPost(admin, e2e.app, '/usuarios', {
    ...RECEPCION,
    nombre: 'Luz Ccori',
    rol: 'recepcion',
  })
  await apiPost(admin, e2e.app, '/medicos-solicitantes', {
    nombres: 'Lucía',
    apellidos: 'Fernández Ruiz',
    cmp: '51234',
    especialidad: 'Pediatría',
  })
  const oscar = await apiPost<MedicoSolicitante>(admin, e2e.app, '/medicos-solicitantes', {
    nombres: 'Óscar',
    apellidos: 'Fernández Soto',
    cmp: '51235',
  })
  await apiPatch(admin, e2e.app, `/configuracion/medicos-solicitantes/${oscar.id}`, {
    activo: false,
  })
}, 60_000)

const atenciones = async (page: Page, id: number) =>
  (await api<PacienteDetalle>(page, `/pacientes/${id}`)).atenciones

// Each width adds a physician of its own surname, so the search of the next one finds nobody.
for (const [viewport, apellido, nombre, cmp] of [
  [DESKTOP, 'Gutiérrez', 'Teodoro', '60001'],
  [LAPTOP, 'Huarcaya', 'Ulises', '60002'],
  [PHONE, 'Ibáñez', 'Valentín', '60003'],
] as const) {
  const ancho = viewport.width
  describe(`Médicos solicitantes (${ancho} px)`, () => {
    it('recepción busca al médico, agrega uno en línea y registra la atención sin perder nada', async () => {
      const page = await e2e.entrar(viewport, RECEPCION)
      const p = await registrarPorApi(page, e2e.app, {
        primerNombre: `Paciente ${nombre}`,
        primerApellido: 'Mamani',
        fechaNacimiento: '1975-08-19',
      })
      await page.goto(`/pacientes/${p.id}`)
      const form = page.getByRole('form', { name: 'Registrar atención' })
      await form.getByLabel('Sede').selectOption('Lima')
      await form.getByLabel('Modalidad').selectOption({ label: 'DX (RX)' })
      await form.getByRole('checkbox', { name: 'Tórax PA', exact: true }).check()
      await form.getByLabel('Prioridad').selectOption('Urgente')

      // Found by a surname typed without its accent; the deactivated one is there, not choosable.
      const caja = form.getByRole('combobox', { name: 'Médico solicitante' })
      await caja.fill('fernan')
      const lista = form.getByRole('listbox', { name: 'Médicos solicitantes' })
      await lista.getByRole('option', { name: /Fernández Ruiz, Lucía — CMP 51234/ }).waitFor()
      const inactivo = lista.getByRole('option', { name: /Fernández Soto, Óscar — CMP 51235/ })
      expect(await inactivo.getAttribute('aria-disabled')).toBe('true')
      expect(await inactivo.innerText()).toContain('Desactivado')
      await sinScrollHorizontal(page)
      await shot(page, 'medico-solicitante-buscar')
      await expectAccessible(page, `lista de médicos (${ancho})`)

      // Not in the catalogue: added from here, starting from the surname typed.
      await caja.fill(apellido)
      await form.getByText(`Ningún médico con «${apellido}»: agréguelo.`).waitFor()
      await form.getByRole('button', { name: `+ Agregar «${apellido}» como médico nuevo` }).click()
      const nuevo = form.getByRole('group', { name: 'Agregar médico solicitante' })
      expect(await nuevo.getByLabel('Apellidos').inputValue()).toBe(apellido)
      await nuevo.getByRole('button', { name: 'Guardar médico' }).click()
      await expect.poll(() => nuevo.getByText('Campo requerido').count()).toBe(2)
      await nuevo.getByLabel('Nombres').fill(nombre)
      await nuevo.getByLabel('CMP').fill('12a')
      await nuevo.getByLabel('Correo electrónico').fill('no-es-correo')
      await nuevo.getByRole('button', { name: 'Guardar médico' }).click()
      await nuevo
        .getByText('Solo dígitos: el número del Colegio Médico del Perú, p. ej. 45821')
        .waitFor()
      await nuevo.getByText('Correo electrónico inválido').waitFor()
      // A CMP someone already has: the server names them, and offers to use them instead.
      await nuevo.getByLabel('CMP').fill('051234')
      await nuevo.getByLabel('Correo electrónico').fill('')
      await nuevo.getByRole('button', { name: 'Guardar médico' }).click()
      await nuevo.getByText('El CMP 51234 ya está registrado: Fernández Ruiz, Lucía').waitFor()
      await nuevo.getByRole('button', { name: 'Usar este médico' }).waitFor()
      await shot(page, 'medico-solicitante-agregar')
      await expectAccessible(page, `agregar médico (${ancho})`)
      await sinScrollHorizontal(page)
      // Enter in a field saves the physician, never the atención.
      await nuevo.getByLabel('CMP').fill(cmp)
      await nuevo.getByLabel('Especialidad').fill('Traumatología')
      await nuevo.getByLabel('Especialidad').press('Enter')
      await form.getByText(`${apellido}, ${nombre} — CMP ${cmp}`, { exact: true }).waitFor()
      expect(await nuevo.count()).toBe(0)
      expect(await atenciones(page, p.id)).toEqual([])
      // What the atención had is still there.
      expect(await form.getByRole('checkbox', { name: 'Tórax PA', exact: true }).isChecked()).toBe(
        true,
      )
      expect(await form.getByLabel('Prioridad').inputValue()).toBe('Urgente')
      await sinScrollHorizontal(page)
      await shot(page, 'medico-solicitante-elegido')

      await form.getByRole('button', { name: 'Registrar atención' }).click()
      await page.getByRole('alert').filter({ hasText: 'Atención registrada' }).waitFor()
      const [a] = await atenciones(page, p.id)
      expect(a).toMatchObject({
        prioridad: 'Urgente',
        solicitante: { apellidos: apellido, nombres: nombre, cmp, activo: true },
      })
      // The next atención starts without a physician; chosen by keyboard this time.
      await form.getByRole('combobox', { name: 'Médico solicitante' }).waitFor()
      await form.getByLabel('Modalidad').selectOption({ label: 'DX (RX)' })
      await form.getByRole('checkbox', { name: 'Tórax PA', exact: true }).check()
      await caja.fill('lucia fern')
      await lista.getByRole('option', { name: /Fernández Ruiz, Lucía/ }).waitFor()
      await caja.press('ArrowDown')
      await caja.press('Enter')
      await form.getByText('Fernández Ruiz, Lucía — CMP 51234', { exact: true }).waitFor()
      await form.getByRole('button', { name: 'Registrar atención' }).click()
      await expect
        .poll(async () => (await atenciones(page, p.id)).map((x) => x.solicitante?.cmp).sort())
        .toEqual(['51234', cmp])

      // Corrected: the first one's physician shows in its form, and «Cambiar» puts another.
      await page
        .getByTestId(`atencion-${a!.id}`)
        .getByRole('button', { name: `Editar atención ${a!.id}` })
        .click()
      const dialogo = page.getByRole('dialog', { name: `Editar atención N.º ${a!.id}` })
      await dialogo.getByText(`${apellido}, ${nombre} — CMP ${cmp}`, { exact: true }).waitFor()
      await dialogo.getByRole('button', { name: /^Cambiar el médico solicitante/ }).click()
      const otraCaja = dialogo.getByRole('combobox', { name: 'Médico solicitante' })
      await otraCaja.fill('CMP 5123')
      await dialogo.getByRole('option', { name: /Fernández Ruiz, Lucía/ }).click()
      await expectAccessible(page, `corregir el médico solicitante (${ancho})`)
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click()
      await dialogo.waitFor({ state: 'hidden' })
      await expect
        .poll(async () => (await atenciones(page, p.id)).map((x) => x.solicitante?.cmp))
        .toEqual(['51234', '51234'])
    })

    it('un administrador busca, corrige, desactiva y reactiva en Configuración', async () => {
      const page = await e2e.entrar(viewport)
      await page.goto('/configuracion/medicos-solicitantes')
      const tabla = page.getByRole('region', { name: 'Médicos solicitantes' })
      await tabla.getByTestId('medico-51234').waitFor()
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('soto')
      await expect.poll(() => tabla.getByRole('row').count()).toBe(2)
      expect(await tabla.getByTestId('medico-51235').innerText()).toContain('Inactivo')
      await sinScrollHorizontal(page)
      await shot(page, 'medicos-solicitantes')
      await expectAccessible(page, `Configuración › Médicos solicitantes (${ancho})`)

      // Reactivated and deactivated again, each asked first.
      await page
        .getByRole('button', { name: 'Activar a Fernández Soto, Óscar (CMP 51235)' })
        .click()
      await page.getByRole('button', { name: 'Activar', exact: true }).click()
      await page.getByRole('alert').filter({ hasText: 'está activo de nuevo' }).waitFor()
      await expect.poll(() => tabla.getByTestId('medico-51235').innerText()).toContain('Activo')
      await page
        .getByRole('button', { name: 'Desactivar a Fernández Soto, Óscar (CMP 51235)' })
        .click()
      await page.getByRole('button', { name: 'Desactivar', exact: true }).click()
      await page.getByRole('alert').filter({ hasText: 'quedó desactivado' }).waitFor()

      // Corrected: the specialty, and a CMP another has is refused under the field.
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('51234')
      await page.getByRole('button', { name: 'Editar a Fernández Ruiz, Lucía (CMP 51234)' }).click()
      const editar = page.getByRole('region', { name: 'Editar a Fernández Ruiz, Lucía' })
      await editar.getByLabel('CMP').fill('51235')
      await editar.getByRole('button', { name: 'Guardar cambios' }).click()
      await editar
        .getByText('El CMP 51235 ya está registrado: Fernández Soto, Óscar (desactivado)')
        .waitFor()
      await editar.getByLabel('CMP').fill('51234')
      await editar.getByLabel('Especialidad').fill(`Pediatría (${ancho})`)
      await sinScrollHorizontal(page)
      await shot(page, 'medicos-solicitantes-editar')
      await editar.getByRole('button', { name: 'Guardar cambios' }).click()
      await page.getByRole('alert').filter({ hasText: 'Fernández Ruiz, Lucía guardado' }).waitFor()
      await expect
        .poll(() => tabla.getByTestId('medico-51234').innerText())
        .toContain(`Pediatría (${ancho})`)

      // A new one from here: each required field says so, then it is in the list.
      await page.getByRole('button', { name: 'Nuevo médico' }).click()
      const alta = page.getByRole('region', { name: 'Nuevo médico solicitante' })
      await alta.getByRole('button', { name: 'Agregar médico' }).click()
      await expect.poll(() => alta.getByText('Campo requerido').count()).toBe(3)
      await alta.getByLabel('Apellidos').fill('Quispe Huamán')
      await alta.getByLabel('Nombres').fill(`Rosa ${nombre}`)
      await alta.getByLabel('CMP').fill(String(Number(cmp) + 100))
      await alta.getByRole('button', { name: 'Agregar médico' }).click()
      await page.getByRole('alert').filter({ hasText: 'agregado' }).waitFor()
      await page.getByRole('searchbox', { name: 'Buscar' }).fill(`quispe ${nombre}`)
      await tabla.getByTestId(`medico-${Number(cmp) + 100}`).waitFor()
    })
  })
}

it('la recepción no entra a Configuración › Médicos solicitantes', async () => {
  const page = await e2e.entrar(DESKTOP, RECEPCION)
  await page.goto('/configuracion/medicos-solicitantes')
  await page.getByRole('heading', { name: 'No tiene permiso para ver Configuración' }).waitFor()
})

it('sin errores en la consola', () => {
  expect(e2e.errores.flat()).toEqual([])
})
