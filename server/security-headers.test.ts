// Security headers on every kind of answer: the SPA shell, JSON, errors and the API docs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test/app.js'

function directivas(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([nombre, ...valores]) => [nombre!.toLowerCase(), valores]),
  )
}

describe('cabeceras de seguridad', () => {
  let t: TestApp
  let seguro: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    seguro = await createTestApp({ COOKIE_SECURE: 'true' })
  })
  afterAll(async () => {
    await t.close()
    await seguro.close()
  })

  const respuestas = (app: TestApp) =>
    [
      ['SPA shell', () => app.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } })],
      ['JSON', () => app.app.inject({ url: '/sesion', headers: app.headers })],
      ['401', () => app.app.inject({ url: '/sesion' })],
      ['404', () => app.app.inject({ url: '/no/existe' })],
      ['healthz', () => app.app.inject({ url: '/healthz' })],
      ['docs', () => app.app.inject({ url: '/docs/static/index.html', headers: app.headers })],
    ] as const

  it('una CSP sin scripts en línea y con frame-ancestors none, nosniff, una política de referer, sin marcos', async () => {
    for (const [nombre, pedir] of respuestas(t)) {
      const res = await pedir()
      const csp = directivas(res.headers['content-security-policy'] as string)
      expect(csp.size, nombre).toBeGreaterThan(0)
      const script = csp.get('script-src') ?? csp.get('default-src')!
      expect(script, nombre).toContain("'self'")
      expect(script.join(' '), nombre).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/)
      expect(csp.get('script-src-attr') ?? ["'none'"], nombre).toEqual(["'none'"])
      expect(csp.get('frame-ancestors'), nombre).toEqual(["'none'"])
      expect(csp.get('object-src'), nombre).toEqual(["'none'"])
      expect(csp.has('upgrade-insecure-requests'), nombre).toBe(false)
      expect(res.headers['x-content-type-options'], nombre).toBe('nosniff')
      expect(res.headers['referrer-policy'], nombre).toBe('same-origin')
      expect(res.headers['x-frame-options'], nombre).toBe('DENY')
      expect(res.headers['strict-transport-security'], nombre).toBeUndefined()
    }
  })

  it('las páginas de la propia aplicación tampoco permiten estilos en línea', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } })
    expect(directivas(res.headers['content-security-policy'] as string).get('style-src')).toEqual([
      "'self'",
    ])
  })

  it('con COOKIE_SECURE: HSTS por un año y upgrade-insecure-requests', async () => {
    for (const [nombre, pedir] of respuestas(seguro)) {
      const res = await pedir()
      expect(res.headers['strict-transport-security'], nombre).toBe(
        'max-age=31536000; includeSubDomains',
      )
      expect(
        directivas(res.headers['content-security-policy'] as string).has(
          'upgrade-insecure-requests',
        ),
        nombre,
      ).toBe(true)
      expect(
        directivas(res.headers['content-security-policy'] as string).get('frame-ancestors'),
        nombre,
      ).toEqual(["'none'"])
    }
  })

  it('el navegador nunca guarda las respuestas con datos de pacientes', async () => {
    const res = await t.app.inject({ url: '/sesion', headers: t.headers })
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
