// A modality a clinic adds in Configuración (migration 0050) publishes its worklist over real
// sockets as soon as it exists: a CT room asks for Modality CT and gets its patient, read back by
// DCMTK's findscu and dcmdump; one with no DICOM codes, like LAB, publishes nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { LUNES_A_SABADO } from '../test/factories.js'
import { ejecutar, findscuWorklist, prepararDicom, type PruebaDicom } from '../test/dicom.js'
import { peticion } from './cliente-dimse.js'
import type { Elementos } from './dimse.js'

let d: PruebaDicom
let hoy: string

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  d.t.app.inject({
    method,
    url,
    headers: { ...d.admin, 'content-type': 'application/json' },
    payload,
  })

/** The accession numbers and modality codes `llamante` is answered for today. */
async function items(llamante: string, paso: Elementos = {}) {
  const r = await d.llamar(
    peticion.worklist({
      AccessionNumber: '',
      ScheduledProcedureStepSequence: [
        {
          Modality: '',
          ScheduledStationAETitle: '',
          ScheduledProcedureStepStartDate: hoy,
          ...paso,
        },
      ],
    }),
    llamante,
  )
  expect(r.estado).toBe(0)
  return r.items.map((i) => [
    Number(i.AccessionNumber),
    (i.ScheduledProcedureStepSequence as Elementos[])[0]!.Modality,
  ])
}

beforeAll(async () => {
  d = await prepararDicom()
  hoy = hoyEn(d.t.config.clinicTz).replaceAll('-', '')
  await d.registrarSala('RX', 'DX_LIMA')
})

afterAll(async () => {
  await d?.cerrar()
})

describe('una modalidad agregada por la clínica', () => {
  it('publica sus ítems con su código DICOM en cuanto existe, y una sin códigos no publica nada', async () => {
    // Before it exists, nobody can ask for CT.
    expect(await items('DX_LIMA', { Modality: 'CT' })).toEqual([])
    for (const [valor, etiqueta, codigosDicom] of [
      ['CT', 'Tomografía', ['CT']],
      ['NUT', 'Nutrición', []],
    ] as const) {
      const res = await admin('POST', '/configuracion/modalidades', {
        valor,
        etiqueta,
        codigosDicom,
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const sala = await admin('POST', '/configuracion/salas', {
      sede: 'Lima',
      modalidad: 'CT',
      nombre: 'Tomógrafo',
      horario: LUNES_A_SABADO,
      aeTitle: 'CT_LIMA',
      direccion: '127.0.0.1',
    })
    expect(sala.statusCode, sala.body).toBe(201)
    const paciente = await d.paciente({ primerNombre: 'Úrsula', primerApellido: 'Quispe' })
    const ct = await d.atencion(sala.json().id, paciente, { modalidad: 'CT' })
    const nut = await d.atencion(null, paciente, { modalidad: 'NUT' })
    const rx = await d.atencion(null, paciente)

    expect(await items('CT_LIMA', { Modality: 'CT' })).toEqual([[ct, 'CT']])
    expect(await items('CT_LIMA', { ScheduledStationAETitle: 'CT_LIMA' })).toEqual([[ct, 'CT']])
    // Every published item of the day, from any room: the CT's and the RX walk-in; never NUT's.
    const todos = await items('DX_LIMA')
    expect(todos).toContainEqual([ct, 'CT'])
    expect(todos).toContainEqual([rx, 'DX'])
    expect(todos.map(([id]) => id)).not.toContain(nut)

    const dir = await mkdtemp(`${tmpdir()}/findscu-ct-`)
    try {
      const archivos = await findscuWorklist(
        d.puerto,
        'CT_LIMA',
        [
          'AccessionNumber',
          'PatientName',
          'ScheduledProcedureStepSequence[0].Modality=CT',
          `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate=${hoy}`,
        ],
        dir,
      )
      expect(archivos).toHaveLength(1)
      const { stdout } = await ejecutar('dcmdump', [archivos[0]!])
      expect(stdout).toMatch(/\(0008,0060\) CS \[CT\]/)
      expect(stdout).toContain(`(0008,0050) SH [${ct}]`)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
