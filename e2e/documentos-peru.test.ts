// The registration form as a Peruvian desk reads it, in Chromium at 1440, 1366 and 375 px: a
// foreign resident registered by Carné de extranjería or CPP (PTP), Provincia, Distrito (INEI's)
// and «Urbanización o sector» for the address, «Zona residencial» answered Urbana or Rural, «Familiar responsable»,
// and, with a document Peru issues, a Peruvian mobile or a Spanish message under Celular.
import { describe, expect, it } from 'vitest'
import type { PacienteDetalle } from '../shared/pacientes.js'
import { api, DESKTOP, PHONE, shot, sinScrollHorizontal, usarApp } from './harness.js'
import { idRegistrado, llenarRegistro } from './steps.js'

const e2e = usarApp()

// A different person each time: the same name and birth date would ask «¿Es la misma persona?».
for (const [viewport, tipo, etiqueta, documento, nombre] of [
  [DESKTOP, 'ce', 'Carné de extranjería', '001234567', 'Yusmary'],
  [{ width: 1366, height: 768 }, 'cpp', 'CPP (PTP)', '123456789', 'Yorgelis'],
  [PHONE, 'ce', 'Carné de extranjería', '007654321', 'Daniela'],
] as const) {
  const ancho = viewport.width
  describe(`Registro con documentos del Perú (${ancho} px)`, () => {
    it(`${etiqueta}: 9 dígitos, celular peruano, provincia, distrito, zona y familiar responsable`, async () => {
      const page = await e2e.entrar(viewport)
      await page.goto('/pacientes/crear')
      await llenarRegistro(page, {
        documento,
        primerNombre: nombre,
        primerApellido: 'Rondón',
        fechaNacimiento: '1991-07-19',
        departamento: 'Arequipa',
        celular: '+58 412 555 1234',
      })
      await page.getByLabel('Tipo de documento').selectOption(tipo)
      // Only Urbana and Rural to choose from.
      expect(await page.getByLabel('Zona residencial').locator('option').allInnerTexts()).toEqual([
        'Seleccione…',
        'Urbana',
        'Rural',
      ])
      expect(await page.getByLabel('Provincia').inputValue()).toBe('Arequipa')
      // The distritos of the chosen provincia, INEI's 29 of Arequipa; none is guessed.
      const distrito = page.getByLabel('Distrito')
      expect(await distrito.inputValue()).toBe('')
      const opciones = await distrito.locator('option').allInnerTexts()
      expect(opciones).toHaveLength(30)
      expect(opciones.slice(0, 2)).toEqual(['Seleccione…', 'Arequipa'])
      expect(opciones).toContain('José Luis Bustamante y Rivero')
      await distrito.selectOption('Cayma')
      // Another provincia empties it and offers its own.
      await page.getByLabel('Provincia').selectOption('Camaná')
      await expect.poll(() => distrito.inputValue()).toBe('')
      expect(await distrito.locator('option').allInnerTexts()).toContain('Mariscal Cáceres')
      await distrito.selectOption('Mariscal Cáceres')
      await page.getByLabel('Urbanización o sector').fill('Urb. La Negrita')
      await page.getByLabel('Familiar responsable').fill('Carlos Rondón, esposo')
      await page.getByRole('button', { name: 'Guardar', exact: true }).click()
      await page
        .getByText('Celular peruano: 9 dígitos que empiezan con 9 (por ejemplo, 987 654 321)')
        .waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'documentos-peru-error')
      await page.getByLabel('Celular').fill('987 654 321')
      await page.getByRole('button', { name: 'Guardar', exact: true }).click()
      const id = await idRegistrado(page)
      const p = await api<PacienteDetalle>(page, `/pacientes/${id}`)
      expect(p).toMatchObject({
        tipoDocumento: tipo,
        documento,
        zonaResidencial: 'Urbana',
        municipio: 'Camaná',
        distrito: 'Mariscal Cáceres',
        barrio: 'Urb. La Negrita',
        acudiente: 'Carlos Rondón, esposo',
      })
      await page.goto(`/pacientes/${id}`)
      await page.getByText('Mariscal Cáceres').waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'documentos-peru-ficha')
    })
  })
}
