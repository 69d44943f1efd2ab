// The worklist over real sockets: the library's client as a modality calls, and DCMTK's echoscu
// and findscu spawned as separate processes.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { llamarDicom, peticion } from './cliente-dimse.js'
import { iniciarDicom, PuertoDicomError } from './servidor.js'
import { ejecutar, prepararDicom, type PruebaDicom } from '../test/dicom.js'

let d: PruebaDicom
let salaRx: number
let pacienteId: number
let atencionId: number
let hoy: string

const consultaRx = () => ({
  SpecificCharacterSet: 'ISO_IR 192',
  PatientName: '',
  PatientID: '',
  IssuerOfPatientID: '',
  PatientBirthDate: '',
  PatientSex: '',
  AccessionNumber: '',
  StudyInstanceUID: '',
  RequestedProcedureID: '',
  RequestedProcedureDescription: '',
  ReferringPhysicianName: '',
  ScheduledProcedureStepSequence: [
    {
      Modality: 'DX',
      ScheduledStationAETitle: 'RX_PRUEBA',
      ScheduledProcedureStepStartDate: hoy,
      ScheduledProcedureStepStartTime: '',
      ScheduledProcedureStepID: '',
      ScheduledProcedureStepDescription: '',
      ScheduledProcedureStepStatus: '',
    },
  ],
})

beforeAll(async () => {
  d = await prepararDicom()
  hoy = hoyEn(d.t.config.clinicTz).replaceAll('-', '')
  salaRx = await d.registrarSala('RX', 'RX_PRUEBA')
  await d.registrarSala('Eco', 'ECO_PRUEBA')
  pacienteId = await d.paciente({
    primerNombre: 'José',
    segundoNombre: 'Ángel',
    primerApellido: 'Núñez',
    segundoApellido: 'Peña',
    fechaNacimiento: '1980-01-02',
    sexo: 'Masculino',
    documento: '45678912',
  })
  atencionId = await d.atencion(salaRx, pacienteId)
  await d.solicitante({ nombres: 'Lucía', apellidos: 'Fernández Ruiz', cmp: '51234' }, atencionId)
  // Never published: another modality, a finished one, a cancelled one.
  await d.atencion(salaRx, pacienteId, { modalidad: 'LAB' })
  await d.atencion(salaRx, pacienteId, { estado: 'Completado' })
  await d.atencion(salaRx, pacienteId, { estado: 'Cancelado' })
})

afterAll(async () => {
  await d?.cerrar()
})

describe('lista de trabajo DICOM', () => {
  it('informa un puerto ocupado como error de arranque, y queda apagada sin DICOM_PORT', async () => {
    const ctx = { sql: d.t.db.sql, log: d.t.app.log }
    const ocupado = iniciarDicom({
      ...ctx,
      config: { ...d.t.config, dicomPort: d.puerto, dicomHost: '127.0.0.1' },
    })
    await expect(ocupado).rejects.toThrow(PuertoDicomError)
    await expect(ocupado).rejects.toThrow(`puerto DICOM ${d.puerto} en 127.0.0.1: ya está en uso`)
    expect(await iniciarDicom({ ...ctx, config: { ...d.t.config, dicomPort: null } })).toBe(
      undefined,
    )
  })

  it('responde un C-ECHO de una sala registrada', async () => {
    const r = await d.llamar(peticion.eco())
    expect(r).toMatchObject({ estado: 0, items: [] })
    expect(r.rechazada).toBeUndefined()
  })

  it('rechaza un AE title desconocido, y uno conocido que llama desde otra dirección', async () => {
    const r = await d.llamar(peticion.eco(), 'DESCONOCIDO')
    expect(r.rechazada).toBe(true)
    // Permanent, by the service user: calling AE title not recognized (3).
    expect(r.rechazo).toEqual({ result: 1, source: 1, reason: 3 })
    // A registered equipment calling another AE title than the server's: called AE title (7).
    const otroLlamado = await llamarDicom(
      { host: '127.0.0.1', port: d.puerto, llamante: 'RX_PRUEBA', llamado: 'OTRA_CLINICA' },
      peticion.eco(),
    )
    expect(otroLlamado.rechazo).toEqual({ result: 1, source: 1, reason: 7 })
    await d.t.db.sql`update salas set direccion = '10.9.9.9:104' where id = ${salaRx}`
    try {
      expect((await d.llamar(peticion.worklist(consultaRx()), 'RX_PRUEBA')).rechazada).toBe(true)
    } finally {
      await d.t.db.sql`update salas set direccion = '127.0.0.1' where id = ${salaRx}`
    }
    const [e] = await d.t.db.sql<{ usuario: string; direccion: string }[]>`
      select usuario, direccion from auditoria where accion = 'dicom.rechazada' order by id limit 1`
    expect(e).toEqual({ usuario: 'dicom:DESCONOCIDO', direccion: '127.0.0.1' })
  })

  it('responde el día de la sala con su ítem: nombres con tildes, documento, paso y UID', async () => {
    const r = await d.llamar(peticion.worklist(consultaRx()), 'RX_PRUEBA')
    expect(r.estado).toBe(0)
    expect(r.items).toHaveLength(1)
    const [uid] = await d.t.db.sql<{ uid: string }[]>`
      select study_instance_uid as uid from atenciones where id = ${atencionId}`
    const item = r.items[0]!
    expect(item).toMatchObject({
      SpecificCharacterSet: 'ISO_IR 192',
      PatientName: [{ Alphabetic: 'Núñez Peña^José Ángel' }],
      PatientID: '45678912',
      IssuerOfPatientID: 'DNI',
      PatientBirthDate: '19800102',
      PatientSex: 'M',
      AccessionNumber: String(atencionId),
      StudyInstanceUID: uid!.uid,
      RequestedProcedureID: String(atencionId),
      RequestedProcedureDescription: 'Tórax PA',
      ReferringPhysicianName: [{ Alphabetic: 'Fernández Ruiz^Lucía' }],
    })
    expect(uid!.uid).toMatch(/^2\.25\.[0-9]+$/)
    const sps = (item.ScheduledProcedureStepSequence as Record<string, unknown>[])[0]
    expect(sps).toMatchObject({
      Modality: 'DX',
      ScheduledStationAETitle: 'RX_PRUEBA',
      ScheduledProcedureStepStartDate: hoy,
      ScheduledProcedureStepID: String(atencionId),
      ScheduledProcedureStepDescription: 'Tórax PA',
      ScheduledProcedureStepStatus: 'ARRIVED',
    })
    expect(sps!.ScheduledProcedureStepStartTime).toMatch(/^[0-2][0-9][0-5][0-9][0-5][0-9]$/)
  })

  it('compara nombres sin distinguir mayúsculas ni tildes, con comodines', async () => {
    const nombre = async (PatientName: string) =>
      (await d.llamar(peticion.worklist({ ...consultaRx(), PatientName }))).items.length
    expect(await nombre('NUNEZ*')).toBe(1)
    expect(await nombre('núñez peña^josé ángel')).toBe(1)
    expect(await nombre('N?NEZ PENA^JOSE*')).toBe(1)
    expect(await nombre('PEÑA*')).toBe(0)
  })

  it('compara las demás claves: otra modalidad, otro día u otro AE title no encuentra nada', async () => {
    const con = async (cambio: Record<string, unknown>, paso: Record<string, unknown> = {}) => {
      const q = consultaRx()
      Object.assign(q, cambio)
      Object.assign(q.ScheduledProcedureStepSequence[0]!, paso)
      return (await d.llamar(peticion.worklist(q))).items.length
    }
    expect(await con({}, { Modality: 'US' })).toBe(0)
    expect(await con({}, { ScheduledStationAETitle: 'ECO_PRUEBA' })).toBe(0)
    expect(await con({}, { ScheduledStationAETitle: 'RX*' })).toBe(1)
    // A multi-valued key: any of its stations.
    expect(await con({}, { ScheduledStationAETitle: ['ECO_PRUEBA', 'RX_PRUEBA'] })).toBe(1)
    expect(await con({}, { ScheduledStationAETitle: ['ECO_PRUEBA', 'MR_PRUEBA'] })).toBe(0)
    expect(await con({}, { ScheduledProcedureStepStartDate: '20000101-20000131' })).toBe(0)
    expect(await con({}, { ScheduledProcedureStepStartDate: `-${hoy}` })).toBe(1)
    expect(await con({ AccessionNumber: String(atencionId) })).toBe(1)
    expect(await con({ AccessionNumber: String(atencionId + 100) })).toBe(0)
    // Wildcards over the accession's digits, as a modality's operator types them.
    const digitos = String(atencionId)
    expect(await con({ AccessionNumber: `${digitos[0]}*` })).toBe(1)
    expect(await con({ AccessionNumber: `?${digitos.slice(1)}` })).toBe(1)
    expect(await con({ AccessionNumber: `${digitos}9*` })).toBe(0)
    expect(await con({ AccessionNumber: 'A*' })).toBe(0)
    // The médico solicitante, as the patient's name: wildcards, without case or accents.
    expect(await con({ ReferringPhysicianName: 'FERNANDEZ*' })).toBe(1)
    expect(await con({ ReferringPhysicianName: 'fernández ruiz^lucía' })).toBe(1)
    expect(await con({ ReferringPhysicianName: 'F?RNANDEZ RUIZ^LUCIA^^' })).toBe(1)
    expect(await con({ ReferringPhysicianName: 'SMITH' })).toBe(0)
    expect(await con({ ReferringPhysicianName: 'RUIZ*' })).toBe(0)
    // No item names who performs it: a name asked for matches none; asked empty, all.
    expect(await con({}, { ScheduledPerformingPhysicianName: 'SMITH' })).toBe(0)
    expect(await con({}, { ScheduledPerformingPhysicianName: '' })).toBe(1)
    expect(await con({ PatientID: '4567*' })).toBe(1)
    // The number within its issuer: the same digits as a passport are another person.
    expect(await con({ PatientID: '4567*', IssuerOfPatientID: 'DNI' })).toBe(1)
    expect(await con({ PatientID: '4567*', IssuerOfPatientID: 'PASAPORTE' })).toBe(0)
    expect(await con({ IssuerOfPatientID: 'OTRO' })).toBe(0)
  })

  it('registra cada consulta como una lectura de cada paciente que entregó', async () => {
    const antes = await d.t.db.sql`select id from auditoria where accion = 'worklist.consultada'`
    await d.llamar(peticion.worklist(consultaRx()))
    const nuevos = await d.t.db.sql<{ pacienteId: number; usuario: string; detalle: unknown }[]>`
      select paciente_id, usuario, detalle from auditoria
      where accion = 'worklist.consultada' and id > ${Math.max(0, ...antes.map((a) => Number(a.id)))}`
    expect(nuevos).toHaveLength(1)
    expect({ ...nuevos[0], pacienteId: Number(nuevos[0]!.pacienteId) }).toMatchObject({
      pacienteId,
      usuario: 'dicom:RX_PRUEBA',
      detalle: { sala: salaRx, atenciones: [atencionId], consulta: { Modality: 'DX' } },
    })
  })

  it('responde a DCMTK: echoscu, y findscu -W con los nombres UTF-8 intactos', async () => {
    const p = String(d.puerto)
    await ejecutar('echoscu', ['-aet', 'RX_PRUEBA', '-aec', 'CLINICA', '127.0.0.1', p])
    const dir = await mkdtemp(join(tmpdir(), 'findscu-'))
    try {
      await ejecutar(
        'findscu',
        [
          '-W',
          '-aet',
          'RX_PRUEBA',
          '-aec',
          'CLINICA',
          '-k',
          '(0008,0005)=ISO_IR 192',
          '-k',
          'PatientName',
          '-k',
          'PatientID',
          '-k',
          'AccessionNumber',
          '-k',
          'ReferringPhysicianName',
          '-k',
          `ScheduledProcedureStepSequence[0].Modality=DX`,
          '-k',
          `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate=${hoy}`,
          '-k',
          'ScheduledProcedureStepSequence[0].ScheduledProcedureStepDescription',
          '-X',
          '-od',
          dir,
          '127.0.0.1',
          p,
        ],
        { cwd: dir },
      )
      const archivos = (await readdir(dir)).filter((f) => f.endsWith('.dcm'))
      expect(archivos).toHaveLength(1)
      const { stdout } = await ejecutar('dcmdump', [join(dir, archivos[0]!)])
      expect(stdout).toContain('[Núñez Peña^José Ángel]')
      expect(stdout).toMatch(/\(0008,0090\) PN \[Fernández Ruiz\^Lucía\]/)
      expect(stdout).toContain(`[${atencionId}]`)
      // Inside the step's sequence too (the library's own reader decodes nested text as Latin-1).
      expect(stdout).toMatch(/\[Tórax PA\].*ScheduledProcedureStepDescription/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    const rechazo = ejecutar('echoscu', ['-aet', 'OTRO', '-aec', 'CLINICA', '127.0.0.1', p])
    await expect(rechazo).rejects.toThrow()
  })
})
