// One visit, several studies, in Chromium at 1440, 1366 and 375 px: a patient who came for an
// X-ray and a blood test is registered once from the ficha, a second modality added to the same
// form; a block left without its modality is a Spanish message and nothing stored; then two
// atenciones, one ticket that lists both with one turno and each atención's barcode, printed on
// 80 mm paper and read back.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PacienteDetalle } from '../shared/pacientes.js'
import { api, DESKTOP, PHONE, shot, sinScrollHorizontal, usarApp } from './harness.js'
import { aPng, DIR, hay } from './pdf.js'
import { registrarPorApi } from './steps.js'

const e2e = usarApp()

// A different person each time: the same name and birth date would ask «¿Es la misma persona?».
for (const [viewport, nombre] of [
  [DESKTOP, 'Eulalia'],
  [{ width: 1366, height: 768 }, 'Fortunata'],
  [PHONE, 'Gumercinda'],
] as const) {
  const ancho = viewport.width
  describe(`Visita con varias modalidades (${ancho} px)`, () => {
    it('RX y laboratorio en un solo registro: dos atenciones, un ticket, un turno', async () => {
      const page = await e2e.entrar(viewport)
      const p = await registrarPorApi(page, e2e.app, {
        primerNombre: nombre,
        primerApellido: 'Quispe',
        fechaNacimiento: '1968-04-02',
      })
      await page.goto(`/pacientes/${p.id}`)
      const form = page.getByRole('form', { name: 'Registrar atención' })
      await form.getByLabel('Sede').selectOption('Lima')
      await form.getByLabel('Modalidad').selectOption({ label: 'DX (RX)' })
      await form.getByRole('checkbox', { name: 'Tórax PA', exact: true }).check()
      await form.getByRole('button', { name: '+ Otra modalidad en la misma visita' }).click()
      const otra = form.getByRole('group', { name: 'Otra modalidad de la visita' })
      // The modality already in the visit is not offered again.
      expect(await otra.getByLabel('Modalidad').locator('option').allInnerTexts()).not.toContain(
        'DX (RX)',
      )
      // Left without its modality: a message under it, nothing stored.
      await form.getByRole('button', { name: 'Registrar atención' }).click()
      await otra.getByText('Modalidad no válida').waitFor()
      expect((await api<PacienteDetalle>(page, `/pacientes/${p.id}`)).atenciones).toEqual([])
      await otra.getByLabel('Modalidad').selectOption({ label: 'Laboratorio' })
      await otra.getByRole('checkbox', { name: 'Hemograma completo' }).check()
      await otra.getByRole('checkbox', { name: 'Glucosa' }).check()
      await sinScrollHorizontal(page)
      await shot(page, 'visita-formulario')
      await form.getByRole('button', { name: 'Registrar atención' }).click()
      await page.getByRole('alert').filter({ hasText: 'Visita registrada' }).waitFor()
      const { atenciones } = await api<PacienteDetalle>(page, `/pacientes/${p.id}`)
      expect(atenciones.map((a) => a.modalidad).sort()).toEqual(['LAB', 'RX'])
      // The form is ready for the next patient: no second block left behind.
      expect(await form.getByRole('group', { name: 'Otra modalidad de la visita' }).count()).toBe(0)
      const [rx, lab] = ['RX', 'LAB'].map((m) => atenciones.find((a) => a.modalidad === m)!)
      await page.goto(`/atenciones/${lab!.id}/ticket`)
      const ticket = page.getByRole('article', { name: 'Ticket de atención' })
      await ticket.waitFor()
      const texto = await ticket.innerText()
      expect(texto).toContain('DX (RX): Tórax PA')
      expect(texto).toContain('Laboratorio: Hemograma completo, Glucosa')
      expect(texto.match(/turno\s+\d+/gi)).toHaveLength(1)
      for (const a of [rx!, lab!])
        expect(
          await ticket
            .getByRole('img', { name: `Código de barras de la atención ${a.id}` })
            .count(),
        ).toBe(1)
      // Either atención's ticket is the same ticket, but for the access code: printed in full only
      // the first time (docs/producto.md#ticket-de-atención), a reprint says it was given.
      const sinAcceso = (t: string) =>
        t.replace(/Sus resultados por internet[\s\S]*?(?=Espere a que llamen)/, '')
      await page.goto(`/atenciones/${rx!.id}/ticket`)
      await ticket.waitFor()
      const reimpreso = await ticket.innerText()
      expect(sinAcceso(reimpreso)).toBe(sinAcceso(texto))
      expect(sinAcceso(texto)).not.toBe(texto)
      expect(reimpreso).toContain('Su código de acceso ya se entregó')
      await sinScrollHorizontal(page)
      await shot(page, 'visita-ticket')
      if (ancho !== DESKTOP.width || !hay('pdftoppm') || !hay('zbarimg')) return
      // Printed on 80 mm paper: one page, both barcodes readable.
      const pdf = join(DIR, 'ticket-visita-80mm.pdf')
      await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true })
      const pngs = aPng(pdf, 'ticket-visita-80mm', 203)
      expect(pngs).toHaveLength(1)
      const leidos = execFileSync('zbarimg', ['--raw', '-q', pngs[0]!])
        .toString()
        .trim()
        .split('\n')
      expect(leidos.sort()).toEqual([String(rx!.id), String(lab!.id)].sort())
    })
  })
}
