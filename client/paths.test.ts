import { describe, expect, it } from 'vitest'
import { destinoTrasLogin, paths, volverA } from './paths.js'

describe('volverA / destinoTrasLogin', () => {
  it('round-trips the page asked for, query included', () => {
    const q = volverA('/pacientes/buscar?primerApellido=Pérez&sede=Lima')
    expect(destinoTrasLogin(q)).toBe('/pacientes/buscar?primerApellido=Pérez&sede=Lima')
  })

  it('adds nothing for the root or the login page itself', () => {
    expect(volverA('/')).toBe('')
    expect(volverA('/login?volver=%2Fdashboard')).toBe('')
  })

  it('never sends the user to another site or back to login', () => {
    for (const volver of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\\/evil.example',
      '/%2e%2e/login',
      '/./login',
      'https://evil.example',
      'javascript:alert(1)',
      '/login',
      '',
    ]) {
      expect(destinoTrasLogin(`?volver=${encodeURIComponent(volver)}`), volver).toBe(
        paths.dashboard,
      )
    }
    expect(destinoTrasLogin('')).toBe(paths.dashboard)
  })
})
