// Every screen at 1366 × 768, the menu expanded, with data that fills its tables: nothing makes the
// page scroll sideways, and nothing inside it is cut off behind a sideways scroll (a table wider
// than its card). Hidden text for screen readers (.visually-hidden) is 1 px wide on purpose.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { api, apiPost, shot, usarApp } from './harness.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()
const PANTALLA = { width: 1366, height: 768 }

/** What overflows sideways: the page itself, and each element cut off inside a scroller. */
function desbordes(page: Page) {
  return page.evaluate(() => {
    const raiz = document.documentElement
    const fuera: string[] = []
    if (raiz.scrollWidth > raiz.clientWidth)
      fuera.push(`la página: ${raiz.scrollWidth} px en ${raiz.clientWidth}`)
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const estilo = getComputedStyle(el)
      if (!['auto', 'scroll', 'hidden'].includes(estilo.overflowX)) continue
      if (el.closest('[data-desplaza-de-lado]') || el.classList.contains('visually-hidden'))
        continue
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        fuera.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${el.scrollWidth} px en ${el.clientWidth}`,
        )
    }
    return fuera
  })
}

describe('1366 px con el menú abierto', () => {
  it('ninguna pantalla se desplaza de lado ni corta una tabla', async () => {
    const page = await e2e.entrar(PANTALLA)
    const paciente = await registrarPorApi(page, e2e.app, {
      primerNombre: 'Maximiliano',
      primerApellido: 'Huamanchumo',
      segundoApellido: 'Villavicencio',
      fechaNacimiento: '1958-01-17',
    })
    for (const estudios of [
      [
        { nombre: 'Tórax PA' },
        { nombre: 'Tórax PA y lateral' },
        { nombre: 'Columna lumbar' },
        { nombre: 'Mano' },
      ],
      [{ nombre: 'Tórax PA' }],
    ])
      await apiPost(page, e2e.app, `/pacientes/${paciente.id}/atenciones`, {
        sede: 'Lima',
        modalidad: 'RX',
        estudios,
        prioridad: 'Urgente',
      })
    const { hoy } = await api<{ hoy: string }>(page, '/preferencias')
    const rutas = [
      '/dashboard',
      '/pacientes',
      '/pacientes/crear',
      `/pacientes/buscar?fechaInicial=${hoy}&fechaFinal=${hoy}`,
      `/pacientes/${paciente.id}`,
      `/pacientes/${paciente.id}/editar`,
      '/pacientes/duplicados',
      `/citas?sede=Lima&fecha=${hoy}`,
      `/citas?sede=Lima&fecha=${hoy}&vista=semana`,
      '/mi-cuenta',
      '/equipos',
      '/configuracion',
      '/configuracion/clinica',
    ]
    const encontrados: Record<string, string[]> = {}
    for (const ruta of rutas) {
      await page.goto(ruta)
      await page.locator('main h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      const d = await desbordes(page)
      if (d.length) encontrados[ruta] = d
    }
    await page.goto(`/pacientes/${paciente.id}`)
    await page.locator('main h1').first().waitFor()
    await shot(page, 'paciente-1366')
    expect(encontrados).toEqual({})
  })
})
