// MPPS over real sockets with the library's client (Debian's dcmtk has no MPPS client): the
// atención's estado follows the steps, as the HTTP API shows it, and a repeat changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { peticion } from './cliente-dimse.js'
import { prepararDicom, type PruebaDicom } from '../test/dicom.js'

let d: PruebaDicom
let salaRx: number
let pacienteId: number
let n = 0

/** A new MPPS SOP instance UID. */
const nuevoUid = () => `2.25.${Date.now()}${(n += 1)}`

const paso = (atencionId: number, estado: string, extra: Record<string, unknown> = {}) => ({
  SpecificCharacterSet: 'ISO_IR 192',
  PerformedProcedureStepStatus: estado,
  ...extra,
  ScheduledStepAttributesSequence: [
    { AccessionNumber: String(atencionId), ScheduledProcedureStepDescription: 'Tórax PA' },
  ],
})

async function estadoHttp(atencionId: number): Promise<string> {
  const res = await d.t.app.inject({
    method: 'GET',
    url: `/pacientes/${pacienteId}`,
    headers: d.t.headers,
  })
  const a = (res.json() as { atenciones: { id: number; estado: string }[] }).atenciones
  return a.find((x) => x.id === atencionId)!.estado
}

const auditoria = async () =>
  Number((await d.t.db.sql<{ n: string }[]>`select count(*) as n from auditoria`)[0]!.n)

beforeAll(async () => {
  d = await prepararDicom()
  salaRx = await d.registrarSala('RX', 'RX_MPPS')
  pacienteId = await d.paciente({ primerApellido: 'Huamán' })
})

afterAll(async () => {
  await d?.cerrar()
})

describe('MPPS', () => {
  it('IN PROGRESS y luego COMPLETED pasan la atención a En proceso y luego a Completado', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    const creado = await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))
    expect(creado.estado).toBe(0)
    expect(await estadoHttp(id)).toBe('En proceso')

    const hecho = await d.llamar(
      peticion.cambiarMpps(uid, {
        SpecificCharacterSet: 'ISO_IR 192',
        PerformedProcedureStepStatus: 'COMPLETED',
      }),
    )
    expect(hecho.estado).toBe(0)
    expect(await estadoHttp(id)).toBe('Completado')

    const [m] = await d.t.db.sql<
      { estado: string; atencionId: number; datos: Record<string, unknown> }[]
    >`
      select estado, atencion_id, datos from mpps where uid = ${uid}`
    expect(m).toMatchObject({ estado: 'COMPLETED', atencionId: id })
    // What the step said is kept, accents inside its sequence intact.
    expect(m!.datos).toMatchObject({
      ScheduledStepAttributesSequence: [{ ScheduledProcedureStepDescription: 'Tórax PA' }],
    })
    const eventos = await d.t.db.sql<{ accion: string; usuario: string }[]>`
      select accion, usuario from auditoria
      where accion in ('mpps.recibido', 'atencion.modificada') order by id`
    expect(eventos.map((e) => e.accion)).toEqual([
      'mpps.recibido',
      'atencion.modificada',
      'mpps.recibido',
      'atencion.modificada',
    ])
    expect(new Set(eventos.map((e) => e.usuario))).toEqual(new Set(['dicom:RX_MPPS']))
  })

  it('un N-CREATE o N-SET repetido no cambia nada ni registra nada', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))
    await d.llamar(peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'COMPLETED' }))
    const antes = await auditoria()
    // Staff moved it on meanwhile: the repeats must not touch it.
    await d.t.db.sql`update atenciones set estado = 'Informado' where id = ${id}`
    expect((await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))).estado).toBe(0)
    expect(
      (await d.llamar(peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'COMPLETED' })))
        .estado,
    ).toBe(0)
    // Only the two associations are recorded; no step and no estado change is.
    const [r] = await d.t.db.sql<{ acciones: string[] }[]>`
      select array_agg(accion) as acciones from (
        select accion from auditoria order by id desc limit 2) x`
    expect(r!.acciones).toEqual(['dicom.asociacion', 'dicom.asociacion'])
    expect((await auditoria()) - antes).toBe(2)
    expect(await estadoHttp(id)).toBe('Informado')
    // Ending an ended step another way is refused.
    const otra = await d.llamar(
      peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'DISCONTINUED' }),
    )
    expect(otra.estado).toBe(0x0110)
  })

  it('nunca saca una atención de Informado ni de Cancelado', async () => {
    for (const estado of ['Informado', 'Cancelado']) {
      const id = await d.atencion(salaRx, pacienteId, { estado })
      const uid = nuevoUid()
      expect((await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))).estado).toBe(0)
      await d.llamar(peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'COMPLETED' }))
      expect(await estadoHttp(id)).toBe(estado)
    }
  })

  it('DISCONTINUED devuelve al paciente a En espera', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))
    await d.llamar(peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'DISCONTINUED' }))
    expect(await estadoHttp(id)).toBe('En espera')
  })

  it('guarda un paso que no corresponde a ninguna atención para que una persona lo concilie', async () => {
    const uid = nuevoUid()
    const r = await d.llamar(peticion.crearMpps(uid, paso(999_999, 'IN PROGRESS')))
    expect(r.estado).toBe(0)
    const [m] = await d.t.db.sql`select atencion_id, sala_id from mpps where uid = ${uid}`
    expect(m).toEqual({ atencionId: null, salaId: salaRx })
  })

  it('rechaza un paso nuevo que no está IN PROGRESS, y un N-SET de un paso desconocido', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const r = await d.llamar(peticion.crearMpps(nuevoUid(), paso(id, 'COMPLETED')))
    expect(r.estado).toBe(0x0106)
    expect(await estadoHttp(id)).toBe('En espera')
    const s = await d.llamar(
      peticion.cambiarMpps(nuevoUid(), { PerformedProcedureStepStatus: 'COMPLETED' }),
    )
    expect(s.estado).toBe(0x0112)
  })
})

describe('un MPPS que nombra una atención que no es de la sala', () => {
  it('un paso que hace varios procedimientos mueve cada atención, no la de otro paciente', async () => {
    const torax = await d.atencion(salaRx, pacienteId)
    const abdomen = await d.atencion(salaRx, pacienteId)
    const otroPaciente = await d.atencion(salaRx, await d.paciente({ primerApellido: 'Ccori' }))
    const uid = nuevoUid()
    const varios = {
      SpecificCharacterSet: 'ISO_IR 192',
      PerformedProcedureStepStatus: 'IN PROGRESS',
      ScheduledStepAttributesSequence: [torax, abdomen, otroPaciente].map((id) => ({
        AccessionNumber: String(id),
      })),
    }
    expect((await d.llamar(peticion.crearMpps(uid, varios))).estado).toBe(0)
    expect(await estadoHttp(torax)).toBe('En proceso')
    expect(await estadoHttp(abdomen)).toBe('En proceso')
    const estado = async (id: number) =>
      (await d.t.db.sql<{ estado: string }[]>`select estado from atenciones where id = ${id}`)[0]!
        .estado
    expect(await estado(otroPaciente)).toBe('En espera')
    const fin = { SpecificCharacterSet: 'ISO_IR 192', PerformedProcedureStepStatus: 'COMPLETED' }
    expect((await d.llamar(peticion.cambiarMpps(uid, fin))).estado).toBe(0)
    expect(await estadoHttp(torax)).toBe('Completado')
    expect(await estadoHttp(abdomen)).toBe('Completado')
    expect(await estado(otroPaciente)).toBe('En espera')
    const [recibido] = await d.t.db.sql<{ detalle: { atenciones: number[] } }[]>`
      select detalle from auditoria where accion = 'mpps.recibido' and detalle ->> 'mpps' = ${uid}
      order by id limit 1`
    expect(recibido!.detalle.atenciones).toEqual([torax, abdomen])
    // More than a step could do is refused whole, and nothing is kept.
    const muchos = {
      ...varios,
      ScheduledStepAttributesSequence: Array(21).fill({ AccessionNumber: String(torax) }),
    }
    const otroUid = nuevoUid()
    expect((await d.llamar(peticion.crearMpps(otroUid, muchos))).estado).toBe(0x0106)
    expect(await d.t.db.sql`select 1 from mpps where uid = ${otroUid}`).toHaveLength(0)
  })

  it('de otra modalidad u otra sede: la atención no se mueve y el paso espera, con el motivo', async () => {
    const eco = await d.atencion(salaRx, pacienteId, { modalidad: 'Eco' })
    const [arequipa] = await d.t.db.sql<{ id: number }[]>`
      insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
      values (${pacienteId}, 'Arequipa', 'RX', ${['Tórax PA']}::text[], 'En espera', 'Ambulatorio', 'Rutina', now())
      returning id`
    for (const [id, motivo] of [
      [eco, `La atención ${eco} es de Eco en Lima; la sala que la informó es de RX en Lima`],
      [
        arequipa!.id,
        `La atención ${arequipa!.id} es de RX en Arequipa; la sala que la informó es de RX en Lima`,
      ],
    ] as const) {
      const uid = nuevoUid()
      const r = await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))
      expect(r.estado).toBe(0)
      const [a] = await d.t.db.sql<
        { estado: string }[]
      >`select estado from atenciones where id = ${id}`
      expect(a!.estado).toBe('En espera')
      const pendientes = await d.t.app.inject({ url: '/mpps/pendientes', headers: d.t.headers })
      expect(
        pendientes.json<{ pasos: { uid: string; motivo: string | null }[] }>().pasos,
      ).toContainEqual(expect.objectContaining({ uid, motivo }))
    }
  })
})

describe('lo que un MPPS no puede hacer', () => {
  it('un N-SET tras COMPLETED: 0110 con Error ID A710, y nada cambia', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS')))
    await d.llamar(peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'COMPLETED' }))
    const tarde = await d.llamar(
      peticion.cambiarMpps(uid, { PerformedProcedureStepStatus: 'DISCONTINUED' }),
    )
    expect(tarde).toMatchObject({ estado: 0x0110, errorId: 0xa710 })
    expect(await estadoHttp(id)).toBe('Completado')
  })

  it('un N-CREATE sin sus atributos de tipo 1: 0120, y nada se guarda', async () => {
    const uid = nuevoUid()
    const r = await d.llamar(
      peticion.crearMpps(uid, {
        SpecificCharacterSet: 'ISO_IR 192',
        PerformedProcedureStepStatus: 'IN PROGRESS',
      }),
    )
    expect(r.estado).toBe(0x0120)
    expect(await d.t.db.sql`select 1 from mpps where uid = ${uid}`).toHaveLength(0)
  })

  it('el UID de un MPPS reusado para otro paciente: 0111', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    const primero = await d.llamar(
      peticion.crearMpps(uid, paso(id, 'IN PROGRESS', { PatientID: '41234567' })),
    )
    expect(primero.estado).toBe(0)
    const otro = await d.llamar(
      peticion.crearMpps(uid, paso(id, 'IN PROGRESS', { PatientID: '49999999' })),
    )
    expect(otro.estado).toBe(0x0111)
    // The same step sent again is still a success that changes nothing.
    const igual = await d.llamar(
      peticion.crearMpps(uid, paso(id, 'IN PROGRESS', { PatientID: '41234567' })),
    )
    expect(igual.estado).toBe(0)
  })

  it('un N-SET que cambia el nombre del paciente se rechaza', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    await d.llamar(peticion.crearMpps(uid, paso(id, 'IN PROGRESS', { PatientName: 'HUAMAN^ROSA' })))
    const r = await d.llamar(
      peticion.cambiarMpps(uid, {
        SpecificCharacterSet: 'ISO_IR 192',
        PatientName: 'OTRO^NOMBRE',
        PerformedProcedureStepStatus: 'COMPLETED',
      }),
    )
    expect(r.estado).toBe(0x0106)
    expect(await estadoHttp(id)).toBe('En proceso')
  })
})

describe('texto de un MPPS', () => {
  it('las mayúsculas con tilde y la Ñ dentro de sus secuencias se guardan tal cual', async () => {
    const id = await d.atencion(salaRx, pacienteId)
    const uid = nuevoUid()
    const r = await d.llamar(
      peticion.crearMpps(uid, {
        SpecificCharacterSet: 'ISO_IR 192',
        PerformedProcedureStepStatus: 'IN PROGRESS',
        ScheduledStepAttributesSequence: [
          { AccessionNumber: String(id), ScheduledProcedureStepDescription: 'TÓRAX PA – NIÑO Ü' },
        ],
      }),
    )
    expect(r.estado).toBe(0)
    const [m] = await d.t.db.sql<{ descripcion: string }[]>`
      select datos -> 'ScheduledStepAttributesSequence' -> 0 ->> 'ScheduledProcedureStepDescription'
        as descripcion from mpps where uid = ${uid}`
    expect(m!.descripcion).toBe('TÓRAX PA – NIÑO Ü')
  })
})
