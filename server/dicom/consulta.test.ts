import { describe, expect, it } from 'vitest'
import { ConsultaInvalida, filtrosDeConsulta, hora, patron } from './consulta.js'
import { itemCompleto, recortar, type Destino, type FilaWorklist } from './item.js'
import type { Elementos } from './dimse.js'

const sps = (k: Record<string, unknown>) => ({ ScheduledProcedureStepSequence: [k] })

describe('filtrosDeConsulta', () => {
  it('reads empty keys and a lone * as universal: no filter', () => {
    expect(
      filtrosDeConsulta({
        PatientName: '',
        PatientID: '*',
        AccessionNumber: null,
        ...sps({ Modality: '', ScheduledStationAETitle: '', ScheduledProcedureStepStartDate: '' }),
      }),
    ).toEqual({})
    expect(filtrosDeConsulta({ ScheduledProcedureStepSequence: [] })).toEqual({})
  })

  it('matches the DICOM codes a sala may publish, and an unknown one to no item', () => {
    expect(filtrosDeConsulta(sps({ Modality: 'DX' }))).toEqual({ codigos: ['DX'] })
    expect(filtrosDeConsulta(sps({ Modality: 'cr' }))).toEqual({ codigos: ['CR'] })
    expect(filtrosDeConsulta(sps({ Modality: 'mr' }))).toEqual({ codigos: ['MR'] })
    expect(filtrosDeConsulta(sps({ Modality: 'CT' }))).toEqual({ ninguno: true })
    expect(filtrosDeConsulta(sps({ Modality: '?S' }))).toEqual({ codigos: ['US'] })
  })

  it('turns * and ? into LIKE wildcards and escapes LIKE’s own characters', () => {
    expect(patron('QUIS*')).toEqual({ como: 'QUIS%' })
    expect(patron('R?SA')).toEqual({ como: 'R_SA' })
    expect(patron('50%_A*')).toEqual({ como: '50\\%\\_A%' })
    expect(patron('RX_1')).toEqual({ igual: 'RX_1' })
    expect(filtrosDeConsulta(sps({ ScheduledStationAETitle: 'RX*' }))).toEqual({
      aeTitles: [{ como: 'RX%' }],
    })
  })

  it('keeps accents and case for the database to fold, and drops trailing empty components', () => {
    expect(filtrosDeConsulta({ PatientName: [{ Alphabetic: 'PÉREZ*^JOSÉ^^' }] })).toEqual({
      nombre: { como: 'PÉREZ%^JOSÉ' },
    })
    expect(filtrosDeConsulta({ PatientName: 'Quispe^Rosa' })).toEqual({
      nombre: { igual: 'Quispe^Rosa' },
    })
  })

  it('reads single dates and closed and open ranges', () => {
    const d = (v: string) => filtrosDeConsulta(sps({ ScheduledProcedureStepStartDate: v }))
    expect(d('20250314')).toEqual({ desde: '2025-03-14', hasta: '2025-03-14' })
    expect(d('20250314-20250320')).toEqual({ desde: '2025-03-14', hasta: '2025-03-20' })
    expect(d('-20250320')).toEqual({ desde: undefined, hasta: '2025-03-20' })
    expect(d('20250314-')).toEqual({ desde: '2025-03-14', hasta: undefined })
    expect(() => d('20250230')).toThrow(ConsultaInvalida)
    expect(() => d('2025-03-14')).toThrow(ConsultaInvalida)
  })

  it('reads times to the precision given; an end covers its whole hour or minute', () => {
    expect(hora('10', false)).toBe('10:00:00.000000')
    expect(hora('10', true)).toBe('10:59:59.999999')
    expect(hora('1030', true)).toBe('10:30:59.999999')
    expect(hora('103015.5', false)).toBe('10:30:15.500000')
    expect(filtrosDeConsulta(sps({ ScheduledProcedureStepStartTime: '0800-1200' }))).toEqual({
      horaDesde: '08:00:00.000000',
      horaHasta: '12:00:59.999999',
    })
    expect(filtrosDeConsulta(sps({ ScheduledProcedureStepStartTime: '-0900' }))).toEqual({
      horaDesde: undefined,
      horaHasta: '09:00:59.999999',
    })
    expect(() => hora('2500', false)).toThrow(ConsultaInvalida)
  })

  it('reads the accession and procedure ids as the atención id; a non-number matches nothing', () => {
    expect(filtrosDeConsulta({ AccessionNumber: '123' })).toEqual({ ids: [123] })
    expect(filtrosDeConsulta({ AccessionNumber: '123', RequestedProcedureID: '123' })).toEqual({
      ids: [123],
    })
    expect(filtrosDeConsulta({ AccessionNumber: '123', RequestedProcedureID: '124' })).toEqual({
      ninguno: true,
    })
    expect(filtrosDeConsulta({ AccessionNumber: 'ACC1' })).toEqual({ ninguno: true })
    expect(filtrosDeConsulta({ AccessionNumber: '1*' })).toEqual({ idsComo: ['1%'] })
    expect(filtrosDeConsulta({ AccessionNumber: '12?4', RequestedProcedureID: '1234' })).toEqual({
      ids: [1234],
      idsComo: ['12_4'],
    })
    expect(filtrosDeConsulta({ AccessionNumber: 'A*' })).toEqual({ ninguno: true })
    expect(filtrosDeConsulta({ IssuerOfPatientID: 'dni' })).toEqual({ tiposDocumento: ['dni'] })
    expect(filtrosDeConsulta({ IssuerOfPatientID: 'P*' })).toEqual({
      tiposDocumento: ['pasaporte'],
    })
    expect(filtrosDeConsulta({ AccessionNumber: '99999999999' })).toEqual({ ninguno: true })
  })

  it('reads a UID list, birth date ranges and sex', () => {
    expect(filtrosDeConsulta({ StudyInstanceUID: '2.25.1\\2.25.2' })).toEqual({
      studyUids: ['2.25.1', '2.25.2'],
    })
    expect(filtrosDeConsulta({ PatientBirthDate: '19800101-', PatientSex: 'f' })).toEqual({
      nacimientoDesde: '1980-01-01',
      nacimientoHasta: undefined,
      sexo: 'F',
    })
    expect(filtrosDeConsulta({ PatientSex: 'X' })).toEqual({ ninguno: true })
  })
})

const fila: FilaWorklist = {
  id: 4521,
  pacienteId: 7,
  modalidad: 'RX',
  estudios: ['Tórax PA', 'Mano'],
  estado: 'En espera',
  prioridad: 'Urgente',
  studyInstanceUid: '2.25.123',
  fecha: '20250314',
  hora: '093000',
  aeTitles: ['RX_LIMA_1'],
  estaciones: ['RX 1'],
  codigos: ['DX'],
  codigoUsual: 'DX',
  codigosEstudios: [
    { codigo: 'RX-TORAX-PA', nombre: 'Tórax PA' },
    { codigo: 'RX-MANO', nombre: 'Mano' },
  ],
  sede: 'Lima',
  tipoDocumento: 'dni',
  documento: '45678912',
  primerNombre: 'José',
  segundoNombre: 'Ángel',
  primerApellido: 'Núñez',
  segundoApellido: null,
  nacimiento: '19800102',
  sexo: 'Masculino',
}

const destino: Destino = { aeServidor: 'CLINICA', juego: 'ISO_IR 192', esquema: '99CLINICA' }

describe('the worklist item', () => {
  it('publishes Apellidos^Nombres with accents, the document, and the step of its sala', () => {
    const item = itemCompleto(fila, destino)
    expect(item).toMatchObject({
      SpecificCharacterSet: 'ISO_IR 192',
      PatientName: [{ Alphabetic: 'Núñez^José Ángel' }],
      PatientID: '45678912',
      IssuerOfPatientID: 'DNI',
      PatientSex: 'M',
      AccessionNumber: '4521',
      RequestedProcedurePriority: 'HIGH',
      ScheduledProcedureStepSequence: [
        {
          Modality: 'DX',
          ScheduledStationAETitle: ['RX_LIMA_1'],
          ScheduledStationName: 'RX 1',
          ScheduledProcedureStepStartDate: '20250314',
          ScheduledProcedureStepStartTime: '093000',
          ScheduledProcedureStepDescription: 'Tórax PA, Mano',
          ScheduledProcedureStepStatus: 'ARRIVED',
          ScheduledProtocolCodeSequence: [
            {
              CodeValue: 'RX-TORAX-PA',
              CodingSchemeDesignator: '99CLINICA',
              CodeMeaning: 'Tórax PA',
            },
            { CodeValue: 'RX-MANO', CodingSchemeDesignator: '99CLINICA', CodeMeaning: 'Mano' },
          ],
        },
      ],
      RequestedProcedureCodeSequence: [
        { CodeValue: 'RX-TORAX-PA', CodingSchemeDesignator: '99CLINICA', CodeMeaning: 'Tórax PA' },
      ],
    })
  })

  const sinSala: FilaWorklist = {
    ...fila,
    aeTitles: ['RX_LIMA_1', 'CR_LIMA_2'],
    estaciones: ['RX 1', 'CR 2'],
    codigos: ['DX', 'CR'],
  }
  const estacion = (d: Partial<Destino>) => {
    const [sps] = itemCompleto(sinSala, { ...destino, ...d })
      .ScheduledProcedureStepSequence as Elementos[]
    return [sps!.ScheduledStationAETitle, sps!.ScheduledStationName, sps!.Modality]
  }

  it('names every station a walk-in may be taken at, or the asking one, never none', () => {
    expect(estacion({})).toEqual([['RX_LIMA_1', 'CR_LIMA_2'], '', 'DX'])
    expect(estacion({ aeLlamante: 'CR_LIMA_2' })).toEqual([['CR_LIMA_2'], 'CR 2', 'CR'])
    expect(estacion({ codigos: ['CR'] })).toEqual([['CR_LIMA_2'], 'CR 2', 'CR'])
    expect(estacion({ aeTitles: [{ como: 'RX%' }] })).toEqual([['RX_LIMA_1'], 'RX 1', 'DX'])
    const [sps] = itemCompleto({ ...fila, aeTitles: [], estaciones: [], codigos: [] }, destino)
      .ScheduledProcedureStepSequence as Elementos[]
    expect(sps).toMatchObject({ ScheduledStationAETitle: ['CLINICA'], Modality: 'DX' })
  })

  it('answers exactly the asked keys: unknown ones empty, none invented', () => {
    const consulta = {
      _vrMap: {},
      SpecificCharacterSet: '',
      PatientName: '',
      ReferringPhysicianName: '',
      OtherPatientIDsSequence: [{}],
      ScheduledProcedureStepSequence: [{ Modality: 'DX', ScheduledPerformingPhysicianName: '' }],
    }
    expect(recortar(consulta, itemCompleto(fila, destino))).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      PatientName: [{ Alphabetic: 'Núñez^José Ángel' }],
      ReferringPhysicianName: '',
      OtherPatientIDsSequence: [],
      ScheduledProcedureStepSequence: [{ Modality: 'DX', ScheduledPerformingPhysicianName: '' }],
    })
  })

  it('answers a sequence asked empty with all of its item', () => {
    const r = recortar({ ScheduledProcedureStepSequence: [] }, itemCompleto(fila, destino))
    expect(r.ScheduledProcedureStepSequence).toEqual(
      itemCompleto(fila, destino).ScheduledProcedureStepSequence,
    )
  })
})
