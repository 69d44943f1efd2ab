import { describe, expect, it } from 'vitest'
import { ConsultaInvalida, filtrosDeConsulta, hora, patron } from './consulta.js'
import { itemCompleto, recortar, type Destino, type FilaWorklist } from './item.js'
import type { Elementos } from './dimse.js'

const sps = (k: Record<string, unknown>) => ({ ScheduledProcedureStepSequence: [k] })

/** The DICOM codes of a new database's modalities (migration 0050). */
const CODIGOS = ['DX', 'CR', 'RF', 'MG', 'XA', 'US', 'MR']

describe('filtrosDeConsulta', () => {
  it('lee las claves vacías y un * solo como universales: sin filtro', () => {
    expect(
      filtrosDeConsulta(
        {
          PatientName: '',
          PatientID: '*',
          AccessionNumber: null,
          ...sps({
            Modality: '',
            ScheduledStationAETitle: '',
            ScheduledProcedureStepStartDate: '',
          }),
        },
        CODIGOS,
      ),
    ).toEqual({})
    expect(filtrosDeConsulta({ ScheduledProcedureStepSequence: [] }, CODIGOS)).toEqual({})
  })

  it('compara con los códigos DICOM que una sala puede publicar, y uno desconocido no encuentra ningún ítem', () => {
    expect(filtrosDeConsulta(sps({ Modality: 'DX' }), CODIGOS)).toEqual({ codigos: ['DX'] })
    expect(filtrosDeConsulta(sps({ Modality: 'cr' }), CODIGOS)).toEqual({ codigos: ['CR'] })
    expect(filtrosDeConsulta(sps({ Modality: 'mr' }), CODIGOS)).toEqual({ codigos: ['MR'] })
    expect(filtrosDeConsulta(sps({ Modality: 'CT' }), CODIGOS)).toEqual({ ninguno: true })
    expect(filtrosDeConsulta(sps({ Modality: 'CT' }), [...CODIGOS, 'CT'])).toEqual({
      codigos: ['CT'],
    })
    expect(filtrosDeConsulta(sps({ Modality: '?S' }), CODIGOS)).toEqual({ codigos: ['US'] })
  })

  it('convierte * y ? en comodines de LIKE y escapa los caracteres propios de LIKE', () => {
    expect(patron('QUIS*')).toEqual({ como: 'QUIS%' })
    expect(patron('R?SA')).toEqual({ como: 'R_SA' })
    expect(patron('50%_A*')).toEqual({ como: '50\\%\\_A%' })
    expect(patron('RX_1')).toEqual({ igual: 'RX_1' })
    expect(filtrosDeConsulta(sps({ ScheduledStationAETitle: 'RX*' }), CODIGOS)).toEqual({
      aeTitles: [{ como: 'RX%' }],
    })
  })

  it('conserva tildes y mayúsculas para que la base de datos las normalice, y quita los componentes vacíos del final', () => {
    expect(filtrosDeConsulta({ PatientName: [{ Alphabetic: 'PÉREZ*^JOSÉ^^' }] }, CODIGOS)).toEqual({
      nombre: { como: 'PÉREZ%^JOSÉ' },
    })
    expect(filtrosDeConsulta({ PatientName: 'Quispe^Rosa' }, CODIGOS)).toEqual({
      nombre: { igual: 'Quispe^Rosa' },
    })
  })

  it('compara el médico solicitante (ReferringPhysicianName) como el nombre; el que realiza no lo tiene nadie', () => {
    expect(
      filtrosDeConsulta({ ReferringPhysicianName: [{ Alphabetic: 'SALAZAR*^^' }] }, CODIGOS),
    ).toEqual({ solicitante: { como: 'SALAZAR%' } })
    expect(filtrosDeConsulta({ ReferringPhysicianName: '*' }, CODIGOS)).toEqual({})
    expect(filtrosDeConsulta(sps({ ScheduledPerformingPhysicianName: 'SMITH' }), CODIGOS)).toEqual({
      ninguno: true,
    })
  })

  it('lee fechas sueltas y rangos cerrados y abiertos', () => {
    const d = (v: string) => filtrosDeConsulta(sps({ ScheduledProcedureStepStartDate: v }), CODIGOS)
    expect(d('20250314')).toEqual({ desde: '2025-03-14', hasta: '2025-03-14' })
    expect(d('20250314-20250320')).toEqual({ desde: '2025-03-14', hasta: '2025-03-20' })
    expect(d('-20250320')).toEqual({ desde: undefined, hasta: '2025-03-20' })
    expect(d('20250314-')).toEqual({ desde: '2025-03-14', hasta: undefined })
    expect(() => d('20250230')).toThrow(ConsultaInvalida)
    expect(() => d('2025-03-14')).toThrow(ConsultaInvalida)
  })

  it('lee las horas con la precisión dada; un extremo abarca su hora o su minuto entero', () => {
    expect(hora('10', false)).toBe('10:00:00.000000')
    expect(hora('10', true)).toBe('10:59:59.999999')
    expect(hora('1030', true)).toBe('10:30:59.999999')
    expect(hora('103015.5', false)).toBe('10:30:15.500000')
    expect(
      filtrosDeConsulta(sps({ ScheduledProcedureStepStartTime: '0800-1200' }), CODIGOS),
    ).toEqual({
      horaDesde: '08:00:00.000000',
      horaHasta: '12:00:59.999999',
    })
    expect(filtrosDeConsulta(sps({ ScheduledProcedureStepStartTime: '-0900' }), CODIGOS)).toEqual({
      horaDesde: undefined,
      horaHasta: '09:00:59.999999',
    })
    expect(() => hora('2500', false)).toThrow(ConsultaInvalida)
  })

  it('lee el AccessionNumber y los ids de procedimiento como el id de la atención; lo que no es un número no encuentra nada', () => {
    expect(filtrosDeConsulta({ AccessionNumber: '123' }, CODIGOS)).toEqual({ ids: [123] })
    expect(
      filtrosDeConsulta({ AccessionNumber: '123', RequestedProcedureID: '123' }, CODIGOS),
    ).toEqual({
      ids: [123],
    })
    expect(
      filtrosDeConsulta({ AccessionNumber: '123', RequestedProcedureID: '124' }, CODIGOS),
    ).toEqual({
      ninguno: true,
    })
    expect(filtrosDeConsulta({ AccessionNumber: 'ACC1' }, CODIGOS)).toEqual({ ninguno: true })
    expect(filtrosDeConsulta({ AccessionNumber: '1*' }, CODIGOS)).toEqual({ idsComo: ['1%'] })
    expect(
      filtrosDeConsulta({ AccessionNumber: '12?4', RequestedProcedureID: '1234' }, CODIGOS),
    ).toEqual({
      ids: [1234],
      idsComo: ['12_4'],
    })
    expect(filtrosDeConsulta({ AccessionNumber: 'A*' }, CODIGOS)).toEqual({ ninguno: true })
    expect(filtrosDeConsulta({ IssuerOfPatientID: 'dni' }, CODIGOS)).toEqual({
      tiposDocumento: ['dni'],
    })
    expect(filtrosDeConsulta({ IssuerOfPatientID: 'P*' }, CODIGOS)).toEqual({
      tiposDocumento: ['pasaporte'],
    })
    expect(filtrosDeConsulta({ AccessionNumber: '99999999999' }, CODIGOS)).toEqual({
      ninguno: true,
    })
  })

  it('lee una lista de UID, rangos de fecha de nacimiento y el sexo', () => {
    expect(filtrosDeConsulta({ StudyInstanceUID: '2.25.1\\2.25.2' }, CODIGOS)).toEqual({
      studyUids: ['2.25.1', '2.25.2'],
    })
    expect(filtrosDeConsulta({ PatientBirthDate: '19800101-', PatientSex: 'f' }, CODIGOS)).toEqual({
      nacimientoDesde: '1980-01-01',
      nacimientoHasta: undefined,
      sexo: 'F',
    })
    expect(filtrosDeConsulta({ PatientSex: 'X' }, CODIGOS)).toEqual({ ninguno: true })
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
  solicitanteApellidos: null,
  solicitanteNombres: null,
}

const destino: Destino = { aeServidor: 'CLINICA', juego: 'ISO_IR 192', esquema: '99CLINICA' }

describe('el ítem de la lista de trabajo', () => {
  it('publica Apellidos^Nombres con tildes, el documento y el paso de su sala', () => {
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

  it('nombra cada estación donde se puede hacer una atención sin sala, o la que pregunta; nunca ninguna', () => {
    expect(estacion({})).toEqual([['RX_LIMA_1', 'CR_LIMA_2'], '', 'DX'])
    expect(estacion({ aeLlamante: 'CR_LIMA_2' })).toEqual([['CR_LIMA_2'], 'CR 2', 'CR'])
    expect(estacion({ codigos: ['CR'] })).toEqual([['CR_LIMA_2'], 'CR 2', 'CR'])
    expect(estacion({ aeTitles: [{ como: 'RX%' }] })).toEqual([['RX_LIMA_1'], 'RX 1', 'DX'])
    const [sps] = itemCompleto({ ...fila, aeTitles: [], estaciones: [], codigos: [] }, destino)
      .ScheduledProcedureStepSequence as Elementos[]
    expect(sps).toMatchObject({ ScheduledStationAETitle: ['CLINICA'], Modality: 'DX' })
  })

  it('responde exactamente las claves pedidas: las desconocidas vacías, ninguna inventada', () => {
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

  it('nombra al médico solicitante como Apellidos^Nombres, y vacío si la atención no tiene', () => {
    const pedido = { ReferringPhysicianName: '' }
    const con = { ...fila, solicitanteApellidos: 'Salazar Ríos', solicitanteNombres: 'Pedro' }
    expect(recortar(pedido, itemCompleto(con, destino))).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      ReferringPhysicianName: [{ Alphabetic: 'Salazar Ríos^Pedro' }],
    })
    expect(recortar(pedido, itemCompleto(fila, destino)).ReferringPhysicianName).toBe('')
  })

  it('responde una secuencia pedida vacía con todo su ítem', () => {
    const r = recortar({ ScheduledProcedureStepSequence: [] }, itemCompleto(fila, destino))
    expect(r.ScheduledProcedureStepSequence).toEqual(
      itemCompleto(fila, destino).ScheduledProcedureStepSequence,
    )
  })
})
