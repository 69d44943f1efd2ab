// A step of several procedures that the equipment interrupts: every atención it performed goes
// back to En espera and the worklist marks each one as interrupted, not only the first it names.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { peticion } from './cliente-dimse.js'
import { prepararDicom, type PruebaDicom } from '../test/dicom.js'

let d: PruebaDicom
beforeAll(async () => {
  d = await prepararDicom()
  await d.registrarSala('RX', 'RX_INTERRUMPE')
})
afterAll(async () => {
  await d?.cerrar()
})

it('un paso de varios procedimientos interrumpido marca cada una de sus atenciones en la lista', async () => {
  const [sala] = await d.t.db.sql<
    { id: number }[]
  >`select id from salas where ae_title = 'RX_INTERRUMPE'`
  const documento = '7' + String(process.pid).padStart(7, '0').slice(-7)
  const pacienteId = await d.paciente({ documento })
  const torax = await d.atencion(sala!.id, pacienteId)
  const abdomen = await d.atencion(sala!.id, pacienteId)
  const sola = await d.atencion(sala!.id, pacienteId)
  const uid = `2.25.${Date.now()}1`
  const creado = await d.llamar(
    peticion.crearMpps(uid, {
      SpecificCharacterSet: 'ISO_IR 192',
      PerformedProcedureStepStatus: 'IN PROGRESS',
      ScheduledStepAttributesSequence: [torax, abdomen].map((id) => ({
        AccessionNumber: String(id),
      })),
    }),
  )
  expect(creado.estado).toBe(0)
  const interrumpido = await d.llamar(
    peticion.cambiarMpps(uid, {
      SpecificCharacterSet: 'ISO_IR 192',
      PerformedProcedureStepStatus: 'DISCONTINUED',
    }),
  )
  expect(interrumpido.estado).toBe(0)

  const res = await d.t.app.inject({
    url: `/pacientes/buscar?documento=${documento}`,
    headers: d.t.headers,
  })
  const filas = res.json<{ atencionId: number; estado: string; interrumpida: boolean }[]>()
  const fila = (id: number) => filas.find((f) => f.atencionId === id)
  for (const id of [torax, abdomen]) {
    expect(fila(id)?.estado, String(id)).toBe('En espera')
    expect(fila(id)?.interrumpida, String(id)).toBe(true)
  }
  expect(fila(sola)?.interrumpida).toBe(false)
})
