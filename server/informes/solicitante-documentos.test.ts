// The médico solicitante on the documents frozen from now on: the signed informe and the lab's
// result sheet print «Médico solicitante: Apellidos, Nombres — CMP 12345» (read back by poppler),
// one without a solicitante prints no such line, and a later correction of the physician never
// reaches a document already frozen: its bytes are served as they were.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MedicoSolicitante } from '../../shared/medico-solicitante.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { informeFirmado } from '../test/informes.js'
import { analitos, atencionLab, llamadas } from '../test/resultados.js'

let t: TestApp
let admin: Record<string, string>
let medica: Record<string, string>
let solicitante: MedicoSolicitante
const dir = mkdtempSync(join(tmpdir(), 'solicitante-'))

/** The PDF's text as pdftotext reads it, each line's runs of blanks as one space. */
function texto(pdf: Buffer): string {
  const archivo = join(dir, `${createHash('sha256').update(pdf).digest('hex')}.pdf`)
  writeFileSync(archivo, pdf)
  return execFileSync('pdftotext', ['-layout', archivo, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .join('\n')
}

const bajar = async (url: string) => {
  const res = await t.app.inject({ url, headers: medica })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}

/** An admin corrects the physician's surnames: documents frozen before keep the old ones. */
const renombrar = (apellidos: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/configuracion/medicos-solicitantes/${solicitante.id}`,
    headers: { ...admin, 'content-type': 'application/json' },
    payload: { apellidos },
  })

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  medica = await t.login('medico')
  const res = await t.app.inject({
    method: 'POST',
    url: '/medicos-solicitantes',
    headers: { ...t.headers, 'content-type': 'application/json' },
    payload: { nombres: 'Lucía', apellidos: 'Fernández Ruiz', cmp: '51234' },
  })
  solicitante = res.json()
}, 120_000)

afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('el médico solicitante en los documentos firmados', () => {
  it('el informe lo imprime; uno sin solicitante no; corregirlo después no cambia el firmado', async () => {
    const informe = await informeFirmado(t, medica, { solicitanteId: solicitante.id })
    const pdf = await bajar(`/informes/${informe.id}/pdf`)
    expect(texto(pdf)).toContain('Médico solicitante: Fernández Ruiz, Lucía — CMP 51234')
    const sin = await informeFirmado(t, medica)
    expect(texto(await bajar(`/informes/${sin.id}/pdf`))).not.toContain('Médico solicitante')

    expect((await renombrar('Fernández Ruiz de Castro')).statusCode).toBe(200)
    try {
      const otraVez = await bajar(`/informes/${informe.id}/pdf`)
      expect(otraVez.equals(pdf)).toBe(true)
      // One signed from now on prints the physician as they are now.
      const nuevo = await informeFirmado(t, medica, { solicitanteId: solicitante.id })
      expect(texto(await bajar(`/informes/${nuevo.id}/pdf`))).toContain(
        'Médico solicitante: Fernández Ruiz de Castro, Lucía — CMP 51234',
      )
    } finally {
      await renombrar('Fernández Ruiz')
    }
  })

  it('la hoja de resultados de laboratorio lo imprime, y queda como se validó', async () => {
    const api = llamadas(t)
    const ids = await analitos(t.db.sql)
    const { atencion } = await atencionLab(t.db.sql)
    await t.db.sql`update atenciones set solicitante_id = ${solicitante.id} where id = ${atencion}`
    const tec = await t.login('tecnologo')
    expect(
      (await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }])).statusCode,
    ).toBe(200)
    const validada = await api.validar(atencion, medica)
    expect(validada.statusCode, validada.body).toBe(200)
    const pdf = await bajar(`/atenciones/${atencion}/resultados/pdf`)
    expect(texto(pdf)).toContain('Médico solicitante: Fernández Ruiz, Lucía — CMP 51234')
    expect((await renombrar('Ruiz')).statusCode).toBe(200)
    try {
      expect((await bajar(`/atenciones/${atencion}/resultados/pdf`)).equals(pdf)).toBe(true)
    } finally {
      await renombrar('Fernández Ruiz')
    }
  })
})
