// Our encoding against the library's (the reference it replaces): decoded by dcmjs and by DCMTK's
// dcmdump they must be the same elements, in both transfer syntaxes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import dimse from 'dcmjs-dimse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ejecutar } from '../test/dicom.js'
import {
  aLatin1,
  codificar,
  codificarComando,
  EXPLICITA,
  IMPLICITA,
  NoCodificable,
} from './codificar.js'
import { repararAnidados, type Elementos } from './dimse.js'
import { itemCompleto, recortar, type Destino, type FilaWorklist } from './item.js'

const fila: FilaWorklist = {
  id: 4321,
  pacienteId: 7,
  modalidad: 'RX',
  estudios: ['Tórax PA', 'Columna lumbosacra'],
  estado: 'En espera',
  prioridad: 'Urgente',
  studyInstanceUid: '2.25.1234567',
  fecha: '20250314',
  hora: '093000',
  aeTitles: ['RX_LIMA_1'],
  estaciones: ['Sala ñandú'],
  codigos: ['DX'],
  codigoUsual: 'DX',
  codigosEstudios: [{ codigo: 'RX-TORAX-PA', nombre: 'Tórax PA' }],
  sede: 'Miraflores',
  tipoDocumento: 'dni',
  documento: '45678912',
  primerNombre: 'José',
  segundoNombre: 'Ángel',
  primerApellido: 'Núñez',
  segundoApellido: 'Peña',
  nacimiento: '19800101',
  sexo: 'Masculino',
  solicitanteApellidos: 'Ñahui Ccori',
  solicitanteNombres: 'María José',
}

/** A modality's query: our keys, and some we do not hold (PN, DS, US, LO, an SQ). */
const consulta: Elementos = {
  SpecificCharacterSet: 'ISO_IR 192',
  PatientName: '',
  PatientID: '',
  PatientBirthDate: '',
  PatientSex: '',
  AccessionNumber: '',
  StudyInstanceUID: '',
  RequestedProcedureDescription: '',
  ReferringPhysicianName: '',
  PatientWeight: '',
  Rows: '',
  AdmissionID: '',
  ReferencedStudySequence: [],
  ScheduledProcedureStepSequence: [{ ScheduledProcedureStepStartDate: '', Modality: '' }],
}

const destino: Destino = { aeServidor: 'CLINICA', juego: 'ISO_IR 192', esquema: '99CLINICA' }
const item = recortar(consulta, itemCompleto(fila, destino))
const SINTAXIS = [EXPLICITA, IMPLICITA]
const biblioteca = (e: Elementos, ts: string) =>
  new dimse.Dataset(e, ts).getDenaturalizedDataset(undefined, undefined)
const leer = (b: Buffer, ts: string) => repararAnidados(new dimse.Dataset(b, ts).getElements())

describe('codificar', () => {
  it.each(SINTAXIS)('dcmjs lee lo mismo que la codificación de la biblioteca (%s)', (ts) => {
    const nuestro = leer(codificar(item, ts), ts)
    expect(nuestro).toEqual(leer(biblioteca(item, ts), ts))
    expect(nuestro.PatientName).toEqual([{ Alphabetic: 'Núñez Peña^José Ángel' }])
    expect(nuestro.ReferringPhysicianName).toEqual([{ Alphabetic: 'Ñahui Ccori^María José' }])
    expect(nuestro.ScheduledProcedureStepSequence).toEqual([
      { _vrMap: {}, Modality: 'DX', ScheduledProcedureStepStartDate: '20250314' },
    ])
    expect(nuestro.ReferencedStudySequence).toEqual([])
  })

  it.each(SINTAXIS)('sin US ni secuencia vacíos, los mismos bytes (%s)', (ts) => {
    const { Rows: _, ReferencedStudySequence: __, ...resto } = item
    expect(codificar(resto, ts).equals(biblioteca(resto, ts))).toBe(true)
  })

  it('ordena por tag, también dentro de los ítems, y rellena el UI con NUL', () => {
    const b = codificar(
      {
        StudyInstanceUID: '2.25.12',
        PatientID: 'X',
        ScheduledProcedureStepSequence: [{ ScheduledStationAETitle: 'A', Modality: 'DX' }],
      },
      IMPLICITA,
    )
    const tags: string[] = []
    for (let i = 0; i < b.length;) {
      const grupo = b.readUInt16LE(i)
      const elemento = b.readUInt16LE(i + 2)
      const largo = b.readUInt32LE(i + 4)
      tags.push(`${grupo.toString(16)},${elemento.toString(16)}`)
      const contenedor = largo === 0xffffffff || grupo === 0xfffe
      i += 8 + (contenedor ? 0 : largo)
    }
    expect(tags).toEqual([
      '10,20',
      '20,d',
      '40,100',
      'fffe,e000',
      '8,60',
      '40,1',
      'fffe,e00d',
      'fffe,e0dd',
    ])
    expect(b.includes(Buffer.from('2.25.12\0'))).toBe(true)
  })

  it('deja a la biblioteca lo que no codifica', () => {
    expect(() => codificar({ Rows: 1.5 }, EXPLICITA)).toThrow(NoCodificable)
    expect(() => codificar({ PixelData: new Uint8Array(2) }, EXPLICITA)).toThrow(NoCodificable)
    expect(() => codificar({ PatientID: 'X' }, '1.2.840.10008.1.2.2')).toThrow(NoCodificable)
  })

  it('escribe los comandos de respuesta como la biblioteca', () => {
    const pendiente = new dimse.responses.CFindResponse(0xff00, '')
    pendiente.setAffectedSopClassUid('1.2.840.10008.5.1.4.31')
    pendiente.setMessageIdBeingRespondedTo(7)
    pendiente.setDataset(new dimse.Dataset({ PatientID: 'X' }, IMPLICITA))
    const final = new dimse.responses.CFindResponse(0xa700, 'Más de 2000 resultados')
    for (const r of [pendiente, final]) {
      const comando = r.getCommandDataset()
      expect(codificarComando(comando.getElements())).toEqual(
        comando.getDenaturalizedCommandDataset(),
      )
    }
  })

  describe('dcmdump', () => {
    let dir: string
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'codificar-'))
    })
    afterAll(() => rm(dir, { recursive: true, force: true }))

    /** dcmdump of a bare dataset: its element lines, and whatever it warned on stderr. */
    const volcar = async (b: Buffer, ts: string, nombre: string) => {
      const archivo = join(dir, nombre)
      await writeFile(archivo, b)
      const { stdout, stderr } = await ejecutar('dcmdump', [
        '-f',
        ts === EXPLICITA ? '-te' : '-ti',
        '+U8',
        '+L',
        archivo,
      ])
      const lineas = stdout.split('\n').filter((l) => /^\s*\(/.test(l))
      return { lineas: lineas.map((l) => l.replace(/\s+#\s.*$/, '').trim()), stderr }
    }

    it.each(SINTAXIS)(
      'lee los mismos elementos, y vacíos el US y la secuencia (%s)',
      async (ts) => {
        const nuestro = await volcar(codificar(item, ts), ts, `nuestro-${ts}`)
        const suyo = await volcar(biblioteca(item, ts), ts, `suyo-${ts}`)
        expect(nuestro.stderr).toBe('')
        expect(nuestro.lineas).toContain('(0010,0010) PN [Núñez Peña^José Ángel]')
        expect(nuestro.lineas).toContain('(0008,1110) SQ (Sequence with undefined length #=0)')
        expect(nuestro.lineas).toContain('(0028,0010) US (no value available)')
        // The library's two defects: an empty US written as 0, and an empty sequence with one
        // empty item (a sequence we do not hold is sent with none).
        expect(suyo.lineas).toContain('(0028,0010) US 0')
        expect(suyo.lineas).toContain('(0008,1110) SQ (Sequence with undefined length #=1)')
        const iguales = (l: string[]) =>
          l.filter((x) => !/^\((0028,0010|0008,1110)\)|^\(fffe,e0[0d]/.test(x))
        expect(iguales(nuestro.lineas)).toEqual(iguales(suyo.lineas))
      },
    )

    it.each(SINTAXIS)(
      'en Latin-1 (ISO_IR 100) escribe ñ y tildes en un byte y translitera lo que no cabe (%s)',
      async (ts) => {
        const latin = itemCompleto(
          { ...fila, primerNombre: 'Łukasz', segundoNombre: 'Ŝimón', segundoApellido: 'Peña' },
          { ...destino, juego: 'ISO_IR 100' },
        )
        const b = codificar(recortar(consulta, latin), ts)
        expect(b.includes(Buffer.from('Núñez Peña', 'latin1'))).toBe(true)
        expect(b.includes(Buffer.from('Núñez', 'utf8'))).toBe(false)
        const { lineas, stderr } = await volcar(b, ts, `latin1-${ts}`)
        expect(stderr).toBe('')
        // dcmdump +U8 read it as Latin-1 and shows it converted to UTF-8.
        expect(b.includes(Buffer.from('ISO_IR 100'))).toBe(true)
        expect(lineas).toContain('(0008,0005) CS [ISO_IR 192]')
        expect(lineas).toContain('(0010,0010) PN [Núñez Peña^Lukasz Simón]')
        expect(lineas).toContain('(0008,0090) PN [Ñahui Ccori^María José]')
        expect(aLatin1('Œuvre “Ñ” ☃')).toBe('OEuvre "Ñ" ?')
      },
    )

    it.each(SINTAXIS)(
      'recorta cada texto al máximo de su VR: SH 16, LO 64, PN 64 por grupo (%s)',
      async (ts) => {
        const largo = itemCompleto(
          {
            ...fila,
            estaciones: ['Sala de rayos X digital número 2'],
            sede: 'Clínica San Juan de Miraflores Norte',
            estudios: [
              'Tórax PA y lateral',
              'Columna lumbosacra',
              'Columna cervical',
              'Pelvis AP',
              'Rodilla bilateral',
            ],
            primerNombre: 'María de los Ángeles',
            segundoNombre: 'Guadalupe',
            primerApellido: 'Fernández de Córdova',
            segundoApellido: 'Santisteban Villavicencio',
          },
          destino,
        )
        const { lineas, stderr } = await volcar(
          codificar(recortar(consulta, largo), ts),
          ts,
          `largo-${ts}`,
        )
        expect(stderr).toBe('')
        const textos = lineas
          .map((l) => /^\(([0-9a-f,]+)\) (SH|LO|PN) \[(.*)\]$/.exec(l))
          .filter((m) => m !== null)
        expect(textos.length).toBeGreaterThan(3)
        const maximo = { SH: 16, LO: 64, PN: 64 }
        for (const [, tag, vr, valor] of textos)
          for (const grupo of vr === 'PN' ? valor!.split('=') : valor!.split('\\'))
            expect([...grupo].length, `(${tag}) ${vr} ${grupo}`).toBeLessThanOrEqual(
              maximo[vr as 'SH' | 'LO' | 'PN'],
            )
      },
    )
  })
})
