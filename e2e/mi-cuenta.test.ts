// «Mi cuenta» in Chromium at 1440 and 375 px, against the built app on a fresh database: a member of
// the staff opens it from the menu, ends a session of theirs open in another browser (which is
// refused at once), changes their password and logs in with the new one.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  abrirMenu,
  apiPost,
  DESKTOP,
  expectAccessible,
  login,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'

const e2e = usarApp()
const { errores } = e2e

const CLAVE = 'placa-de-torax-2024'
const NUEVA = 'contraste-yodado-77'

/** A browser of its own, signed in as `usuario`, on the dashboard. */
function entrar(
  viewport: { width: number; height: number },
  usuario?: string,
  contrasena?: string,
): Promise<Page> {
  return e2e.entrar(viewport, { usuario, contrasena })
}

for (const [ancho, viewport] of [
  ['1440', DESKTOP],
  ['375', PHONE],
] as const) {
  describe(`Mi cuenta (${ancho} px)`, () => {
    it('cierra otra sesión propia, cambia la contraseña y entra con la nueva', async () => {
      const usuario = `rosa.${ancho}`
      const admin = await entrar(DESKTOP)
      await apiPost(admin, e2e.app, '/usuarios', {
        usuario,
        nombre: 'Rosa Huamán',
        rol: 'recepcion',
        contrasena: CLAVE,
      })
      // The same account open in another browser (the other front-desk computer).
      const otra = await entrar(DESKTOP, usuario, CLAVE)
      const page = await entrar(viewport, usuario, CLAVE)

      await abrirMenu(page)
      await page.getByRole('link', { name: /Mi cuenta/ }).click()
      await page.waitForURL('**/mi-cuenta')
      await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor()
      const filas = page.getByTestId('sesion')
      await expect.poll(() => filas.count()).toBe(2)
      expect(await filas.filter({ hasText: 'Esta sesión' }).count()).toBe(1)
      // Chromium's own User-Agent, read the way a person reads it.
      expect(await filas.first().innerText()).toMatch(/Chrome en Linux/)
      await sinScrollHorizontal(page)
      await shot(page, 'mi-cuenta')
      await expectAccessible(page, 'Mi cuenta')

      // End the other browser's session: its very next call is refused.
      await filas
        .filter({ hasNotText: 'Esta sesión' })
        .getByRole('button', { name: 'Cerrar sesión', exact: true })
        .click()
      await page.getByRole('status').filter({ hasText: 'Sesión cerrada.' }).waitFor()
      await expect.poll(() => filas.count()).toBe(1)
      const despues = await otra.request.get('/sesion', { headers: { accept: 'application/json' } })
      expect(despues.status()).toBe(401)

      // A wrong current password is refused under its field, and nothing changes.
      const actual = page.getByLabel('Contraseña actual')
      const nueva = page.getByLabel(/^Nueva contraseña/)
      const repetida = page.getByLabel('Repetir nueva contraseña')
      await actual.fill('no-es-la-clave')
      await nueva.fill(NUEVA)
      await repetida.fill(NUEVA)
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
      await page.getByText('La contraseña actual no es correcta').waitFor()
      expect(await actual.getAttribute('aria-invalid')).toBe('true')

      // Two new passwords that differ never reach the server.
      await actual.fill(CLAVE)
      await repetida.fill(`${NUEVA}x`)
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
      await page.getByText('Las contraseñas no coinciden').waitFor()

      await repetida.fill(NUEVA)
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
      await page.getByRole('status').filter({ hasText: 'Contraseña cambiada.' }).waitFor()
      expect(await actual.inputValue()).toBe('')
      await sinScrollHorizontal(page)
      await shot(page, 'mi-cuenta-cambiada')

      // This session stayed open; out and in again with the new password.
      await abrirMenu(page)
      await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click()
      await page.waitForURL('**/login')
      await login(page, usuario, CLAVE)
      await page
        .getByRole('alert')
        .filter({ hasText: 'Usuario o contraseña incorrectos' })
        .waitFor()
      await login(page, usuario, NUEVA)
      await page.waitForURL('**/dashboard')

      for (const e of errores) expect(e).toEqual([])
    }, 90_000)
  })
}
