// Entregas through the real app on PostgreSQL and a real SMTP server started here: the desk records
// a printed copy (to whom, their document) with its audit record; an email the outbox sent and a
// patient's download are recorded by the server; the desk's list and the patient's own page show
// all three, the patient's without the desk's names and with the document masked. Bad input gets
// its Spanish message and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Acceso } from '../../shared/acceso.js'
import type { Correo } from '../../shared/correos.js'
import {
  MENSAJES_ENTREGAS as M,
  type Entrega,
  type EntregasPaciente,
} from '../../shared/entregas.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarInformeFinal } from '../test/informes.js'
import { servidorSmtp } from '../test/smtp.js'

let smtp: Awaited<ReturnType<typeof servidorSmtp>>
let t: TestApp
let medica: Record<string, string>

beforeAll(async () => {
  smtp = await servidorSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'avisos@clinica.test' })
  medica = await t.login('medico')
})
afterAll(async () => {
  await t?.close()
  await smtp?.cerrar()
})

/** What a browser sends from this site's own page (the server refuses cross-site writes). */
const MISMO_SITIO = { 'sec-fetch-site': 'same-origin' }
let direccion = 10

/** A patient with a signed informe, an email, and the document they enter /resultados with. */
async function pacienteConInforme() {
  const { informe, atencion } = await insertarInformeFinal(t.db.sql, {
    modalidad: 'RX',
    completadoEn: '2026-11-20T14:00:00Z',
    firmadoEn: '2026-11-20T15:30:00Z',
  })
  const [p] = await t.db.sql<{ id: number; documento: string }[]>`
    update pacientes set correo_electronico = 'eustaquia@correo.test'
    where id = (select paciente_id from atenciones where id = ${atencion})
    returning id, documento`
  return { pacienteId: p!.id, documento: p!.documento, informe }
}

const registrar = (pacienteId: number, body: unknown, headers = t.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/pacientes/${pacienteId}/entregas`,
    headers,
    payload: body as Record<string, unknown>,
  })

async function entregasDe(pacienteId: number): Promise<EntregasPaciente> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/pacientes/${pacienteId}/entregas`,
    headers: t.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as EntregasPaciente
}

/** The patient enters /resultados with a code the desk just issued; their answer and cookie. */
async function entrarComoPaciente(pacienteId: number, documento: string) {
  const emitido = await t.app.inject({
    method: 'POST',
    url: `/pacientes/${pacienteId}/codigo-acceso`,
    headers: t.headers,
  })
  expect(emitido.statusCode, emitido.body).toBe(200)
  const res = await t.app.inject({
    method: 'POST',
    url: '/resultados/acceso',
    payload: { tipoDocumento: 'dni', documento, codigo: emitido.json().codigo },
    headers: MISMO_SITIO,
    remoteAddress: `198.51.100.${direccion++}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  const c = res.cookies.find((k) => k.name === 'acceso_resultados')!
  return { acceso: res.json() as Acceso, cookie: `acceso_resultados=${c.value}` }
}

const filas = async () =>
  (await t.db.sql<{ n: number }[]>`select count(*)::int as n from entregas`)[0]!.n

const copia = (informe: number) => ({
  documento: 'informe',
  documentoId: informe,
  recibeNombre: '  Rosa   Quispe Huamán ',
  recibeTipoDocumento: 'dni',
  recibeDocumento: '4567 8912',
})

describe('Entregas de documentos firmados', () => {
  it('recepción registra una copia impresa: a quién y su documento, auditada, y el paciente la ve', async () => {
    const { pacienteId, documento, informe } = await pacienteConInforme()
    const res = await registrar(pacienteId, copia(informe))
    expect(res.statusCode, res.body).toBe(201)
    const e = res.json() as Entrega
    expect(e).toMatchObject({
      documento: 'informe',
      documentoId: informe,
      medio: 'impresa',
      recibeNombre: 'Rosa Quispe Huamán',
      recibeTipoDocumento: 'dni',
      recibeDocumento: '45678912',
      correo: null,
      registradoPor: expect.any(String),
    })

    const lista = await entregasDe(pacienteId)
    expect(lista.documentos.map((d) => [d.tipo, d.id])).toEqual([['informe', informe]])
    expect(lista.entregas).toEqual([e])

    const [evento] = await t.db.sql<{ detalle: unknown; usuario: string }[]>`
      select detalle, usuario from auditoria
      where paciente_id = ${pacienteId} and accion = 'entrega.registrada'`
    expect(evento).toEqual({
      detalle: { documento: 'informe', id: informe },
      usuario: 'prueba.recepcion',
    })

    // The patient's page: who took it, their document masked, nobody of the desk.
    const { acceso } = await entrarComoPaciente(pacienteId, documento)
    expect(acceso.documentos[0]!.entregas).toEqual([
      {
        medio: 'impresa',
        en: e.en,
        recibeNombre: 'Rosa Quispe Huamán',
        recibeDocumento: 'DNI ···· 8912',
        destinatario: null,
      },
    ])
    expect(JSON.stringify(acceso)).not.toContain('45678912')
    expect(JSON.stringify(acceso)).not.toContain(e.registradoPor!)
  })

  it('un correo enviado y una descarga del paciente quedan como entregas, en las dos listas', async () => {
    const { pacienteId, documento, informe } = await pacienteConInforme()
    const pedido = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${pacienteId}/correos`,
      headers: t.headers,
      payload: { documento: 'informe', documentoId: informe },
    })
    expect(pedido.statusCode, pedido.body).toBe(202)
    const correo = pedido.json() as Correo
    // The outbox sends it on its own; the entrega is written with «enviado».
    await expect
      .poll(async () => (await entregasDe(pacienteId)).entregas.map((x) => x.medio), {
        timeout: 5000,
      })
      .toEqual(['correo'])
    const [sentido] = await t.db.sql<{ estado: string; enviadoEn: Date }[]>`
      select estado, enviado_en from correos where id = ${correo.id}`
    expect(sentido!.estado).toBe('enviado')
    expect((await entregasDe(pacienteId)).entregas[0]).toMatchObject({
      medio: 'correo',
      correo: 'eustaquia@correo.test',
      destinatario: 'paciente',
      en: sentido!.enviadoEn.toISOString(),
    })

    const { acceso, cookie } = await entrarComoPaciente(pacienteId, documento)
    const doc = acceso.documentos[0]!
    expect(doc.entregas.map((x) => x.medio)).toEqual(['correo'])
    const pdf = await t.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { cookie },
      remoteAddress: '198.51.100.200',
    })
    expect(pdf.statusCode).toBe(200)
    const [bajada] = await t.db.sql<{ direccion: string; usuarioId: number | null }[]>`
      select direccion, usuario_id from entregas
      where documento_id = ${informe} and medio = 'descarga'`
    expect(bajada).toEqual({ direccion: '198.51.100.200', usuarioId: null })
    expect((await entregasDe(pacienteId)).entregas.map((x) => x.medio)).toEqual([
      'descarga',
      'correo',
    ])

    // The patient's page reads its list again with the cookie and sees the download.
    const otraVez = await t.app.inject({
      method: 'GET',
      url: '/resultados/documentos',
      headers: { cookie },
    })
    expect(otraVez.statusCode, otraVez.body).toBe(200)
    expect(otraVez.headers['cache-control']).toBe('no-store')
    const leido = otraVez.json() as Acceso
    expect(leido.nombre).toBe(acceso.nombre)
    expect(leido.documentos[0]!.entregas.map((x) => x.medio)).toEqual(['descarga', 'correo'])
    expect((await t.app.inject({ method: 'GET', url: '/resultados/documentos' })).statusCode).toBe(
      401,
    )
  })

  it('datos malos, un documento ajeno o un rol sin permiso: mensaje en español y nada guardado', async () => {
    const { pacienteId, informe } = await pacienteConInforme()
    const otro = await pacienteConInforme()
    const antes = await filas()
    const casos: [Record<string, unknown>, number, string, string][] = [
      [{ recibeNombre: '' }, 400, 'recibeNombre', 'Campo requerido'],
      [{ recibeNombre: 'Rosa' }, 400, 'recibeNombre', M.nombreRecibe],
      [
        { recibeNombre: 'Rosa 123' },
        400,
        'recibeNombre',
        'Solo letras, espacios, apóstrofos y guiones',
      ],
      [
        { recibeNombre: 'Rosa\u0000 Quispe' },
        400,
        'recibeNombre',
        'Contiene caracteres no permitidos',
      ],
      [{ recibeTipoDocumento: 'libreta' }, 400, 'recibeTipoDocumento', M.tipoDocumento],
      [{ recibeDocumento: '1234' }, 400, 'recibeDocumento', 'El DNI debe tener 8 dígitos'],
      [{ recibeDocumento: '' }, 400, 'recibeDocumento', 'Campo requerido'],
    ]
    for (const [cambio, estado, campo, mensaje] of casos) {
      const res = await registrar(pacienteId, { ...copia(informe), ...cambio })
      expect(res.statusCode, JSON.stringify(cambio)).toBe(estado)
      expect(res.json().errores, JSON.stringify(cambio)).toContainEqual({ campo, mensaje })
    }
    const ajeno = await registrar(pacienteId, copia(otro.informe))
    expect(ajeno.statusCode).toBe(404)
    expect(ajeno.json().message).toBe(M.documentoNoEncontrado)
    const sinPaciente = await registrar(999_999_999, copia(informe))
    expect(sinPaciente.statusCode).toBe(404)
    const tipoMalo = await registrar(pacienteId, { ...copia(informe), documento: 'receta' })
    expect(tipoMalo.statusCode).toBe(400)
    const medico = await registrar(pacienteId, copia(informe), medica)
    expect(medico.statusCode).toBe(403)
    expect(await filas()).toBe(antes)
  })
})
