import { describe, expect, it } from 'vitest'
import { destinoTrasLogin, paths, volverA } from './paths.js'

describe('volverA / destinoTrasLogin', () => {
  it('la página pedida va y vuelve intacta, parámetros incluidos', () => {
    const q = volverA('/pacientes/buscar?primerApellido=Pérez&sede=Lima')
    expect(destinoTrasLogin(q)).toBe('/pacientes/buscar?primerApellido=Pérez&sede=Lima')
  })

  it('no agrega nada para la raíz ni para la página de inicio de sesión misma', () => {
    expect(volverA('/')).toBe('')
    expect(volverA('/login?volver=%2Fdashboard')).toBe('')
  })

  it('nunca lleva al usuario a otro sitio ni de vuelta al inicio de sesión', () => {
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
