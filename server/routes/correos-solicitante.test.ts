// Emails to an atención's médico solicitante through the real app on PostgreSQL and a real SMTP
// server started here: the message links to the document and names neither the patient nor the
// study; the database keeps the link's hash, and its token only until the email leaves; the link
// opens the same PDF without a session until it expires, each open audited and listed among the
// entregas (the patient's page says it was their physician); a wrong or expired link is one 404;
// without a solicitante or their email nothing is stored.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Acceso } from '../../shared/acceso.js'
import { MENSAJES_CORREOS as M, type Correo } from '../../shared/correos.js'
import type { EntregasPaciente } from '../../shared/entregas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarInformeFinal } from '../test/informes.js'
import { servidorSmtp, textoDe } from '../test/smtp.js'

let smtp: Awaited<ReturnType<typeof servidorSmtp>>
let t: TestApp
let cmp = 70001

beforeAll(async () => {
  smtp = await servidorSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'avisos@clinica.test' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.cerrar()
})

/** A signed informe whose atención names a solicitante (with `correo`, or none); the patient's id. */
async function informeConSolicitante(correo: string | null, conSolicitante = true) {
  const { informe, atencion } = await insertarInformeFinal(t.db.sql, {
    modalidad: 'RX',
    completadoEn: '2026-11-20T14:00:00Z',
    firmadoEn: '2026-11-20T15:30:00Z',
  })
  if (conSolicitante) {
    const [m] = await t.db.sql<{ id: number }[]>`
      insert into medicos_solicitantes (nombres, apellidos, cmp, correo)
      values ('Lucía', 'Fernández Ruiz', ${String(cmp++)}, ${correo}) returning id`
    await t.db.sql`update atenciones set solicitante_id = ${m!.id} where id = ${atencion}`
  }
  const [p] = await t.db.sql<{ id: number; documento: string }[]>`
    select p.id, p.documento from atenciones a join pacientes p on p.id = a.paciente_id
    where a.id = ${atencion}`
  return { pacienteId: p!.id, documento: p!.documento, informe }
}

const pedir = (pacienteId: number, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/pacientes/${pacienteId}/correos`,
    headers: t.headers,
    payload: body,
  })

const abrir = (enlace: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'GET', url: new URL(enlace).pathname, remoteAddress })

const filas = async () =>
  (
    await t.db.sql<{ n: number }[]>`
      select (select count(*) from correos) + (select count(*) from entregas) as n`
  )[0]!.n

describe('Correo al médico solicitante', () => {
  it('lleva un enlace al documento sin nombrar al paciente; el enlace abre el PDF hasta vencer', async () => {
    const { pacienteId, documento, informe } = await informeConSolicitante(
      'lucia.fernandez@medicos.test',
    )
    const antes = smtp.recibidos.length
    const res = await pedir(pacienteId, {
      documento: 'informe',
      documentoId: informe,
      destinatario: 'solicitante',
    })
    expect(res.statusCode, res.body).toBe(202)
    const c = res.json() as Correo
    expect(c).toMatchObject({ destinatario: 'solicitante', correo: 'lucia.fernandez@medicos.test' })
    await expect.poll(() => smtp.recibidos.length, { timeout: 5000 }).toBe(antes + 1)
    const recibido = smtp.recibidos[antes]!
    expect(recibido.para).toEqual(['lucia.fernandez@medicos.test'])
    const texto = textoDe(recibido)
    expect(texto).toContain('Fernández Ruiz, Lucía')
    const enlace = texto.match(/https?:\/\/\S+\/resultados\/enlace\/[A-Za-z0-9_-]{43}/)?.[0]
    expect(enlace, texto).toBeDefined()
    expect(enlace!.startsWith(`${t.config.publicUrl}/resultados/enlace/`)).toBe(true)
    const [paciente] = await t.db.sql<{ apellido: string }[]>`
      select primer_apellido as apellido from pacientes where id = ${pacienteId}`
    // Outside the link (random letters may spell anything): nothing of the patient or the study.
    const sinEnlace = texto.replace(enlace!, '')
    for (const dato of [paciente!.apellido, documento, 'RX', 'Rayos', 'Tórax'])
      expect(sinEnlace).not.toContain(dato)

    // Stored: the hash; the token itself is gone once the email left.
    const token = enlace!.split('/').pop()!
    await expect
      .poll(async () => (await t.db.sql`select estado from correos where id = ${c.id}`)[0]!.estado)
      .toBe('enviado')
    const [fila] = await t.db.sql<{ hash: Buffer; token: string | null; texto: string }[]>`
      select enlace_hash as hash, enlace_token as token, texto from correos where id = ${c.id}`
    expect(fila!.token).toBeNull()
    expect(fila!.hash.equals(createHash('sha256').update(token).digest())).toBe(true)
    expect(fila!.texto).not.toContain(token)
    expect(fila!.texto).toContain('{{enlace}}')

    // Opened without a session: the informe's bytes, not cached, audited, an entrega.
    const pdf = await abrir(enlace!)
    expect(pdf.statusCode, pdf.body).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['cache-control']).toBe('no-store')
    const [guardado] = await t.db.sql<
      { pdf: Buffer }[]
    >`select pdf from informes where id = ${informe}`
    expect(pdf.rawPayload.equals(guardado!.pdf)).toBe(true)
    const [evento] = await t.db.sql<{ detalle: Record<string, unknown>; direccion: string }[]>`
      select detalle, direccion from auditoria
      where paciente_id = ${pacienteId} and accion = 'resultados.descargado'`
    expect(evento).toEqual({
      detalle: { documento: 'informe', id: informe, version: 1, por: 'solicitante' },
      direccion: '198.51.100.7',
    })
    const lista = await t.app.inject({
      method: 'GET',
      url: `/pacientes/${pacienteId}/entregas`,
      headers: t.headers,
    })
    expect((lista.json() as EntregasPaciente).entregas).toMatchObject([
      { medio: 'descarga', destinatario: 'solicitante', correo: 'lucia.fernandez@medicos.test' },
      { medio: 'correo', destinatario: 'solicitante' },
    ])

    // The patient's page says it was their physician.
    const emitido = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${pacienteId}/codigo-acceso`,
      headers: t.headers,
    })
    const acceso = await t.app.inject({
      method: 'POST',
      url: '/resultados/acceso',
      payload: { tipoDocumento: 'dni', documento, codigo: emitido.json().codigo },
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(acceso.statusCode, acceso.body).toBe(200)
    const doc = (acceso.json() as Acceso).documentos[0]!
    expect(doc.entregas.map((e) => [e.medio, e.destinatario])).toEqual([
      ['descarga', 'solicitante'],
      ['correo', 'solicitante'],
    ])
    expect(JSON.stringify(acceso.json())).not.toContain('Fernández')

    // Expired: the same answer as a link that never was.
    await t.db
      .sql`update correos set enlace_vence_en = now() - interval '1 second' where id = ${c.id}`
    const vencido = await abrir(enlace!)
    const inventado = await abrir(`${t.config.publicUrl}/resultados/enlace/${'A'.repeat(43)}`)
    // Hostile: odd characters, encoded slashes, quotes. The same 404, never a 500 or a page; a
    // path too long for the router gets its own Spanish 414.
    const largo = await t.app.inject({
      method: 'GET',
      url: `/resultados/enlace/${'A'.repeat(5000)}`,
    })
    expect(largo.statusCode).toBe(414)
    expect(largo.json().message).toBe('Ruta demasiado larga')
    const hostiles = await Promise.all(
      ['%00%2F..%2F', "'; drop table correos; --", '🙂'.repeat(30)].map((x) =>
        t.app.inject({ method: 'GET', url: `/resultados/enlace/${x}` }),
      ),
    )
    for (const r of hostiles) {
      expect(r.statusCode, r.body.slice(0, 200)).toBe(404)
      expect(r.headers['content-type']).toMatch(/json/)
    }
    for (const r of [vencido, inventado]) {
      expect(r.statusCode).toBe(404)
      expect(r.json().message).toBe(M.enlaceInvalido)
      expect(r.headers['cache-control']).toBe('no-store')
    }
  })

  it('sin médico solicitante, o sin su correo, un 409 que lo dice y nada guardado', async () => {
    const sinMedico = await informeConSolicitante(null, false)
    const sinCorreo = await informeConSolicitante(null)
    const antes = await filas()
    const a = await pedir(sinMedico.pacienteId, {
      documento: 'informe',
      documentoId: sinMedico.informe,
      destinatario: 'solicitante',
    })
    expect(a.statusCode).toBe(409)
    expect(a.json().message).toBe(M.sinSolicitante)
    const b = await pedir(sinCorreo.pacienteId, {
      documento: 'informe',
      documentoId: sinCorreo.informe,
      destinatario: 'solicitante',
    })
    expect(b.statusCode).toBe(409)
    expect(b.json().message).toBe(M.solicitanteSinCorreo)
    const c = await pedir(sinCorreo.pacienteId, {
      documento: 'informe',
      documentoId: sinCorreo.informe,
      destinatario: 'medico',
    })
    expect(c.statusCode).toBe(400)
    expect(await filas()).toBe(antes)
  })

  it('el enlace se limita por dirección como el acceso del paciente', async () => {
    const direccion = '198.51.100.99'
    let ultimo = 0
    for (let i = 0; i < 25 && ultimo !== 429; i++)
      ultimo = (await abrir(`${t.config.publicUrl}/resultados/enlace/${'B'.repeat(43)}`, direccion))
        .statusCode
    expect(ultimo).toBe(429)
  })
})
