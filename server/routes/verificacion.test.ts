// Checking a printed document through the real app on PostgreSQL, without a session: a signed
// informe and the one a correction replaced, a result sheet's first and later versions and a
// partial one, codes typed in any case with or without the dash, unknown and malformed codes, the
// first QRs' /verificar address, the answer never cached and never naming the patient, the audit
// record of each verification and the per-address limit.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Informe } from '../../shared/informes.js'
import type { ResultadosAtencion } from '../../shared/resultados.js'
import {
  LIMITE_VERIFICACION,
  MENSAJES_VERIFICACION as M,
  type DocumentoVerificado,
} from '../../shared/verificacion.js'
import { CONTRASENA_PRUEBA, createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { analitos, atencionLab, llamadas, type Llamadas } from '../test/resultados.js'

let t: TestApp
let medica: Record<string, string>
let tec: Record<string, string>
let ids: Record<string, number>
let api: Llamadas

/** Each test asks from an address of its own, so none spends another's limit. */
let siguiente = 10
const direccionNueva = () => `198.51.100.${siguiente++}`

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://resultados.clinica.example' })
  medica = await t.login('medico')
  tec = await t.login('tecnologo')
  ids = await analitos(t.db.sql)
  api = llamadas(t)
  await t.db.sql`update clinica set nombre = 'Clínica Santa Rosa de Prueba'`
})
afterAll(() => t?.close())

/** Who the tests' documents belong to: nothing of this may reach an answer. */
const PACIENTE = {
  primerNombre: 'Eustaquia',
  segundoNombre: 'Filomena',
  primerApellido: 'Quispecahuana',
  segundoApellido: 'Huamanñahui',
}
/** Each patient's own document number, every one of them kept out of every answer. */
const documentos: string[] = []
const documentoNuevo = () => {
  documentos.push(String(48213957 + documentos.length))
  return documentos.at(-1)!
}

const verificar = (codigo: string, remoteAddress: string, accept = 'application/json') =>
  t.app.inject({ url: `/v/${codigo}`, headers: { accept }, remoteAddress })

const parrafo = (texto: string) => ({ tipo: 'parrafo' as const, tramos: [{ t: texto }] })
const CONTENIDO = {
  hallazgos: [parrafo('Nódulo pulmonar de 8 mm en el lóbulo superior derecho.')],
  conclusion: [parrafo('Hallazgo que requiere control.')],
}

/** An informe of a new patient, opened, written and signed by the médica. */
async function informeFirmado(modalidad = 'RX'): Promise<Informe> {
  const paciente = await insertarPaciente(t.db.sql, { ...PACIENTE, documento: documentoNuevo() })
  const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado', modalidad })
  const creado = (
    await t.app.inject({ method: 'POST', url: `/atenciones/${atencion}/informe`, headers: medica })
  ).json() as Informe
  return firmar(creado)
}

async function firmar(borrador: Informe): Promise<Informe> {
  const guardado = await t.app.inject({
    method: 'PUT',
    url: `/informes/${borrador.id}`,
    headers: { ...medica, 'if-match': `"${borrador.revision}"` },
    payload: { contenido: CONTENIDO },
  })
  expect(guardado.statusCode, guardado.body).toBe(200)
  const res = await t.app.inject({
    method: 'POST',
    url: `/informes/${borrador.id}/firmar`,
    headers: medica,
    payload: { contrasena: CONTRASENA_PRUEBA },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The whole answer, then that it says nothing of whose document it is. */
function sinDatosDelPaciente(body: string) {
  for (const dato of [...Object.values(PACIENTE), ...documentos]) expect(body).not.toContain(dato)
  for (const clave of ['paciente', 'atencion', 'documento', 'nombre', 'firmante'])
    expect(body).not.toContain(clave)
  const json = JSON.parse(body) as Record<string, unknown>
  expect(Object.keys(json).sort()).toEqual(
    [
      'valido',
      'codigo',
      'clinica',
      'tipo',
      'titulo',
      'parcial',
      'version',
      'emitidoEn',
      'sha256',
      'reemplazadoEn',
    ].sort(),
  )
}

/** The last verification's audit record. */
async function ultimaVerificacion() {
  const [e] = await t.db.sql<
    {
      accion: string
      usuarioId: number | null
      usuario: string | null
      direccion: string
      pacienteId: string | null
      detalle: Record<string, unknown>
    }[]
  >`select accion, usuario_id, usuario, direccion, paciente_id, detalle from auditoria
    where accion like 'documento.%' order by id desc limit 1`
  return e!
}

describe('un informe firmado', () => {
  it('responde válido, la clínica, el tipo, cuándo, la versión y el SHA-256 del PDF, sin sesión ni caché', async () => {
    const informe = await informeFirmado()
    const pdf = await t.app.inject({ url: `/informes/${informe.id}/pdf`, headers: medica })
    const sha = createHash('sha256').update(pdf.rawPayload).digest('hex')
    const desde = direccionNueva()
    const res = await verificar(informe.codigo!, desde)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.vary).toContain('Accept')
    expect(res.headers['set-cookie']).toBeUndefined()
    const d = res.json() as DocumentoVerificado
    expect(d).toEqual({
      valido: true,
      codigo: `${informe.codigo!.slice(0, 5)}-${informe.codigo!.slice(5)}`,
      clinica: 'Clínica Santa Rosa de Prueba',
      tipo: 'informe',
      titulo: 'Informe de DX (RX)',
      parcial: false,
      version: 1,
      emitidoEn: informe.firma!.en,
      sha256: sha,
      reemplazadoEn: null,
    })
    sinDatosDelPaciente(res.body)

    const e = await ultimaVerificacion()
    expect(e).toMatchObject({
      accion: 'documento.verificado',
      usuarioId: null,
      usuario: null,
      direccion: desde,
      pacienteId: String(informe.estudio.pacienteId),
      detalle: { codigo: informe.codigo, documento: 'informe', id: informe.id, version: 1 },
    })
  })

  it('el código se acepta en minúsculas, con guion o espacios; un navegador recibe la página', async () => {
    const informe = await informeFirmado('Eco')
    const c = informe.codigo!
    const desde = direccionNueva()
    for (const forma of [
      c.toLowerCase(),
      `${c.slice(0, 5)}-${c.slice(5)}`,
      `${c.slice(0, 5).toLowerCase()}-${c.slice(5)}`,
      `${c.slice(0, 5)}%20${c.slice(5)}`,
    ]) {
      const res = await verificar(forma, desde)
      expect(res.statusCode, forma).toBe(200)
      expect(res.json()).toMatchObject({ titulo: 'Informe de Eco (US)', valido: true })
    }
    const pagina = await verificar(c, desde, 'text/html,application/xhtml+xml,*/*;q=0.8')
    expect(pagina.statusCode).toBe(200)
    expect(pagina.headers['content-type']).toContain('text/html')
    expect(pagina.body).not.toContain(PACIENTE.primerApellido)
  })

  it('uno reemplazado por una corrección lo dice, con cuándo; la corrección es la versión 2', async () => {
    const base = await informeFirmado()
    const abierta = await t.app.inject({
      method: 'POST',
      url: `/informes/${base.id}/correccion`,
      headers: medica,
      payload: { motivo: 'Lateralidad equivocada' },
    })
    expect(abierta.statusCode, abierta.body).toBe(201)
    const desde = direccionNueva()
    // While the correction is a draft, the signed version is still the latest.
    expect((await verificar(base.codigo!, desde)).json().reemplazadoEn).toBeNull()
    const correccion = await firmar(abierta.json())
    const viejo = (await verificar(base.codigo!, desde)).json() as DocumentoVerificado
    expect(viejo).toMatchObject({ valido: true, version: 1, reemplazadoEn: correccion.firma!.en })
    const nuevo = await verificar(correccion.codigo!, desde)
    expect(nuevo.json()).toMatchObject({
      titulo: 'Corrección del informe de DX (RX)',
      version: 2,
      reemplazadoEn: null,
      sha256: correccion.sha256,
    })
    sinDatosDelPaciente(nuevo.body)
  })
})

describe('la hoja de resultados', () => {
  it('la parcial lo dice; al emitirse la versión 2, la 1 queda reemplazada y la 2 vigente', async () => {
    const { atencion, paciente } = await atencionLab(t.db.sql, {
      estudios: ['Glucosa', 'Perfil lipídico'],
    })
    await t.db.sql`update pacientes set primer_nombre = ${PACIENTE.primerNombre},
      primer_apellido = ${PACIENTE.primerApellido}, documento = ${documentoNuevo()}
      where id = ${paciente}`
    await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }])
    const v1 = (await api.validar(atencion, medica)).json() as ResultadosAtencion
    expect(v1.hoja).toMatchObject({ version: 1, parcial: true })
    const desde = direccionNueva()
    const parcial = await verificar(v1.hoja!.codigo, desde)
    expect(parcial.json()).toEqual({
      valido: true,
      codigo: `${v1.hoja!.codigo.slice(0, 5)}-${v1.hoja!.codigo.slice(5)}`,
      clinica: 'Clínica Santa Rosa de Prueba',
      tipo: 'resultados',
      titulo: 'Resultados de laboratorio',
      parcial: true,
      version: 1,
      emitidoEn: v1.hoja!.creadoEn,
      sha256: v1.hoja!.sha256,
      reemplazadoEn: null,
    })
    sinDatosDelPaciente(parcial.body)
    expect(await ultimaVerificacion()).toMatchObject({
      pacienteId: String(paciente),
      detalle: { documento: 'resultados', version: 1 },
    })

    await api.guardar(atencion, tec, [
      { analitoId: ids.COL!, valor: 180 },
      { analitoId: ids.HDL!, valor: 55 },
      { analitoId: ids.TRI!, valor: 120 },
    ])
    const v2 = (await api.validar(atencion, medica)).json() as ResultadosAtencion
    expect(v2.hoja).toMatchObject({ version: 2, parcial: false })
    const viejo = (await verificar(v1.hoja!.codigo, desde)).json() as DocumentoVerificado
    expect(viejo).toMatchObject({ version: 1, parcial: true, reemplazadoEn: v2.hoja!.creadoEn })
    const nuevo = (await verificar(v2.hoja!.codigo, desde)).json() as DocumentoVerificado
    expect(nuevo).toMatchObject({
      version: 2,
      parcial: false,
      reemplazadoEn: null,
      sha256: v2.hoja!.sha256,
    })
  })
})

describe('un código que no es de ningún documento', () => {
  it('desconocido o mal formado: 404 en español, sin caché, y queda en la auditoría', async () => {
    const desde = direccionNueva()
    for (const codigo of [
      'ABCDE-FGHJK', // well formed, names nothing
      'abc',
      'ABCDE-FGHJ1', // a 1 is never in a code
      'ABCDEFGHJKL',
      '%00%27%20or%201%3D1--',
      'x'.repeat(90),
      '%E2%9C%93',
    ]) {
      const res = await verificar(codigo, desde)
      expect(res.statusCode, codigo).toBe(404)
      expect(res.json(), codigo).toEqual({ message: M.noEncontrado })
      expect(res.headers['cache-control']).toBe('no-store')
    }
    const e = await ultimaVerificacion()
    expect(e).toMatchObject({ accion: 'documento.verificado', direccion: desde, pacienteId: null })
    expect(e.detalle.encontrado).toBe(false)
    const [cuenta] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria
      where accion = 'documento.verificado' and direccion = ${desde}`
    expect(cuenta!.n).toBe(7)
    // The page for a person says the same.
    const pagina = await verificar('ABCDE-FGHJK', desde, 'text/html')
    expect(pagina.headers['content-type']).toContain('text/html')
  })

  it('un borrador no tiene código que verificar', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado' })
    const creado = (
      await t.app.inject({
        method: 'POST',
        url: `/atenciones/${atencion}/informe`,
        headers: medica,
      })
    ).json() as Informe
    expect(creado.codigo).toBeNull()
  })
})

describe('la dirección de los primeros QR', () => {
  it('/verificar/:codigo redirige a /v/:codigo, para un programa y para un navegador', async () => {
    const informe = await informeFirmado()
    for (const accept of ['application/json', 'text/html']) {
      const res = await t.app.inject({
        url: `/verificar/${informe.codigo}`,
        headers: { accept },
        remoteAddress: direccionNueva(),
      })
      expect(res.statusCode, accept).toBe(301)
      expect(res.headers.location).toBe(`/v/${informe.codigo}`)
    }
    const rara = await t.app.inject({ url: '/verificar/a%2F..%2Fsesion' })
    expect(rara.statusCode).toBe(301)
    expect(rara.headers.location).toBe('/v/a%2F..%2Fsesion')
  })

  it('los PDF nuevos llevan /v/<código> en su QR y el código en grupos de cinco', async () => {
    const informe = await informeFirmado()
    const pdf = await t.app.inject({ url: `/informes/${informe.id}/pdf`, headers: medica })
    // The legend under the signatures prints the QR's URL as text.
    const dir = mkdtempSync(join(tmpdir(), 'verificacion-'))
    writeFileSync(join(dir, 'i.pdf'), pdf.rawPayload)
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-']).toString()
    rmSync(dir, { recursive: true, force: true })
    expect(texto).toContain(`https://resultados.clinica.example/v/${informe.codigo}`)
    expect(texto).toContain(`Código ${informe.codigo!.slice(0, 5)}-${informe.codigo!.slice(5)}`)
  })
})

describe('el límite por dirección', () => {
  it(`${LIMITE_VERIFICACION.maximo} verificaciones por dirección cada ${LIMITE_VERIFICACION.ventanaMinutos} minutos; la siguiente es un 429 con Retry-After, y otra dirección sigue`, async () => {
    const desde = direccionNueva()
    const respuestas = await Promise.all(
      Array.from({ length: LIMITE_VERIFICACION.maximo }, () => verificar('ABCDEFGHJK', desde)),
    )
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(LIMITE_VERIFICACION.maximo).fill(404))
    const antes = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where direccion = ${desde}`
    for (let i = 1; i <= 4; i++) {
      const res = await verificar('ABCDEFGHJK', desde)
      expect(res.statusCode).toBe(429)
      expect(res.headers['cache-control']).toBe('no-store')
      const espera = Number(res.headers['retry-after'])
      expect(espera).toBeGreaterThan(LIMITE_VERIFICACION.ventanaMinutos * 60 - 30)
      expect(espera).toBeLessThanOrEqual(LIMITE_VERIFICACION.ventanaMinutos * 60)
      expect(res.json()).toEqual({ message: M.demasiadas(LIMITE_VERIFICACION.ventanaMinutos) })
    }
    // A real code is refused too: the limit comes before any lookup.
    const informe = await informeFirmado()
    expect((await verificar(informe.codigo!, desde)).statusCode).toBe(429)
    // Refusals are recorded at the 1st, 2nd and 4th in a row, not each one.
    const limitadas = await t.db.sql<{ detalle: { rechazos: number } }[]>`
      select detalle from auditoria where direccion = ${desde}
        and accion = 'documento.verificacion_limitada' order by id`
    expect(limitadas.map((l) => l.detalle.rechazos)).toEqual([1, 2, 4])
    const despues = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where direccion = ${desde}`
    expect(despues[0]!.n - antes[0]!.n).toBe(3)
    expect((await verificar(informe.codigo!, direccionNueva())).statusCode).toBe(200)
  })

  it('las direcciones IPv6 de un mismo /64 cuentan juntas', async () => {
    for (let i = 0; i < LIMITE_VERIFICACION.maximo; i++)
      expect((await verificar('ABCDEFGHJK', `2001:db8:7:1::${i.toString(16)}`)).statusCode).toBe(
        404,
      )
    expect((await verificar('ABCDEFGHJK', '2001:db8:7:1:ffff::1')).statusCode).toBe(429)
    expect((await verificar('ABCDEFGHJK', '2001:db8:7:2::1')).statusCode).toBe(404)
  })
})
