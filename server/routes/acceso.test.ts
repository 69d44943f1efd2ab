// A patient's access to their signed documents through the real app on PostgreSQL, without a
// session: the right code, a wrong one and an unknown document (same answer), an expired and a
// reissued code, the per-document and per-address limits, downloads without the cookie and with
// another patient's, no-store everywhere, and the audit record of each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITE_ACCESO, MENSAJES_ACCESO as M, type Acceso } from '../../shared/acceso.js'
import type { Informe } from '../../shared/informes.js'
import { CONTRASENA_PRUEBA, createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { capturar, secuenciales } from '../test/planes.js'

let t: TestApp
let medica: Record<string, string>
let recepcion: Record<string, string>
let siguiente = 10
const direccionNueva = () => `203.0.113.${siguiente++}`
let documentoSiguiente = 61234500
const documentoNuevo = () => String(documentoSiguiente++)

beforeAll(async () => {
  t = await createTestApp()
  medica = await t.login('medico')
  recepcion = await t.login('recepcion')
})
afterAll(() => t?.close())

/** What a browser sends from this site's own page (the server refuses cross-site writes). */
const MISMO_SITIO = { 'sec-fetch-site': 'same-origin' }

const parrafo = (texto: string) => ({ tipo: 'parrafo' as const, tramos: [{ t: texto }] })

/** A patient with one signed informe, and the code the desk issued for them. */
async function pacienteConInforme() {
  const documento = documentoNuevo()
  const id = await insertarPaciente(t.db.sql, { documento, primerNombre: 'Eustaquia' })
  const atencion = await insertarAtencion(t.db.sql, id, { estado: 'Completado', modalidad: 'RX' })
  const creado = (
    await t.app.inject({ method: 'POST', url: `/atenciones/${atencion}/informe`, headers: medica })
  ).json() as Informe
  const guardado = await t.app.inject({
    method: 'PUT',
    url: `/informes/${creado.id}`,
    headers: { ...medica, 'if-match': `"${creado.revision}"` },
    payload: {
      contenido: { hallazgos: [parrafo('Sin hallazgos.')], conclusion: [parrafo('Normal.')] },
    },
  })
  expect(guardado.statusCode, guardado.body).toBe(200)
  const firmado = await t.app.inject({
    method: 'POST',
    url: `/informes/${creado.id}/firmar`,
    headers: medica,
    payload: { contrasena: CONTRASENA_PRUEBA },
  })
  expect(firmado.statusCode, firmado.body).toBe(200)
  const codigo = await reemitir(id)
  return { id, documento, codigo, informeId: creado.id }
}

async function reemitir(id: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/pacientes/${id}/codigo-acceso`,
    headers: recepcion,
  })
  expect(res.statusCode, res.body).toBe(200)
  const { codigo } = res.json() as { codigo: string }
  expect(codigo).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/)
  return codigo
}

const acceder = (documento: string, codigo: string, remoteAddress = direccionNueva()) =>
  t.app.inject({
    method: 'POST',
    url: '/resultados/acceso',
    payload: { tipoDocumento: 'dni', documento, codigo },
    headers: MISMO_SITIO,
    remoteAddress,
  })

const cookieDe = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((k) => k.name === 'acceso_resultados')
  return c ? `acceso_resultados=${c.value}` : ''
}

const ultimos = (n: number) =>
  t.db.sql<
    {
      accion: string
      usuario: string | null
      direccion: string
      pacienteId: number | null
      detalle: Record<string, unknown>
    }[]
  >`
    select accion, usuario, direccion, paciente_id::int, detalle from auditoria order by id desc limit ${n}`

describe('POST /resultados/acceso', () => {
  it('con el código correcto (en minúsculas, sin guiones): el nombre de pila y los documentos, cookie corta, no-store y auditoría', async () => {
    const p = await pacienteConInforme()
    const dir = direccionNueva()
    const res = await acceder(p.documento, p.codigo.toLowerCase().replaceAll('-', ' '), dir)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json() as Acceso
    expect(body.nombre).toBe('Eustaquia')
    expect(body.documentos).toEqual([
      expect.objectContaining({
        tipo: 'informe',
        id: p.informeId,
        titulo: expect.stringMatching(/^Informe de /),
        reemplazadoEn: null,
        url: `/resultados/documentos/informe/${p.informeId}`,
      }),
    ])
    const cookie = res.cookies.find((c) => c.name === 'acceso_resultados')!
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/resultados',
      maxAge: 900,
    })
    const [e] = await ultimos(1)
    expect(e).toMatchObject({
      accion: 'resultados.accedido',
      usuario: null,
      direccion: dir,
      pacienteId: p.id,
    })

    const pdf = await t.app.inject({
      url: body.documentos[0]!.url,
      headers: { cookie: cookieDe(res) },
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['cache-control']).toBe('no-store')
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const [fila] = await t.db.sql<
      { pdf: Buffer }[]
    >`select pdf from informes where id = ${p.informeId}`
    expect(Buffer.compare(pdf.rawPayload, fila!.pdf)).toBe(0)
    const [d] = await ultimos(1)
    expect(d).toMatchObject({ accion: 'resultados.descargado', usuario: null, pacienteId: p.id })
    expect(d!.detalle).toMatchObject({ documento: 'informe', id: p.informeId })

    const salir = await t.app.inject({
      method: 'POST',
      url: '/resultados/salir',
      headers: { ...MISMO_SITIO, cookie: cookieDe(res) },
    })
    expect(salir.statusCode).toBe(204)
    const otra = await t.app.inject({
      url: body.documentos[0]!.url,
      headers: { cookie: cookieDe(res) },
    })
    expect(otra.statusCode).toBe(401)
  })

  it('código equivocado, documento desconocido y código mal formado: el mismo 401 con el mismo mensaje', async () => {
    const p = await pacienteConInforme()
    const otroCodigo = p.codigo.startsWith('A') ? 'B' + p.codigo.slice(1) : 'A' + p.codigo.slice(1)
    const respuestas = [
      await acceder(p.documento, otroCodigo),
      await acceder(documentoNuevo(), p.codigo),
      await acceder(p.documento, 'no-es-un-codigo'),
    ]
    for (const r of respuestas) {
      expect(r.statusCode).toBe(401)
      expect(r.headers['cache-control']).toBe('no-store')
      expect(r.json()).toEqual({ message: M.invalido })
      expect(r.cookies).toEqual([])
    }
    const eventos = await ultimos(3)
    expect(eventos.map((e) => [e.accion, e.detalle.motivo])).toEqual([
      ['resultados.acceso_fallido', 'codigo'],
      ['resultados.acceso_fallido', 'documento'],
      ['resultados.acceso_fallido', 'codigo'],
    ])
  })

  it('un código vencido o reemitido deja de servir', async () => {
    const p = await pacienteConInforme()
    const nuevo = await reemitir(p.id)
    expect((await acceder(p.documento, p.codigo)).statusCode).toBe(401)
    expect((await acceder(p.documento, nuevo)).statusCode).toBe(200)
    await t.db
      .sql`update codigos_acceso set emitido_en = now() - interval '91 days', vence_en = now() - interval '1 day'
      where paciente_id = ${p.id} and anulado_en is null`
    const vencido = await acceder(p.documento, nuevo)
    expect(vencido.statusCode).toBe(401)
    expect(vencido.json()).toEqual({ message: M.invalido })
    expect((await ultimos(1))[0]!.detalle.motivo).toBe('vencido')
  })

  it(`límite por documento: ${LIMITE_ACCESO.porDocumento} fallos y luego 429, aun con el código correcto`, async () => {
    const p = await pacienteConInforme()
    for (let i = 0; i < LIMITE_ACCESO.porDocumento; i++)
      expect((await acceder(p.documento, 'AAAA-AAAA-AAAA-AAAA')).statusCode).toBe(401)
    const res = await acceder(p.documento, p.codigo)
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect((await ultimos(1))[0]).toMatchObject({
      accion: 'resultados.acceso_limitado',
      pacienteId: p.id,
    })
  })

  it('veinte intentos a la vez para un documento: solo los primeros cuentan y el resto recibe 429', async () => {
    const p = await pacienteConInforme()
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, () => acceder(p.documento, 'AAAA-AAAA-AAAA-AAAA')),
    )
    const estados = respuestas.map((r) => r.statusCode).sort()
    expect(estados.filter((e) => e === 401)).toHaveLength(LIMITE_ACCESO.porDocumento)
    expect(estados.filter((e) => e === 429)).toHaveLength(20 - LIMITE_ACCESO.porDocumento)
    const [n] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from intentos_acceso where clave = ${'dni:' + p.documento}`
    expect(n!.n).toBe(LIMITE_ACCESO.porDocumento)
  })

  it('límite por dirección: una dirección que prueba muchos documentos recibe 429', async () => {
    const dir = direccionNueva()
    let n = 0
    let res
    do res = await acceder(documentoNuevo(), 'AAAA-AAAA-AAAA-AAAA', dir)
    while (res.statusCode === 401 && ++n < 100)
    expect(n).toBe(LIMITE_ACCESO.porDireccion)
    expect(res.statusCode).toBe(429)
  })

  it('ni un acierto ni un fallo recorren enteras las tablas de intentos, accesos y códigos', async () => {
    // Wrong tries of other documents pile up (up to a day); a patient's right code must not pay
    // for them: a full scan there made each access slower the more an attacker had tried.
    const p = await pacienteConInforme()
    const captura = capturar(t.db.sql)
    try {
      expect((await acceder(documentoNuevo(), p.codigo)).statusCode).toBe(401)
      expect((await acceder(p.documento, p.codigo)).statusCode).toBe(200)
      const sentencias = captura.tomar()
      expect(sentencias.some((s) => /delete from intentos_acceso/.test(s.texto))).toBe(true)
      for (const s of sentencias)
        expect(
          await secuenciales(t.db.sql, s, [
            'intentos_acceso',
            'accesos_resultados',
            'codigos_acceso',
            'pacientes',
          ]),
          s.texto,
        ).toEqual([])
    } finally {
      captura.soltar()
    }
  })

  it('entrada hostil: 400 en español, nunca un 500', async () => {
    for (const payload of [
      {},
      { tipoDocumento: 'x', documento: '1', codigo: '1' },
      { tipoDocumento: 'dni', documento: 'a'.repeat(500), codigo: 'x' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/resultados/acceso',
        headers: MISMO_SITIO,
        payload,
        remoteAddress: direccionNueva(),
      })
      expect(res.statusCode).toBe(400)
    }
  })
})

describe('el ticket', () => {
  it('lleva el código del paciente que no tenía uno, y ese código abre sus resultados', async () => {
    const documento = documentoNuevo()
    const id = await insertarPaciente(t.db.sql, { documento, primerNombre: 'Teodora' })
    const atencion = await insertarAtencion(t.db.sql, id, {})
    const res = await t.app.inject({ url: `/atenciones/${atencion}/ticket`, headers: recepcion })
    expect(res.statusCode, res.body).toBe(200)
    const { codigo } = (res.json() as { accesoResultados: { codigo: string } }).accesoResultados
    const acceso = await acceder(documento, codigo)
    expect(acceso.statusCode).toBe(200)
    expect(acceso.json()).toEqual({ nombre: 'Teodora', documentos: [] })
  })
})

describe('GET /resultados/documentos/:tipo/:id', () => {
  it('sin cookie, con una inventada o con la de otro paciente: ningún PDF', async () => {
    const a = await pacienteConInforme()
    const b = await pacienteConInforme()
    const url = `/resultados/documentos/informe/${a.informeId}`
    expect((await t.app.inject({ url })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url, headers: { cookie: 'acceso_resultados=inventada' } })).statusCode,
    ).toBe(401)
    const deB = await acceder(b.documento, b.codigo)
    const res = await t.app.inject({ url, headers: { cookie: cookieDe(deB) } })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('%PDF')
    expect(
      (
        await t.app.inject({
          url: '/resultados/documentos/otro/1',
          headers: { cookie: cookieDe(deB) },
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe('Configuración: vigencia del código', () => {
  it('un administrador la cambia y vale para los códigos que se emiten después; fuera de rango, 400', async () => {
    const admin = await t.login('admin')
    const url = '/configuracion/acceso-resultados'
    expect((await t.app.inject({ url, headers: admin })).json()).toEqual({ vigenciaDias: 90 })
    for (const vigenciaDias of [0, 3651, 'x'])
      expect(
        (await t.app.inject({ method: 'PUT', url, headers: admin, payload: { vigenciaDias } }))
          .statusCode,
      ).toBe(400)
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { vigenciaDias: 7 },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: recepcion, payload: { vigenciaDias: 9 } }))
        .statusCode,
    ).toBe(403)
    const id = await insertarPaciente(t.db.sql, { documento: documentoNuevo() })
    const emitido = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${id}/codigo-acceso`,
      headers: recepcion,
    })
    const { emitidoEn, venceEn } = emitido.json() as { emitidoEn: string; venceEn: string }
    expect(Date.parse(venceEn) - Date.parse(emitidoEn)).toBe(7 * 86_400_000)
    await t.app.inject({ method: 'PUT', url, headers: admin, payload: { vigenciaDias: 90 } })
  })
})
