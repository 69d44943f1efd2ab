// Informes the tests need signed: through the app (the médico opens, writes and signs with the
// password), or a final version inserted directly with chosen instants.
import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { Informe } from '../../shared/informes.js'
import type { Sql } from '../db.js'
import { CONTRASENA_PRUEBA, type TestApp } from './app.js'
import { insertarAtencion, insertarPaciente } from './factories.js'

const CONTENIDO = {
  hallazgos: [{ tipo: 'parrafo', tramos: [{ t: 'Neumotórax derecho a tensión.' }] }],
  conclusion: [{ tipo: 'parrafo', tramos: [{ t: 'Hallazgo crítico.' }] }],
}

/**
 * A completed study of a new patient, reported and signed final by the médico of `medico`, with
 * `hallazgoCritico` as asked. `completadoHaceHoras` sets when it reached Completado.
 */
export async function informeFirmado(
  t: TestApp,
  medico: Record<string, string>,
  o: {
    hallazgoCritico?: boolean
    modalidad?: string
    estudios?: string[]
    primerApellido?: string
    completadoHaceHoras?: number
    /** The atención's médico solicitante, printed on the PDF. */
    solicitanteId?: number
  } = {},
): Promise<Informe> {
  const paciente = await insertarPaciente(t.db.sql, {
    primerNombre: 'Rosa',
    primerApellido: o.primerApellido ?? 'Quispe',
  })
  // Inserted in Completado, so it was completed when it arrived (no ultimo_cambio_en).
  const horas = o.completadoHaceHoras ?? 0
  const atencion = await insertarAtencion(t.db.sql, paciente, {
    estado: 'Completado',
    modalidad: o.modalidad ?? 'RX',
    estudios: o.estudios ?? ['Tórax PA'],
    llegada: new Date(Date.now() - horas * 3_600_000).toISOString(),
  })
  if (o.solicitanteId)
    await t.db.sql`update atenciones set solicitante_id = ${o.solicitanteId} where id = ${atencion}`
  const abierto = await t.app.inject({
    method: 'POST',
    url: `/atenciones/${atencion}/informe`,
    headers: medico,
  })
  const { id, revision } = abierto.json<Informe>()
  const guardado = await t.app.inject({
    method: 'PUT',
    url: `/informes/${id}`,
    headers: { ...medico, 'if-match': `"${revision}"` },
    payload: { contenido: CONTENIDO },
  })
  expect(guardado.statusCode, guardado.body).toBe(200)
  const firmado = await t.app.inject({
    method: 'POST',
    url: `/informes/${id}/firmar`,
    headers: medico,
    payload: { contrasena: CONTRASENA_PRUEBA, hallazgoCritico: o.hallazgoCritico ?? false },
  })
  expect(firmado.statusCode, firmado.body).toBe(200)
  return firmado.json()
}

/** A final original inserted as signing leaves it, completed and signed at the given instants. */
export async function insertarInformeFinal(
  sql: Sql,
  o: { modalidad: string; completadoEn: string; firmadoEn: string },
): Promise<{ informe: number; atencion: number }> {
  const paciente = await insertarPaciente(sql)
  const atencion = await insertarAtencion(sql, paciente, {
    estado: 'Informado',
    modalidad: o.modalidad,
    llegada: o.completadoEn,
  })
  const [medico] = await sql<{ id: number }[]>`select id from usuarios order by id limit 1`
  const codigo = Array.from(
    randomBytes(10),
    (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32],
  ).join('')
  const [fila] = await sql<{ id: number }[]>`
    insert into informes (atencion_id, version, tipo, estado, contenido, firmado_por, firmado_en,
      firmante_nombre, firmante_colegiatura, completado_en, pdf, pdf_sha256, codigo)
    values (${atencion}, 1, 'original', 'final', '{}'::jsonb, ${medico!.id}, ${o.firmadoEn}::timestamptz,
      'Médica de Prueba', 'CMP 1', ${o.completadoEn}::timestamptz, decode('00', 'hex'), ${'0'.repeat(64)},
      ${codigo})
    returning id`
  return { informe: fila!.id, atencion }
}
