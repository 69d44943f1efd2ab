// The built app started as a user starts it (node dist/server/main.js) on a fresh database, and a
// Debian Chromium to drive it; screenshots and the accessibility check every screen goes through.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { ensureBuilt, ROOT } from '../scripts/ensure-built.mjs'
import { baseDesechable } from '../server/test/database.js'
import {
  relojMovido,
  startServer,
  waitHealthy,
  type ServerProcess,
} from '../server/test/server-process.js'

export const ADMIN = { usuario: 'admin', contrasena: 'e2e-clave-larga-y-segura' }
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 375, height: 812 }
export const LAPTOP = { width: 1366, height: 768 }
/** The three widths a screen is looked at, each with the name its test gives it. */
export const ANCHOS = [
  ['escritorio', DESKTOP],
  ['portátil', LAPTOP],
  ['teléfono', PHONE],
] as const
const SHOTS = join(ROOT, 'e2e', 'screenshots')

export interface App {
  url: string
  server: ServerProcess
  browser: Browser
  close(): Promise<void>
}

/**
 * The environment without libfaketime (scripts/pruebas-con-reloj.sh): Chromium does not load pages
 * under it. The browser keeps the real clock, as a front desk's computer may; the app takes the
 * date from the server's clock (client/lib/hoy.ts), which stays moved.
 */
function sinRelojMovido(env: NodeJS.ProcessEnv): Record<string, string> {
  const movido = relojMovido(env)
  const limpio: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !(k in movido)) limpio[k] = v
  return limpio
}

/**
 * Builds if needed, starts the server on a fresh database (with `extra` in its environment, such
 * as DICOM_PORT) and launches Chromium.
 */
export async function startApp(extra: NodeJS.ProcessEnv = {}): Promise<App> {
  ensureBuilt()
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'warn',
    ADMIN_USER: ADMIN.usuario,
    ADMIN_PASSWORD: ADMIN.contrasena,
    DEMO_DATA: 'false',
    ...extra,
  }
  let drop: () => Promise<void>
  const serverUrl = inject('testDatabaseUrl')
  if (serverUrl) {
    const base = await baseDesechable(serverUrl, 'clinica_e2e')
    env.DATABASE_URL = base.url
    drop = base.borrar
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'clinica-e2e-'))
    env.DATA_DIR = dir
    drop = async () => rmSync(dir, { recursive: true, force: true })
  }
  const server = await startServer(env)
  const detener = async () => {
    server.child.kill('SIGTERM')
    await server.exited
    await drop()
  }
  let browser: Browser
  try {
    await waitHealthy(server)
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      env: sinRelojMovido(process.env),
    })
  } catch (err) {
    // No browser (or no healthy server): leave no server process or database behind.
    await detener()
    throw err
  }
  mkdirSync(SHOTS, { recursive: true })
  return {
    url: server.url,
    server,
    browser,
    async close() {
      await browser.close()
      await detener()
    },
  }
}

/** A browser profile of its own (cookies included) at one screen width, as a clinic in Lima sees it. */
export async function newContext(
  app: App,
  viewport: { width: number; height: number },
  timezoneId = 'America/Lima',
): Promise<BrowserContext> {
  const context = await app.browser.newContext({
    viewport,
    locale: 'es-PE',
    timezoneId,
    baseURL: app.url,
  })
  context.setDefaultTimeout(10_000)
  return context
}

/** Fails the test on any script error or failed request the page did not expect. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (400|401|404|409|412|429)/.test(m.text()))
      errors.push(`console: ${m.text()}`)
  })
  return errors
}

export async function login(
  page: Page,
  usuario = ADMIN.usuario,
  contrasena = ADMIN.contrasena,
): Promise<void> {
  await page.getByLabel('Usuario').fill(usuario)
  await page.getByLabel('Contraseña').fill(contrasena)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

export interface Entrada {
  usuario?: string
  contrasena?: string
  timezoneId?: string
  /** Runs on the new page before it opens the login screen (e.g. to watch its requests). */
  antesDeEntrar?: (page: Page) => Promise<void>
}

/**
 * An Etc/GMT zone where it is now between 11:30 and 12:30 (Etc/GMT-5 is UTC+5): a clinic there
 * has the morning behind it and the afternoon ahead, whatever the hour the test runs at.
 */
export function zonaDeMediodia(ahora = new Date()): string {
  const horas = 12 - Math.round(ahora.getUTCHours() + ahora.getUTCMinutes() / 60)
  return horas === 0 ? 'Etc/GMT' : `Etc/GMT${horas > 0 ? '-' : '+'}${Math.abs(horas)}`
}

/** A test file's app and the browsers it signs in with. */
export interface AppDePrueba {
  /** The app this file started (in its beforeAll). */
  readonly app: App
  /** Each page's console errors, one list per page, for the file's last check. */
  readonly errores: string[][]
  /** A browser of its own at `viewport`, signed in (as the admin unless told), on the dashboard. */
  entrar(viewport: { width: number; height: number }, entrada?: Entrada): Promise<Page>
}

/**
 * Starts the built app for the calling test file before its tests and closes it, with every
 * browser context it opened, after them.
 */
export function usarApp(
  env: NodeJS.ProcessEnv | (() => Promise<NodeJS.ProcessEnv>) = {},
): AppDePrueba {
  let app: App | undefined
  const contextos: BrowserContext[] = []
  const errores: string[][] = []
  beforeAll(async () => {
    // A function when the environment names something started first (a local SMTP server).
    app = await startApp(typeof env === 'function' ? await env() : env)
  }, 240_000)
  afterAll(async () => {
    for (const c of contextos) await c.close()
    await app?.close()
  })
  return {
    get app() {
      if (!app) throw new Error('La app de prueba no arrancó')
      return app
    },
    errores,
    async entrar(viewport, { usuario, contrasena, timezoneId, antesDeEntrar } = {}) {
      const context = await newContext(this.app, viewport, timezoneId)
      contextos.push(context)
      const page = await context.newPage()
      errores.push(watchErrors(page))
      await antesDeEntrar?.(page)
      await page.goto('/login')
      await login(page, usuario, contrasena)
      await page.waitForURL('**/dashboard')
      return page
    },
  }
}

/**
 * The sidebar, through the slide-in menu on a phone (below 768 px), once it has finished sliding
 * in: a click forced past Playwright's checks would otherwise land while it is still off-screen.
 */
export async function abrirMenu(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) >= 768) return
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  const menu = page.locator('.sidebar--abierto')
  await menu.waitFor()
  await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
}

/** The page is no wider than the window: nothing to scroll sideways to. */
export async function sinScrollHorizontal(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
    page.url(),
  ).toBe(true)
}

export async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  // From the top, so fixed parts (sidebar, top bar) sit where a person first sees them.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({
    path: join(SHOTS, `${name}-${width}.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/**
 * Runs axe-core in the page. DevTools-protocol evaluation is not subject to the page's CSP, so
 * the strict `script-src 'self'` stays on while axe is loaded.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.evaluate(AXE)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }))
  })
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(graves, `${screen}: ${JSON.stringify(graves, null, 1)}`).toEqual([])
}

/** The session's calls from the test itself (same cookies as the page). */
export async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { accept: 'application/json' } })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
  return (await res.json()) as T
}

export async function apiPost<T>(page: Page, app: App, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(path, {
    data: body,
    headers: { accept: 'application/json', origin: app.url },
  })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
  return (await res.json()) as T
}

export async function apiPatch<T>(page: Page, app: App, path: string, body: unknown): Promise<T> {
  const res = await page.request.patch(path, {
    data: body,
    headers: { accept: 'application/json', origin: app.url },
  })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
  return (await res.json()) as T
}
