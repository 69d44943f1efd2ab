// Which station an item names, as each sala's equipment receives it, over real sockets: a walk-in
// with no sala reaches every room of its modality in the sede, each under its own AE title, DICOM
// code (a CR room is not a DX room) and character set (Latin-1 for older equipment, checked with
// DCMTK's findscu and dcmdump); the catalogue's study codes travel with the item.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { ejecutar, findscuWorklist, prepararDicom, type PruebaDicom } from '../test/dicom.js'
import { peticion } from './cliente-dimse.js'
import type { Elementos } from './dimse.js'

let d: PruebaDicom
let hoy: string
let paciente: number
let sinSala: number
let portatil: number
let enSala: number

const consulta = (paso: Elementos = {}, extra: Elementos = {}) => ({
  SpecificCharacterSet: 'ISO_IR 192',
  PatientName: '',
  AccessionNumber: '',
  RequestedProcedureCodeSequence: [],
  ScheduledProcedureStepSequence: [
    {
      Modality: '',
      ScheduledStationAETitle: '',
      ScheduledStationName: '',
      ScheduledProcedureStepStartDate: hoy,
      ScheduledProtocolCodeSequence: [],
      ...paso,
    },
  ],
  ...extra,
})

/** Each item's accession, station AE titles and modality, as `llamante` is answered. */
async function estaciones(llamante: string, paso: Elementos = {}, extra: Elementos = {}) {
  const r = await d.llamar(peticion.worklist(consulta(paso, extra)), llamante)
  expect(r.estado).toBe(0)
  return Object.fromEntries(
    r.items.map((i) => {
      const sps = (i.ScheduledProcedureStepSequence as Elementos[])[0]!
      const ae = sps.ScheduledStationAETitle
      return [Number(i.AccessionNumber), [...(Array.isArray(ae) ? ae : [ae]), sps.Modality]]
    }),
  )
}

beforeAll(async () => {
  d = await prepararDicom()
  hoy = hoyEn(d.t.config.clinicTz).replaceAll('-', '')
  const dx = await d.registrarSala('RX', 'DX_LIMA')
  const res = await d.t.app.inject({
    method: 'POST',
    url: '/configuracion/salas',
    headers: { ...d.admin, 'content-type': 'application/json' },
    payload: {
      sede: 'Lima',
      modalidad: 'RX',
      nombre: 'CR antiguo',
      horario: [{ dia: 1, abre: '08:00', cierra: '20:00' }],
      aeTitle: 'CR_LIMA',
      direccion: '127.0.0.1',
      modalidadDicom: 'CR',
      juegoCaracteres: 'ISO_IR 100',
    },
  })
  expect(res.statusCode).toBe(201)
  // A third RX room with no equipment reading the worklist.
  const [otra] = await d.t.db.sql<{ id: number }[]>`
    insert into salas (sede, modalidad, nombre, horario)
    values ('Lima', 'RX', 'RX portátil', '[]') returning id`
  const salaPortatil = otra!.id
  paciente = await d.paciente({
    primerNombre: 'Iñaki',
    primerApellido: 'Ñahui',
    segundoApellido: 'Šimić',
    documento: '41234568',
  })
  sinSala = await d.atencion(null, paciente)
  portatil = await d.atencion(salaPortatil, paciente)
  enSala = await d.atencion(dx, paciente)
  await d.solicitante({ nombres: 'Zoë', apellidos: 'Đurić Ñañez', cmp: '61001' }, sinSala, enSala)
})

afterAll(async () => {
  await d?.cerrar()
})

describe('la estación de cada ítem', () => {
  it('una atención sin sala, o en una sala sin equipo, llega a todas las salas de su modalidad', async () => {
    expect(await estaciones('DX_LIMA')).toEqual({
      [sinSala]: ['DX_LIMA', 'DX'],
      [portatil]: ['DX_LIMA', 'DX'],
      [enSala]: ['DX_LIMA', 'DX'],
    })
    // The CR room sees the same walk-ins under its own AE title and code, not the DX room's item.
    expect(await estaciones('CR_LIMA', { ScheduledStationAETitle: 'CR_LIMA' })).toEqual({
      [sinSala]: ['CR_LIMA', 'CR'],
      [portatil]: ['CR_LIMA', 'CR'],
    })
    // Asked by Modality alone, from the DX room: only the CR room takes CR.
    expect(await estaciones('DX_LIMA', { Modality: 'CR' })).toEqual({
      [sinSala]: ['CR_LIMA', 'CR'],
      [portatil]: ['CR_LIMA', 'CR'],
    })
    expect(await estaciones('DX_LIMA', { Modality: 'DX' })).toEqual({
      [sinSala]: ['DX_LIMA', 'DX'],
      [portatil]: ['DX_LIMA', 'DX'],
      [enSala]: ['DX_LIMA', 'DX'],
    })
    expect(await estaciones('DX_LIMA', { ScheduledStationAETitle: 'NADIE' })).toEqual({})
  })

  it('una sede sin equipo de la modalidad nombra el AE title de la propia clínica, nunca ninguno', async () => {
    await d.t.db.sql`update salas set ae_title = null where ae_title in ('DX_LIMA', 'CR_LIMA')`
    try {
      await d.t.db.sql`
        update salas set ae_title = 'ECO_LIMA', direccion = '127.0.0.1'
        where sede = 'Lima' and modalidad = 'Eco'`
      const todos = await estaciones('ECO_LIMA', { Modality: 'DX' })
      expect(todos[sinSala]).toEqual(['CLINICA', 'DX'])
    } finally {
      await d.t.db.sql`update salas set ae_title = null where ae_title = 'ECO_LIMA'`
      await d.t.db.sql`update salas set ae_title = 'CR_LIMA' where nombre = 'CR antiguo'`
      await d.t.db.sql`
        update salas set ae_title = 'DX_LIMA'
        where id = (select min(id) from salas where sede = 'Lima' and modalidad = 'RX')`
    }
  })

  it('envía los códigos de estudio del catálogo con el esquema de codificación de la clínica', async () => {
    const [codigo] = await d.t.db.sql<{ codigo: string }[]>`
      select codigo from estudios where modalidad = 'RX' and nombre = 'Tórax PA'`
    const r = await d.llamar(
      peticion.worklist(consulta({}, { AccessionNumber: String(enSala) })),
      'DX_LIMA',
    )
    const esperado = {
      CodeValue: codigo!.codigo,
      CodingSchemeDesignator: '99CLINICA',
      CodeMeaning: 'Tórax PA',
    }
    expect(r.items[0]!.RequestedProcedureCodeSequence).toMatchObject([esperado])
    expect(
      (r.items[0]!.ScheduledProcedureStepSequence as Elementos[])[0]!.ScheduledProtocolCodeSequence,
    ).toMatchObject([esperado])
  })

  /** findscu as `llamante` for one accession: the answer's dcmdump, raw and converted to UTF-8. */
  async function findscu(llamante: string, accession: number, ...claves: string[]) {
    const dir = await mkdtemp(join(tmpdir(), 'latin1-'))
    try {
      const k = ['PatientName', `AccessionNumber=${accession}`, ...claves]
      const [archivo] = await findscuWorklist(d.puerto, llamante, k, dir)
      const utf8 = await ejecutar('dcmdump', ['+U8', archivo!])
      const crudo = await ejecutar('dcmdump', [archivo!])
      return { utf8: utf8.stdout, crudo: crudo.stdout }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  it('responde a una sala Latin-1 en ISO_IR 100, transliterando lo que Latin-1 no tiene (DCMTK)', async () => {
    const r = await findscu('CR_LIMA', sinSala, 'ReferringPhysicianName')
    expect(r.crudo).toMatch(/\(0008,0005\) CS \[ISO_IR 100\]/)
    expect(r.utf8).toMatch(/\(0010,0010\) PN \[Ñahui Simic\^Iñaki\]/)
    // The médico solicitante too: ë and Ñ fit in Latin-1, Đ and ć lose their marks.
    expect(r.utf8).toMatch(/\(0008,0090\) PN \[Duric Ñañez\^Zoë\]/)
    // The UTF-8 room, the same patient whole.
    const utf8 = await findscu('DX_LIMA', enSala, 'ReferringPhysicianName')
    expect(utf8.crudo).toMatch(/\(0008,0005\) CS \[ISO_IR 192\]/)
    expect(utf8.utf8).toMatch(/\(0010,0010\) PN \[Ñahui Šimić\^Iñaki\]/)
    expect(utf8.utf8).toMatch(/\(0008,0090\) PN \[Đurić Ñañez\^Zoë\]/)
  })
})
