// Our worklist against DCMTK's reference server, wlmscpfs, serving the same items: the items our
// server publishes (fetched whole with findscu) become wlmscpfs's worklist files, and the same
// findscu queries go to both. Where the standard fixes the answer they must agree item for item;
// where the clinic matches more kindly (names without case or accents, a Patient ID within its
// issuer) the difference is asserted as such.
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { ejecutar, findscuWorklist, prepararDicom, type PruebaDicom } from '../test/dicom.js'
import { freePort } from '../test/server-process.js'

let d: PruebaDicom
let dir: string
let referencia: ChildProcess
let puertoReferencia: number
let hoy: string
let ayer: string
const ids: number[] = []

/** Every key we publish, asked empty: the whole item back. */
const TODO = [
  'PatientName',
  'PatientID',
  'IssuerOfPatientID',
  'PatientBirthDate',
  'PatientSex',
  'AccessionNumber',
  'StudyInstanceUID',
  'RequestedProcedureID',
  'RequestedProcedureDescription',
  'RequestedProcedurePriority',
  'ReferringPhysicianName',
  'ScheduledProcedureStepSequence[0].Modality',
  'ScheduledProcedureStepSequence[0].ScheduledStationAETitle',
  'ScheduledProcedureStepSequence[0].ScheduledStationName',
  'ScheduledProcedureStepSequence[0].ScheduledProcedureStepLocation',
  'ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate',
  'ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartTime',
  'ScheduledProcedureStepSequence[0].ScheduledProcedureStepDescription',
  'ScheduledProcedureStepSequence[0].ScheduledProcedureStepID',
  'ScheduledProcedureStepSequence[0].ScheduledPerformingPhysicianName',
]

/** findscu -W with `claves` (plus the accession, to name what came back) against `puerto`. */
async function consultar(puerto: number, claves: string[], salida: string): Promise<string[]> {
  await rm(salida, { recursive: true, force: true })
  await mkdir(salida, { recursive: true })
  const pedidas = claves.some((k) => k.startsWith('AccessionNumber'))
    ? claves
    : [...claves, 'AccessionNumber']
  const archivos = await findscuWorklist(puerto, 'RX_REF', pedidas, salida)
  const accesiones = await Promise.all(
    archivos.map(async (a) => {
      const { stdout } = await ejecutar('dcmdump', ['+P', 'AccessionNumber', a])
      return /\[(\d+)\]/.exec(stdout)?.[1] ?? '?'
    }),
  )
  return accesiones.sort()
}

const ambos = async (claves: string[]) => ({
  nuestro: await consultar(d.puerto, claves, join(dir, 'nuestro')),
  referencia: await consultar(puertoReferencia, claves, join(dir, 'referencia')),
})

beforeAll(async () => {
  d = await prepararDicom()
  const zona = d.t.config.clinicTz
  hoy = hoyEn(zona).replaceAll('-', '')
  const rx = await d.registrarSala('RX', 'RX_REF')
  const eco = await d.registrarSala('Eco', 'ECO_REF')
  // A DNI and a passport with the same number are two people; names in plain capitals so that
  // both servers read them alike.
  const dni = await d.paciente({
    primerNombre: 'ROSA',
    primerApellido: 'QUISPE',
    documento: '41234567',
  })
  const [pasaporte] = await d.t.db.sql<{ id: number }[]>`
    update pacientes set tipo_documento = 'pasaporte', documento = '41234567'
    where id = ${await d.paciente({ primerNombre: 'JOHN', primerApellido: 'SMITH' })}
    returning id`
  const otro = await d.paciente({ primerNombre: 'ANA', primerApellido: 'MAMANI' })
  ids.push(await d.atencion(rx, dni))
  await d.solicitante({ nombres: 'PEDRO', apellidos: 'SALAZAR', cmp: '70001' }, ids[0]!)
  ids.push(await d.atencion(rx, pasaporte!.id))
  ids.push(await d.atencion(eco, otro, { modalidad: 'Eco' }))
  // One that arrived yesterday, still waiting (an atención with no cita starts at its arrival).
  const ayerId = await d.atencion(rx, otro)
  await d.t.db.sql`update atenciones set llegada = llegada - interval '1 day' where id = ${ayerId}`
  ids.push(ayerId)
  const [a] = await d.t.db.sql<{ dia: string }[]>`
    select to_char((now() - interval '1 day') at time zone ${zona}, 'YYYYMMDD') as dia`
  ayer = a!.dia

  // wlmscpfs's worklist: our own items, whole, one file each, under the called AE title.
  dir = await mkdtemp(join(tmpdir(), 'wlmscpfs-'))
  const base = join(dir, 'base', 'CLINICA')
  await mkdir(base, { recursive: true })
  await writeFile(join(base, 'lockfile'), '')
  const exportados = join(dir, 'exportados')
  expect(await consultar(d.puerto, ['(0008,0005)=ISO_IR 192', ...TODO], exportados)).toEqual(
    ids.map(String).sort(),
  )
  for (const [i, f] of (await readdir(exportados)).entries())
    await copyFile(join(exportados, f), join(base, `item${i}.wl`))

  puertoReferencia = await freePort()
  referencia = spawn(
    'wlmscpfs',
    ['-dfp', join(dir, 'base'), '-csk', '--single-process', String(puertoReferencia)],
    { stdio: 'ignore' },
  )
  // Ready when it answers a C-ECHO.
  const responde = () =>
    ejecutar('echoscu', ['-aec', 'CLINICA', '127.0.0.1', String(puertoReferencia)]).then(
      () => true,
      () => false,
    )
  for (let i = 0; !(await responde()); i += 1) {
    if (i > 100) throw new Error('wlmscpfs no respondió')
    await new Promise((r) => setTimeout(r, 100))
  }
}, 60_000)

afterAll(async () => {
  referencia?.kill()
  await d?.cerrar()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('los mismos ítems que wlmscpfs', () => {
  const sps = (k: string) => `ScheduledProcedureStepSequence[0].${k}`

  it.each([
    ['todo', []],
    ['Modality DX', [sps('Modality=DX')]],
    ['Modality US', [sps('Modality=US')]],
    ['Modality CT', [sps('Modality=CT')]],
    ['AE title exacto', [sps('ScheduledStationAETitle=ECO_REF')]],
    ['AE title de nadie', [sps('ScheduledStationAETitle=NADIE')]],
    ['PatientID', ['PatientID=41234567']],
    ['nombre exacto', ['PatientName=QUISPE^ROSA']],
    ['nombre con comodín', ['PatientName=MAMANI*']],
    ['médico que pide', ['ReferringPhysicianName=SALAZAR^PEDRO']],
    ['médico que pide con comodín', ['ReferringPhysicianName=SAL*']],
    ['médico que pide que no está', ['ReferringPhysicianName=SMITH']],
    ['médico que realiza', [sps('ScheduledPerformingPhysicianName=SMITH')]],
    ['sexo', ['PatientSex=O']],
  ])('%s', async (_nombre, claves) => {
    const r = await ambos(claves)
    expect(r.nuestro).toEqual(r.referencia)
  })

  it('el médico que pide (ReferringPhysicianName) encuentra su atención en los dos', async () => {
    for (const clave of ['SALAZAR^PEDRO', 'SAL*'])
      expect(await ambos([`ReferringPhysicianName=${clave}`])).toEqual({
        nuestro: [String(ids[0])],
        referencia: [String(ids[0])],
      })
  })

  it('fechas, y el AccessionNumber con y sin comodines', async () => {
    for (const claves of [
      [sps(`ScheduledProcedureStepStartDate=${hoy}`)],
      [sps(`ScheduledProcedureStepStartDate=${ayer}`)],
      [sps(`ScheduledProcedureStepStartDate=${ayer}-${hoy}`)],
      [sps(`ScheduledProcedureStepStartDate=-${ayer}`)],
      [`AccessionNumber=${ids[0]}`],
      [`AccessionNumber=${String(ids[0]).slice(0, 1)}*`],
      [`AccessionNumber=${ids[0]}9*`],
    ]) {
      const r = await ambos(claves)
      expect(r.nuestro, claves.join(' ')).toEqual(r.referencia)
    }
  })

  it('donde la clínica es más flexible, a propósito: nombres sin distinguir mayúsculas ni tildes, ids dentro de su emisor', async () => {
    const nombre = await ambos(['PatientName=quispe^rosa'])
    expect(nombre.referencia).toEqual([])
    expect(nombre.nuestro).toEqual([String(ids[0])])
    const medico = await ambos(['ReferringPhysicianName=salazar^pedro'])
    expect(medico.referencia).toEqual([])
    expect(medico.nuestro).toEqual([String(ids[0])])
    const emisor = await ambos(['PatientID=41234567', 'IssuerOfPatientID=DNI'])
    expect(emisor.nuestro).toEqual([String(ids[0])])
  })

  it('donde wlmscpfs 3.6.7 no compara con comodines y PS3.4 C.2.2.2.4 lo permite (AE, LO)', async () => {
    const ae = await ambos([sps('ScheduledStationAETitle=RX*')])
    expect(ae.referencia).toEqual([])
    expect(ae.nuestro).toEqual([ids[0], ids[1], ids[3]].map(String).sort())
    const documento = await ambos(['PatientID=4123*'])
    expect(documento.referencia).toEqual([])
    expect(documento.nuestro).toEqual([ids[0], ids[1]].map(String).sort())
  })
})
