import { describe, expect, it } from 'vitest'
import { ConsultaInvalida, filtrosDeConsulta, hora, patron } from './consulta.js'
import { itemCompleto, recortar, type FilaWorklist } from './item.js'

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

  it('maps DICOM modalities to ours, and an unknown one to no item', () => {
    expect(filtrosDeConsulta(sps({ Modality: 'DX' }))).toEqual({ modalidades: ['RX'] })
    expect(filtrosDeConsulta(sps({ Modality: 'mr' }))).toEqual({ modalidades: ['MRI'] })
    expect(filtrosDeConsulta(sps({ Modality: 'CT' }))).toEqual({ ninguno: true })
    expect(filtrosDeConsulta(sps({ Modality: '?S' }))).toEqual({ modalidades: ['Eco'] })
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
  aeTitle: 'RX_LIMA_1',
  salaNombre: 'RX 1',
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

describe('the worklist item', () => {
  it('publishes Apellidos^Nombres with accents, the document, and the step of its sala', () => {
    const item = itemCompleto(fila)
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
          ScheduledStationAETitle: 'RX_LIMA_1',
          ScheduledProcedureStepStartDate: '20250314',
          ScheduledProcedureStepStartTime: '093000',
          ScheduledProcedureStepDescription: 'Tórax PA, Mano',
          ScheduledProcedureStepStatus: 'ARRIVED',
        },
      ],
    })
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
    expect(recortar(consulta, itemCompleto(fila))).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      PatientName: [{ Alphabetic: 'Núñez^José Ángel' }],
      ReferringPhysicianName: '',
      OtherPatientIDsSequence: [],
      ScheduledProcedureStepSequence: [{ Modality: 'DX', ScheduledPerformingPhysicianName: '' }],
    })
  })

  it('answers a sequence asked empty with all of its item', () => {
    const r = recortar({ ScheduledProcedureStepSequence: [] }, itemCompleto(fila))
    expect(r.ScheduledProcedureStepSequence).toEqual(
      itemCompleto(fila).ScheduledProcedureStepSequence,
    )
  })
})
