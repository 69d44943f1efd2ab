// Configuración in Chromium at 1440 and 375 px, against the built app on a fresh database: an
// admin creates an account, changes its role, deactivates it (asked first), resets its password
// (shown once, and it works), and finds those actions in Auditoría, filtered by user in the URL;
// turns an account into Médico through its colegiatura; a reception account sees the menu entry
// greyed and a no-permission page, and a physician's menu has no «Crear paciente».
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  abrirMenu,
  apiPost,
  DESKTOP,
  expectAccessible,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'

const e2e = usarApp()
const { errores } = e2e

function sesion(
  viewport: { width: number; height: number },
  usuario?: string,
  contrasena?: string,
): Promise<Page> {
  return e2e.entrar(viewport, { usuario, contrasena })
}

const fila = (page: Page, usuario: string) => page.getByTestId(`cuenta-${usuario}`)
const aviso = (page: Page, texto: string) =>
  page.getByRole('alert').filter({ hasText: texto }).waitFor()

describe.each([
  ['escritorio', DESKTOP],
  ['teléfono', PHONE],
] as const)('Configuración en %s', (_nombre, viewport) => {
  const cuenta = `rosa.huaman${viewport.width}`
  let page: Page

  beforeAll(async () => {
    page = await sesion(viewport)
  })

  it('el administrador entra por el menú y /configuracion abre Personal', async () => {
    await abrirMenu(page)
    const entrada = page.getByRole('link', { name: 'Configuración', exact: true })
    expect(await entrada.getAttribute('aria-disabled')).toBeNull()
    await entrada.click()
    await page.waitForURL('**/configuracion/personal')
    const secciones = page.getByRole('navigation', { name: 'Secciones de Configuración' })
    expect(
      await secciones.getByRole('link', { name: 'Personal' }).getAttribute('aria-current'),
    ).toBe('page')
    await fila(page, 'admin').waitFor()
    await sinScrollHorizontal(page)
  })

  it('crea una cuenta: los errores del formulario en español, y la cuenta en la lista', async () => {
    await page.getByRole('button', { name: 'Nuevo usuario' }).click()
    await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('Con Espacios')
    await page.getByRole('button', { name: 'Crear usuario' }).click()
    await page
      .getByText('De 3 a 40 caracteres: letras minúsculas sin tildes, números, punto, guion')
      .waitFor()
    await page.getByText('Campo requerido').first().waitFor()

    await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(cuenta)
    await page.getByLabel('Nombre').fill('Rosa Huamán')
    await page.getByRole('combobox', { name: 'Rol', exact: true }).selectOption('recepcion')
    // The server's own policy answers under its field.
    await page.getByLabel('Contraseña inicial').fill('password')
    await page.getByRole('button', { name: 'Crear usuario' }).click()
    await page.getByText('Es una contraseña demasiado común; elija otra').waitFor()
    await page.getByLabel('Contraseña inicial').fill('ecografo-verde-22')
    await page.getByRole('button', { name: 'Crear usuario' }).click()
    await aviso(page, `Cuenta ${cuenta} creada.`)
    const f = fila(page, cuenta)
    await f.getByText('Activo', { exact: true }).waitFor()
    expect(await page.getByLabel(`Rol de ${cuenta}`).inputValue()).toBe('recepcion')
    await sinScrollHorizontal(page)
  })

  it('cambia el rol; el último administrador activo no se puede quitar', async () => {
    await page.getByLabel(`Rol de ${cuenta}`).selectOption('admin')
    await aviso(page, 'Rosa Huamán ahora tiene el rol Administrador.')
    expect(await page.getByLabel(`Rol de ${cuenta}`).inputValue()).toBe('admin')
    await page.getByLabel(`Rol de ${cuenta}`).selectOption('recepcion')
    await aviso(page, 'Rosa Huamán ahora tiene el rol Recepción.')
    if (viewport === DESKTOP) {
      // «admin» is the only active admin now: the server refuses, the row keeps its role.
      await page.getByLabel('Rol de admin').selectOption('recepcion')
      await aviso(page, 'Debe quedar al menos un administrador activo')
      expect(await page.getByLabel('Rol de admin').inputValue()).toBe('admin')
    }
  })

  it('pasar a Médico pide antes la colegiatura, y la guarda como va en un informe', async () => {
    await page.getByLabel(`Rol de ${cuenta}`).selectOption('medico')
    const dialogo = page.getByRole('dialog', { name: 'Colegiatura de Rosa Huamán' })
    await dialogo.getByText('Para pasar a Médico, la cuenta necesita su colegiatura').waitFor()
    await dialogo.getByRole('button', { name: 'Guardar' }).click()
    await dialogo.getByText('Un médico necesita su colegiatura').waitFor()
    await dialogo.getByRole('textbox', { name: /Colegiatura/ }).fill('cmp  45821')
    await shot(page, 'configuracion-colegiatura')
    await dialogo.getByRole('button', { name: 'Guardar' }).click()
    await aviso(page, 'Rosa Huamán ahora tiene el rol Médico, con colegiatura CMP 45821.')
    expect(await page.getByLabel(`Rol de ${cuenta}`).inputValue()).toBe('medico')
    await page.getByRole('button', { name: `Colegiatura de ${cuenta}: CMP 45821` }).waitFor()
    await page.getByLabel(`Rol de ${cuenta}`).selectOption('recepcion')
    await aviso(page, 'Rosa Huamán ahora tiene el rol Recepción.')
    await sinScrollHorizontal(page)
  })

  it('desactiva la cuenta tras confirmarlo; «Volver» no cambia nada', async () => {
    await page.getByRole('button', { name: `Desactivar ${cuenta}` }).click()
    const dialogo = page.getByRole('dialog', { name: `¿Desactivar la cuenta ${cuenta}?` })
    await dialogo.waitFor()
    await dialogo.getByRole('button', { name: 'Volver' }).click()
    await dialogo.waitFor({ state: 'detached' })
    await fila(page, cuenta).getByText('Activo', { exact: true }).waitFor()

    await page.getByRole('button', { name: `Desactivar ${cuenta}` }).click()
    await dialogo.getByRole('button', { name: 'Desactivar' }).click()
    await aviso(page, 'quedó desactivada y sus sesiones se cerraron')
    await fila(page, cuenta).getByText('Inactivo', { exact: true }).waitFor()
  })

  it('restablece la contraseña: la temporal se muestra una vez y sirve para entrar', async () => {
    await page.getByRole('button', { name: `Restablecer contraseña de ${cuenta}` }).click()
    const dialogo = page.getByRole('dialog', {
      name: `¿Restablecer la contraseña de ${cuenta}?`,
    })
    await dialogo.getByRole('button', { name: 'Restablecer' }).click()
    const resultado = page.getByRole('dialog', { name: `Contraseña temporal de ${cuenta}` })
    await resultado.getByText('no se volverá a mostrar').waitFor()
    const temporal = (await page.getByTestId('contrasena-temporal').textContent())!
    expect(temporal).toMatch(/^[A-Za-z0-9]{14}$/)
    await shot(page, 'configuracion-contrasena-temporal')
    await resultado.getByRole('button', { name: 'Entendido' }).click()
    await resultado.waitFor({ state: 'detached' })
    expect(await page.getByText(temporal).count()).toBe(0)

    // Active again, the account signs in with the temporary password.
    await page.getByRole('button', { name: `Activar ${cuenta}` }).click()
    await page
      .getByRole('dialog', { name: `¿Activar la cuenta ${cuenta}?` })
      .getByRole('button', { name: 'Activar' })
      .click()
    await fila(page, cuenta).getByText('Activo', { exact: true }).waitFor()
    const otra = await sesion(viewport, cuenta, temporal)
    await otra.getByRole('heading', { name: 'Dashboard' }).waitFor()

    await shot(page, 'configuracion-personal')
    await expectAccessible(page, 'configuracion-personal')
  })

  it('Auditoría muestra esas acciones y filtra por usuario, con los filtros en la URL', async () => {
    await page
      .getByRole('navigation', { name: 'Secciones de Configuración' })
      .getByRole('link', { name: 'Auditoría' })
      .click()
    await page.waitForURL('**/configuracion/auditoria')
    const tabla = page.getByRole('table')
    for (const accion of ['Cuenta creada', 'Cuenta modificada', 'Contraseña restablecida'])
      await tabla.getByText(accion, { exact: true }).first().waitFor()
    await tabla.getByText(`cuenta: ${cuenta}`).first().waitFor()
    await sinScrollHorizontal(page)

    // The new account's own login is in the trail; filtered by the admin, it is not.
    await tabla
      .locator('td[data-label="Usuario"]')
      .filter({ hasText: new RegExp(`^${cuenta.replace('.', '\\.')}$`) })
      .first()
      .waitFor()
    await page.getByRole('combobox', { name: 'Usuario' }).fill('admin')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.waitForURL((u) => u.searchParams.get('usuario') === 'admin')
    await expect
      .poll(async () => new Set(await tabla.locator('td[data-label="Usuario"]').allTextContents()))
      .toEqual(new Set(['admin']))

    await page.getByLabel('Acción').selectOption('usuario.contrasena')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.waitForURL((u) => u.searchParams.get('accion') === 'usuario.contrasena')
    await expect
      .poll(async () => new Set(await tabla.locator('td[data-label="Acción"]').allTextContents()))
      .toEqual(new Set(['Contraseña restablecida']))
    const exportar = page.getByRole('link', { name: 'Exportar CSV' })
    expect(await exportar.getAttribute('href')).toBe(
      '/auditoria.csv?usuario=admin&accion=usuario.contrasena',
    )

    // Opened from its URL, the filters are in the form.
    await page.goto('/configuracion/auditoria?usuario=admin&accion=usuario.creado')
    expect(await page.getByRole('combobox', { name: 'Usuario' }).inputValue()).toBe('admin')
    expect(await page.getByLabel('Acción').inputValue()).toBe('usuario.creado')
    await tabla.getByText(`cuenta: ${cuenta}`).first().waitFor()
    await page.getByRole('button', { name: 'Limpiar' }).click()
    await page.waitForURL((u) => u.pathname === '/configuracion/auditoria' && !u.search)
    await sinScrollHorizontal(page)
    await shot(page, 'configuracion-auditoria')
    await expectAccessible(page, 'configuracion-auditoria')
  })

  it('personal ve Configuración en gris y, por URL, un aviso de que no tiene permiso', async () => {
    const usuario = `luis.rojas${viewport.width}`
    await apiPost(page, e2e.app, '/usuarios', {
      usuario,
      nombre: 'Luis Rojas',
      rol: 'recepcion',
      contrasena: 'tomografo-azul-7',
    })
    const personal = await sesion(viewport, usuario, 'tomografo-azul-7')
    await abrirMenu(personal)
    const entrada = personal.getByRole('link', { name: /Configuración/ })
    expect(await entrada.getAttribute('aria-disabled')).toBe('true')
    // What it is: an administrator's screen, not one still to come.
    await entrada.getByText('Admin', { exact: true }).waitFor()
    expect(await entrada.getAttribute('title')).toBe('Configuración (solo administradores)')
    await entrada.click({ force: true }) // a person's click; Playwright refuses aria-disabled ones
    expect(new URL(personal.url()).pathname).toBe('/dashboard')

    await personal.goto('/configuracion/personal')
    await personal
      .getByRole('heading', { name: 'No tiene permiso para ver Configuración' })
      .waitFor()
    expect(await personal.getByRole('table').count()).toBe(0)
    await sinScrollHorizontal(personal)
    await shot(personal, 'configuracion-sin-permiso')
  })

  it('el menú de un médico no ofrece lo que su rol no puede hacer', async () => {
    const usuario = `ana.diaz${viewport.width}`
    await apiPost(page, e2e.app, '/usuarios', {
      usuario,
      nombre: 'Dra. Ana Díaz',
      rol: 'medico',
      colegiatura: 'CMP 30211',
      contrasena: 'tomografo-azul-7',
    })
    const medico = await sesion(viewport, usuario, 'tomografo-azul-7')
    await abrirMenu(medico)
    const menu = medico.getByRole('navigation', { name: 'Secciones' })
    await menu.getByRole('button', { name: 'Mostrar opciones de Pacientes' }).click()
    await menu.getByRole('link', { name: 'Buscar paciente' }).waitFor()
    expect(await menu.getByRole('link', { name: 'Crear paciente' }).count()).toBe(0)
    expect(await menu.getByRole('link', { name: 'Duplicados' }).count()).toBe(0)
    await medico.getByText(`${usuario} · Médico`).waitFor()
  })

  it('sin errores en la consola', () => {
    expect(errores.flat()).toEqual([])
  })
})
