// GET /atenciones/:id/muestras/etiquetas through the real app on PostgreSQL: the live samples'
// labels with the patient's name and document, each barcode read back by zbarimg, the printing
// audited; the refusals (no samples, not a LAB atención, a format that is not one) change nothing.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_MUESTRAS as M, type Muestra } from '../../shared/muestras.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { dniNuevo, insertarAtencion, insertarPaciente } from '../test/factories.js'

/** zbarimg's stdout only: it complains on stderr of a desktop bus no test has. */
const CALLADO: ['ignore', 'pipe', 'ignore'] = ['ignore', 'pipe', 'ignore']
let t: TestApp
let tecnologo: Record<string, string>
let dir: string

beforeAll(async () => {
  t = await createTestApp({ CLINIC_TZ: 'America/Lima' })
  tecnologo = await t.login('tecnologo')
  dir = mkdtempSync(join(tmpdir(), 'clinica-etiquetas-api-'))
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await t?.close()
})

async function atencion(
  modalidad = 'LAB',
  estudios = ['Hemograma completo', 'Glucosa'],
  documento = dniNuevo(),
) {
  const paciente = await insertarPaciente(t.db.sql, {
    documento,
    primerNombre: 'Rosa',
    segundoNombre: 'Elena',
    primerApellido: 'Quispe',
    segundoApellido: 'Mamani',
  })
  return insertarAtencion(t.db.sql, paciente, { modalidad, estudios, estado: 'En espera' })
}

const etiquetas = (id: number, formato: string) =>
  t.app.inject({
    url: `/atenciones/${id}/muestras/etiquetas?formato=${formato}`,
    headers: tecnologo,
  })

const impresiones = async () =>
  (
    await t.db.sql<
      [{ n: number }]
    >`select count(*)::int as n from auditoria where accion = 'muestras.etiquetas'`
  )[0].n

describe('etiquetas de una atención', () => {
  it('una por muestra viva, con el paciente, y cada código de barras se lee', async () => {
    const id = await atencion('LAB', ['Hemograma completo', 'Glucosa'], '45871236')
    const tomar = await t.app.inject({
      method: 'POST',
      url: `/atenciones/${id}/muestras`,
      headers: tecnologo,
    })
    const [edta, suero] = tomar.json<Muestra[]>()
    const rechazo = await t.app.inject({
      method: 'POST',
      url: `/muestras/${edta!.codigo}/rechazo`,
      headers: tecnologo,
      payload: { motivo: 'Coagulada' },
    })
    const nueva = rechazo.json<{ nueva: Muestra }>().nueva

    for (const formato of ['etiqueta', 'a4']) {
      const res = await etiquetas(id, formato)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      const archivo = join(dir, `${formato}.pdf`)
      writeFileSync(archivo, res.rawPayload)
      const texto = execFileSync('pdftotext', ['-layout', archivo, '-']).toString()
      expect(texto).toContain('Quispe Mamani, Rosa Elena')
      expect(texto).toContain('DNI 45871236')
      execFileSync('pdftoppm', ['-r', '300', '-png', archivo, join(dir, formato)])
      const leidos = readdirSync(dir)
        .filter((f) => f.startsWith(`${formato}-`) && f.endsWith('.png'))
        .flatMap((f) =>
          execFileSync('zbarimg', ['--raw', '-q', join(dir, f)], { stdio: CALLADO })
            .toString()
            .split('\n'),
        )
        .filter(Boolean)
        .sort()
      // The rejected sample's label is not printed again: its replacement's is.
      expect(leidos).toEqual([suero!.codigo, nueva.codigo].sort())
    }
    const [registro] = await t.db.sql<[{ usuario: string; detalle: Record<string, unknown> }]>`
      select usuario, detalle from auditoria where accion = 'muestras.etiquetas'
      order by id desc limit 1`
    expect(registro.usuario).toBe('prueba.tecnologo')
    expect(registro.detalle).toEqual({
      atencion: id,
      formato: 'a4',
      muestras: [suero!.id, nueva.id],
    })
  })

  it('sin muestras, de otra modalidad o en otro formato: un error claro y nada registrado', async () => {
    const antes = await impresiones()
    const sinMuestras = await etiquetas(await atencion(), 'etiqueta')
    expect(sinMuestras.statusCode).toBe(409)
    expect(sinMuestras.json().message).toBe(M.sinMuestras)
    const rx = await etiquetas(await atencion('RX', ['Tórax PA']), 'a4')
    expect(rx.statusCode).toBe(409)
    expect(rx.json().message).toBe(M.noLaboratorio)
    const formato = await etiquetas(await atencion(), 'carta')
    expect(formato.statusCode).toBe(400)
    expect(formato.json().errores[0].mensaje).toBe(
      'Formato no válido: use etiqueta (50×25 mm) o a4',
    )
    expect((await etiquetas(2_000_000_000, 'a4')).statusCode).toBe(404)
    expect(await impresiones()).toBe(antes)
    const medico = await t.login('medico')
    const id = await atencion()
    const res = await t.app.inject({
      url: `/atenciones/${id}/muestras/etiquetas?formato=a4`,
      headers: medico,
    })
    expect(res.statusCode).toBe(403)
  })
})
