import { describe, expect, it } from 'vitest'
import { describirAgente } from './agente.js'

describe('describirAgente', () => {
  it('nombra el navegador y el sistema de los User-Agent comunes', () => {
    const casos: [string, string][] = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        'Chrome en Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
        'Edge en Windows',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
        'Chrome en Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari en iOS',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
        'Firefox en Linux',
      ],
      ['curl/8.5.0', 'Otro programa'],
    ]
    for (const [ua, esperado] of casos) expect(describirAgente(ua), ua).toBe(esperado)
  })

  it('lo dice cuando la sesión no guardó ninguno', () => {
    expect(describirAgente(null)).toBe('Navegador desconocido')
  })
})
