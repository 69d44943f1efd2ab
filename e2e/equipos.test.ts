// The equipment's reports reach the staff, in Chromium at 1440 and 375 px against the built app with
// its DICOM service on: a sala's equipment sends MPPS steps over a real socket; one matches no
// atención, so the worklist warns and «Pasos de equipos sin atención» lets a person give it its
// atención, which goes En proceso; another atención, interrupted at the equipment, shows
// «Interrumpido en el equipo» on the worklist.
import { describe, expect, it } from 'vitest'
import { llamarDicom, peticion } from '../server/dicom/cliente-dimse.js'
import { freePort } from '../server/test/server-process.js'
import {
  api,
  apiPatch,
  apiPost,
  DESKTOP,
  expectAccessible,
  PHONE,
  shot,
  sinScrollHorizontal,
  usarApp,
} from './harness.js'
import { nuevoDni, pacienteApi } from './steps.js'

const PUERTO = await freePort()
const e2e = usarApp({ DICOM_PORT: String(PUERTO), DICOM_HOST: '127.0.0.1' })
const { errores } = e2e

let pasos = 0
/** An MPPS step of the equipment `ae`: N-CREATE, then N-SET to `final` if given. */
async function paso(ae: string, accession: string, nombre: string, final?: string) {
  const uid = `2.25.${Date.now()}${(pasos += 1)}`
  const llamar = (p: Parameters<typeof llamarDicom>[1]) =>
    llamarDicom({ host: '127.0.0.1', port: PUERTO, llamante: ae, llamado: 'CLINICA' }, p)
  const creado = await llamar(
    peticion.crearMpps(uid, {
      SpecificCharacterSet: 'ISO_IR 192',
      PerformedProcedureStepStatus: 'IN PROGRESS',
      PatientName: [{ Alphabetic: nombre }],
      PerformedProcedureStepDescription: 'Tórax PA',
      ScheduledStepAttributesSequence: [{ AccessionNumber: accession }],
    }),
  )
  expect(creado.estado).toBe(0)
  if (final) {
    const cambiado = await llamar(
      peticion.cambiarMpps(uid, {
        SpecificCharacterSet: 'ISO_IR 192',
        PerformedProcedureStepStatus: final,
      }),
    )
    expect(cambiado.estado).toBe(0)
  }
}

for (const [ancho, viewport, apellido] of [
  ['1440', DESKTOP, 'Ñahui'],
  ['375', PHONE, 'Ñaupari'],
] as const) {
  describe(`Pasos de equipos (${ancho} px)`, () => {
    it('un paso sin atención se asigna desde el aviso de la lista; una interrupción se ve en la lista', async () => {
      const page = await e2e.entrar(viewport)
      const ae = `RX_E2E_${ancho}`
      // The equipment of Lima's RX sala, registered by an admin with its AE title and address.
      const { salas } = await api<{ salas: { id: number; sede: string; modalidad: string }[] }>(
        page,
        '/catalogos',
      )
      const sala = salas.find((s) => s.sede === 'Lima' && s.modalidad === 'RX')!
      await apiPatch(page, e2e.app, `/configuracion/salas/${sala.id}`, {
        aeTitle: ae,
        direccion: '127.0.0.1',
      })
      const paciente = await apiPost<{ id: number }>(
        page,
        e2e.app,
        '/pacientes',
        pacienteApi({
          documento: nuevoDni(),
          primerNombre: 'Úrsula',
          primerApellido: apellido,
          fechaNacimiento: '1984-07-02',
        }),
      )
      const nueva = () =>
        apiPost<{ id: number; estado: string }>(
          page,
          e2e.app,
          `/pacientes/${paciente.id}/atenciones`,
          { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
        )
      const sinPaso = await nueva()
      const interrumpida = await nueva()
      // The equipment typed a wrong accession number; the other study it stopped halfway.
      await paso(ae, '99999999', `${apellido}^Úrsula`)
      await paso(ae, String(interrumpida.id), `${apellido}^Úrsula`, 'DISCONTINUED')

      await page.goto('/pacientes/buscar')
      const filas = page.getByRole('row').filter({ hasText: apellido })
      await expect
        .poll(() => page.getByText('Interrumpido en el equipo').count(), { timeout: 20_000 })
        .toBeGreaterThan(0)
      // Only the interrupted one of this patient's two.
      expect(await filas.count()).toBe(2)
      expect(await filas.getByText('Interrumpido en el equipo').count()).toBe(1)
      expect(
        await filas
          .filter({ hasText: String(interrumpida.id) })
          .getByText('Interrumpido en el equipo')
          .count(),
      ).toBe(1)
      const aviso = page.getByRole('status').filter({ hasText: 'no coincide con ninguna atención' })
      await aviso.waitFor()
      await sinScrollHorizontal(page)
      await shot(page, 'lista-aviso-equipos')

      await aviso.getByRole('link', { name: 'Revisar y asignar' }).click()
      await page.waitForURL('**/equipos')
      await page.getByRole('heading', { name: 'Pasos de equipos sin atención', level: 1 }).waitFor()
      const tarjeta = page.getByRole('listitem').filter({ hasText: `${apellido} Úrsula` })
      await tarjeta.waitFor()
      expect(await tarjeta.innerText()).toContain('N.º de acceso 99999999')
      await sinScrollHorizontal(page)
      await expectAccessible(page, `equipos-${ancho}`)
      await shot(page, 'equipos')

      // A wrong number first: the Spanish message, nothing assigned.
      await tarjeta.getByLabel('N.º de atención').fill('abc')
      await tarjeta.getByRole('button', { name: 'Asignar' }).click()
      await tarjeta.getByText('Escriba el número de la atención (solo dígitos)').waitFor()
      await tarjeta.getByLabel('N.º de atención').fill(String(sinPaso.id))
      await tarjeta.getByRole('button', { name: 'Asignar' }).click()
      await page.getByText(`Paso asignado a la atención N.º ${sinPaso.id}.`).waitFor()
      await expect.poll(() => tarjeta.count()).toBe(0)

      const ficha = await api<{ atenciones: { id: number; estado: string }[] }>(
        page,
        `/pacientes/${paciente.id}`,
      )
      expect(ficha.atenciones.find((a) => a.id === sinPaso.id)?.estado).toBe('En proceso')
      expect(ficha.atenciones.find((a) => a.id === interrumpida.id)?.estado).toBe('En espera')
      expect(errores.flat()).toEqual([])
    })
  })
}
