// The estado machine (shared/estado-atencion.ts) against what the database checks, read from the
// database itself, and against the moves each actor had before the machine was gathered in one
// module: staff's menus, the desk's «Llegó», the equipment's MPPS, and a médico's signature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ESTADOS, type Estado } from '../shared/catalogos.js'
import {
  exigeCita,
  origenes,
  PASOS,
  siguientesEstados,
  TRANSICIONES,
} from '../shared/estado-atencion.js'
import { ESTADOS_MPPS } from '../shared/mpps.js'
import { HACIA_MPPS } from './queries/mpps.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'
import { valoresDelCheck } from './test/esquema.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.drop()
})

const valoresDe = (tabla: string, restriccion: string) =>
  valoresDelCheck(db.sql, tabla, restriccion)

describe('la máquina de estados', () => {
  it('nombra exactamente los estados que acepta la base de datos, para atenciones y MPPS', async () => {
    expect(await valoresDe('atenciones', 'atenciones_estado_check')).toEqual([...ESTADOS])
    expect(await valoresDe('mpps', 'mpps_estado_check')).toEqual([...ESTADOS_MPPS])
    for (const p of PASOS) expect(ESTADOS).toContain(p.desde)
    // A reason is kept only for a cancellation, in the database as in the routes.
    expect(await valoresDe('atenciones', 'atenciones_motivo_solo_cancelada')).toEqual(['Cancelado'])
  })

  it('mantiene los pasos del personal: solo hacia adelante, con Informado, Cancelado y No se presentó como finales', () => {
    expect(TRANSICIONES).toEqual({
      Programado: ['En espera', 'En proceso', 'Cancelado', 'No se presentó'],
      'En espera': ['En proceso', 'Cancelado'],
      'En proceso': ['Completado', 'Cancelado'],
      // Informado is a médico's signature (server/informes/firmar.ts), never staff's choice.
      Completado: [],
      Informado: [],
      Cancelado: [],
      'No se presentó': [],
    })
    // Only a cita can be missed.
    expect(siguientesEstados('Programado', false)).not.toContain('No se presentó')
    expect(siguientesEstados('Programado', true)).toContain('No se presentó')
    expect(ESTADOS.filter(exigeCita)).toEqual(['No se presentó'])
    // A cita of another day does not arrive: it is cancelled, missed or moved instead.
    expect(siguientesEstados('Programado', true, true)).toEqual(['Cancelado', 'No se presentó'])
    // A walk-in Programado is today's by nature: the day does not apply to it.
    expect(siguientesEstados('Programado', false, true)).toContain('En espera')
    for (const final of ['Informado', 'Cancelado', 'No se presentó'] as Estado[])
      expect(PASOS.filter((p) => p.desde === final)).toEqual([])
  })

  it('deja que recepción marque como llegada solo una cita reservada, y que el equipo haga solo sus propios pasos', () => {
    expect(origenes('En espera', 'llegada')).toEqual(['Programado'])
    const equipo = Object.fromEntries(
      ESTADOS_MPPS.map((m) => [m, [HACIA_MPPS[m], origenes(HACIA_MPPS[m], 'equipo')]]),
    )
    expect(equipo).toEqual({
      'IN PROGRESS': ['En proceso', ['Programado', 'En espera']],
      COMPLETED: ['Completado', ['Programado', 'En espera', 'En proceso']],
      DISCONTINUED: ['En espera', ['En proceso']],
    })
    // Nobody but staff cancels or records a no-show.
    for (const hacia of ['Cancelado', 'Informado', 'No se presentó'] as Estado[]) {
      expect(origenes(hacia, 'equipo')).toEqual([])
      expect(origenes(hacia, 'llegada')).toEqual([])
    }
  })

  it('lleva a Informado solo la firma final de un informe desde Completado, o la validación del último resultado de laboratorio', () => {
    expect(PASOS.filter((p) => p.hacia === 'Informado')).toEqual([
      { desde: 'Completado', hacia: 'Informado', por: ['firma', 'validacion'] },
      { desde: 'En espera', hacia: 'Informado', por: ['validacion'] },
      { desde: 'En proceso', hacia: 'Informado', por: ['validacion'] },
    ])
    expect(origenes('Informado', 'personal')).toEqual([])
    expect(origenes('Informado', 'firma')).toEqual(['Completado'])
    expect(PASOS.filter((p) => p.por.includes('firma')).map((p) => p.hacia)).toEqual(['Informado'])
    expect(
      PASOS.filter((p) => p.por.includes('validacion')).every((p) => p.hacia === 'Informado'),
    ).toBe(true)
    // Receiving the first sample only starts the work of an atención that arrived.
    expect(PASOS.filter((p) => p.por.includes('muestra'))).toEqual([
      { desde: 'En espera', hacia: 'En proceso', por: ['personal', 'equipo', 'muestra'] },
    ])
  })
})
