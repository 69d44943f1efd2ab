// Informes against hostile content, through the real app on PostgreSQL: what a médico may paste
// into a draft is signed in a bounded time, with every character printed.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Informe } from '../shared/informes.js'
import { CONTRASENA_PRUEBA, createTestApp, type TestApp } from './test/app.js'
import { insertarAtencion, insertarPaciente } from './test/factories.js'

let t: TestApp
let medica: Record<string, string>
let dir: string

beforeAll(async () => {
  t = await createTestApp()
  medica = await t.login('medico')
  dir = mkdtempSync(join(tmpdir(), 'clinica-informe-hostil-'))
})
afterAll(() => t?.close())

const parrafo = (texto: string) => ({ tipo: 'parrafo' as const, tramos: [{ t: texto }] })

async function borradorCon(contenido: Record<string, unknown>): Promise<Informe> {
  const paciente = await insertarPaciente(t.db.sql, {
    primerNombre: 'Rosa',
    primerApellido: 'Quispe',
  })
  const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado' })
  const creado = (
    await t.app.inject({ method: 'POST', url: `/atenciones/${atencion}/informe`, headers: medica })
  ).json<Informe>()
  const res = await t.app.inject({
    method: 'PUT',
    url: `/informes/${creado.id}`,
    headers: { ...medica, 'if-match': `"${creado.revision}"` },
    payload: { contenido },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('firmar lo que se pegó en el borrador', () => {
  it('palabras de miles de caracteres sin espacios se firman en poco tiempo y se imprimen completas', async () => {
    // Nearly the whole informe's limit in six 10,000-character words (a pasted code or link): pdfkit
    // measured the rest of such a word again for each line it filled, seconds of a blocked server.
    const palabras = ['W', 'x', 'Ñ', 'm', '0', 'é'].map((c) => c.repeat(9_990))
    const informe = await borradorCon({
      hallazgos: palabras.slice(0, 3).map(parrafo),
      conclusion: [
        {
          tipo: 'parrafo',
          tramos: palabras.slice(3).map((p, i) => ({ t: p, n: i === 1 || undefined })),
        },
      ],
    })
    const inicio = performance.now()
    const res = await t.app.inject({
      method: 'POST',
      url: `/informes/${informe.id}/firmar`,
      headers: medica,
      payload: { contrasena: CONTRASENA_PRUEBA },
    })
    const ms = performance.now() - inicio
    expect(res.statusCode, res.body).toBe(200)
    expect(ms).toBeLessThan(4000)
    const pdf = await t.app.inject({ url: `/informes/${informe.id}/pdf`, headers: medica })
    writeFileSync(join(dir, 'largo.pdf'), pdf.rawPayload)
    const texto = execFileSync('pdftotext', [join(dir, 'largo.pdf'), '-']).toString()
    for (const c of ['W', 'x', 'Ñ', 'm', '0', 'é'])
      expect(texto.replace(/\s/g, '').split(c).length - 1, c).toBeGreaterThanOrEqual(9_990)
  }, 60_000)
})
