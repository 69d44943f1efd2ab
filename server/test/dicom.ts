// What the DICOM tests share: a test app with its DICOM service on a free port of 127.0.0.1, a sala
// registered as the calling equipment, and published atenciones written straight to the database.
import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Modalidad } from '../../shared/catalogos.js'
import { createTestApp, type TestApp } from './app.js'
import { crearPaciente } from './factories.js'
import { llamarDicom, type Respuesta } from '../dicom/cliente-dimse.js'
import { iniciarDicom } from '../dicom/servidor.js'

// Never execFileSync: the DICOM server runs in this same process and would never answer.
export const ejecutar = promisify(execFile)

/**
 * DCMTK's findscu -W as `llamante`, to the worklist server on `puerto` of 127.0.0.1, with the keys
 * `claves` (`-k`); each answer is written to `dir`. The answers' files, in name order.
 */
export async function findscuWorklist(
  puerto: number,
  llamante: string,
  claves: readonly string[],
  dir: string,
): Promise<string[]> {
  await ejecutar('findscu', [
    '-W',
    ...['-aet', llamante, '-aec', 'CLINICA'],
    ...claves.flatMap((k) => ['-k', k]),
    ...['-X', '-od', dir, '127.0.0.1', String(puerto)],
  ])
  return (await readdir(dir)).sort().map((a) => join(dir, a))
}

export interface PruebaDicom {
  t: TestApp
  admin: Record<string, string>
  puerto: number
  /** Calls as `llamante` (the first registered sala's AE title unless given). */
  llamar(peticion: Parameters<typeof llamarDicom>[1], llamante?: string): Promise<Respuesta>
  /** The sala of `modalidad` in Lima, registered with that AE title and 127.0.0.1. */
  registrarSala(modalidad: Modalidad, aeTitle: string): Promise<number>
  /** A published atención in the sala (null: none, a walk-in), arriving now (registered at the desk). */
  atencion(
    salaId: number | null,
    pacienteId: number,
    cambios?: { estado?: string; modalidad?: Modalidad },
  ): Promise<number>
  paciente(cambios?: Parameters<typeof crearPaciente>[1]): Promise<number>
  /** A médico solicitante added through the API, named by the atenciones `atenciones`. */
  solicitante(
    m: { nombres: string; apellidos: string; cmp: string },
    ...atenciones: number[]
  ): Promise<number>
  cerrar(): Promise<void>
}

export async function prepararDicom(): Promise<PruebaDicom> {
  const t = await createTestApp()
  const admin = await t.login('admin')
  const dicom = await iniciarDicom({
    config: { ...t.config, dicomPort: 0, dicomHost: '127.0.0.1' },
    sql: t.db.sql,
    log: t.app.log,
  })
  const puerto = dicom!.puerto
  let primeraAe = ''
  return {
    t,
    admin,
    puerto,
    llamar: (peticion, llamante = primeraAe) =>
      llamarDicom({ host: '127.0.0.1', port: puerto, llamante, llamado: 'CLINICA' }, peticion),
    async registrarSala(modalidad, aeTitle) {
      const [sala] = await t.db.sql<{ id: number }[]>`
        select id from salas where sede = 'Lima' and modalidad = ${modalidad} order by id limit 1`
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/configuracion/salas/${sala!.id}`,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: { aeTitle, direccion: '127.0.0.1' },
      })
      if (res.statusCode !== 200) throw new Error(`registrarSala: ${res.statusCode} ${res.body}`)
      primeraAe ||= aeTitle
      return sala!.id
    },
    async atencion(salaId, pacienteId, cambios = {}) {
      const [fila] = await t.db.sql<{ id: number }[]>`
        insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada, sala_id)
        values (${pacienteId}, 'Lima', ${cambios.modalidad ?? 'RX'}, ${['Tórax PA']}::text[],
          ${cambios.estado ?? 'En espera'}, 'Ambulatorio', 'Rutina', now(), ${salaId})
        returning id`
      return fila!.id
    },
    paciente: async (cambios) => (await crearPaciente(t, cambios)).id,
    async solicitante(m, ...atenciones) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/medicos-solicitantes',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: m,
      })
      if (res.statusCode !== 201) throw new Error(`solicitante: ${res.statusCode} ${res.body}`)
      const { id } = res.json<{ id: number }>()
      await t.db.sql`update atenciones set solicitante_id = ${id} where id = any(${atenciones})`
      return id
    },
    async cerrar() {
      await dicom?.cerrar()
      await t.close()
    },
  }
}
