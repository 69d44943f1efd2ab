// Validating lab results: by a second person unless the sede allows one's own, a tecnólogo only
// when enabled and every validator with a colegiatura, a critical value only after its call-back,
// «Validar normales», the calculated analitos following their operands, the partial sheet and then
// the full one taking the atención to Informado, the PDF's same bytes on every reprint, and a
// correction as a new version with its reason and a new sheet.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FilaResultado, ResultadosAtencion } from '../../shared/resultados.js'
import { MENSAJES_RESULTADOS as M } from '../../shared/resultados.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { ultimoEvento } from '../test/factories.js'
import { analitos, atencionLab, llamadas, type Llamadas } from '../test/resultados.js'

let t: TestApp
let tec: Record<string, string>
let validadora: Record<string, string>
let medica: Record<string, string>
let ids: Record<string, number>
let api: Llamadas

beforeAll(async () => {
  t = await createTestApp()
  tec = await t.login('tecnologo')
  medica = await t.login('medico')
  await crearUsuario(t.db.sql, {
    usuario: 'ana.lab',
    nombre: 'Lic. Ana Torres',
    rol: 'tecnologo',
    colegiatura: 'CTMP 5521',
    contrasena: CONTRASENA_PRUEBA,
  })
  await t.db.sql`update usuarios set valida_resultados = true where usuario = 'ana.lab'`
  validadora = await iniciarSesionPrueba(t.app, t.config, 'ana.lab')
  ids = await analitos(t.db.sql)
  api = llamadas(t)
})
afterAll(() => t?.close())

const fila = (r: ResultadosAtencion, codigo: string): FilaResultado =>
  r.examenes.flatMap((e) => e.filas).find((f) => f.analito.codigo === codigo)!
const estadoDe = async (atencion: number) =>
  (await t.db.sql<{ estado: string }[]>`select estado from atenciones where id = ${atencion}`)[0]!
    .estado
const pdf = (atencion: number, h: Record<string, string>) =>
  t.app.inject({ url: `/atenciones/${atencion}/resultados/pdf`, headers: h })

/** The sheet's text as pdftotext reads it, each line's runs of blanks as one space. */
async function textoHoja(atencion: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'hoja-'))
  try {
    writeFileSync(join(dir, 'h.pdf'), (await pdf(atencion, medica)).rawPayload)
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'h.pdf'), '-'], {
      encoding: 'utf8',
    })
    return texto
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .join('\n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('quién valida', () => {
  it('otra persona valida; quien lo ingresó no, salvo que la sede lo permita', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    await api.guardar(atencion, validadora, [{ analitoId: ids.GLU!, valor: 90 }])
    const propia = await api.validar(atencion, validadora)
    expect([propia.statusCode, propia.json().message]).toEqual([409, M.mismoValidador('Glucosa')])
    await t.db.sql`update sedes set laboratorio_autovalidacion = true where nombre = 'Lima'`
    try {
      const res = await api.validar(atencion, validadora)
      expect(res.statusCode, res.body).toBe(200)
      const r = fila(res.json(), 'GLU').resultado!
      expect(r.estado).toBe('validado')
      expect(r.validacion).toMatchObject({ nombre: 'Lic. Ana Torres', colegiatura: 'CTMP 5521' })
    } finally {
      await t.db.sql`update sedes set laboratorio_autovalidacion = false where nombre = 'Lima'`
    }
  })

  it('un tecnólogo no habilitado no valida; sin colegiatura nadie valida', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    await api.guardar(atencion, validadora, [{ analitoId: ids.GLU!, valor: 90 }])
    const no = await api.validar(atencion, tec)
    expect([no.statusCode, no.json().message]).toEqual([403, M.noValida])
    expect((await api.leer(atencion, tec)).json().puedeValidar).toBe(false)
    // Configuración enables only a tecnólogo with a colegiatura; one enabled before it is refused.
    await crearUsuario(t.db.sql, {
      usuario: 'sin.colegiatura',
      nombre: 'Luis Sin Colegiatura',
      rol: 'tecnologo',
      contrasena: CONTRASENA_PRUEBA,
    })
    await t.db.sql`update usuarios set valida_resultados = true where usuario = 'sin.colegiatura'`
    const sin = await iniciarSesionPrueba(t.app, t.config, 'sin.colegiatura')
    const res = await api.validar(atencion, sin)
    expect([res.statusCode, res.json().message]).toEqual([409, M.sinColegiatura])
    expect((await api.leer(atencion, medica)).json().puedeValidar).toBe(true)
    const recepcion = await api.validar(atencion, t.headers)
    expect(recepcion.statusCode).toBe(403)
    expect(
      await t.db.sql`select 1 from resultados where atencion_id = ${atencion}
      and estado = 'validado'`,
    ).toHaveLength(0)
  })
})

describe('lo que se pide validar', () => {
  it('una lista vacía de analitos es un 400 que dice qué enviar', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 90 }])
    const res = await api.validar(atencion, medica, { analitos: [] })
    expect([res.statusCode, res.json().errores[0]]).toEqual([
      400,
      { campo: 'analitos', mensaje: 'Elija de 1 a 200 analitos, o ninguno para validar todos' },
    ])
  })
})

describe('la muestra', () => {
  it('un valor de una muestra que se rechazó después no se valida hasta recibir la nueva', async () => {
    const { atencion } = await atencionLab(t.db.sql, { estudios: ['TSH'] })
    await api.guardar(atencion, tec, [{ analitoId: ids.TSH!, valor: 2.5 }])
    const [m] = await t.db.sql<{ id: number }[]>`
      select id from muestras where atencion_id = ${atencion} and estado = 'recibida'`
    const rechazo = await t.app.inject({
      method: 'POST',
      url: `/muestras/${String(m!.id).padStart(8, '0')}/rechazo`,
      headers: tec,
      payload: { motivo: 'Hemolizada' },
    })
    expect(rechazo.statusCode, rechazo.body).toBe(200)
    const res = await api.validar(atencion, medica)
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      M.sinMuestraParaValidar('Hormona estimulante de la tiroides (TSH)', 'TSH'),
    ])
    expect(await estadoDe(atencion)).not.toBe('Informado')
    expect(
      await t.db
        .sql`select 1 from resultados where atencion_id = ${atencion} and estado = 'validado'`,
    ).toHaveLength(0)
    // The new tube received, the value typed again on it validates.
    const [nueva] = await t.db.sql<{ id: number }[]>`
      select id from muestras where atencion_id = ${atencion} and estado = 'pendiente'`
    const recibida = await t.app.inject({
      method: 'POST',
      url: `/muestras/${String(nueva!.id).padStart(8, '0')}/recepcion`,
      headers: tec,
    })
    expect(recibida.statusCode, recibida.body).toBe(200)
    await api.guardar(atencion, tec, [{ analitoId: ids.TSH!, valor: 2.7 }])
    const ahora = await api.validar(atencion, medica)
    expect(ahora.statusCode, ahora.body).toBe(200)
    expect(fila(ahora.json(), 'TSH').resultado).toMatchObject({ valor: 2.7, estado: 'validado' })
  })
})

describe('valores críticos', () => {
  it('no se validan hasta registrar la llamada, que aparece en Alertas', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    const guardado = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 452 }])
    const critico = fila(guardado.json(), 'GLU').resultado!.critico!
    const antes = await api.validar(atencion, medica)
    expect([antes.statusCode, antes.json().message]).toEqual([409, M.criticoSinLlamada('Glucosa')])
    const alertas = await t.app.inject({ url: '/hallazgos-criticos', headers: medica })
    const alerta = alertas.json().hallazgos.find((h: { id: number }) => h.id === critico.hallazgoId)
    expect(alerta).toMatchObject({
      atencionId: atencion,
      informeId: null,
      modalidad: 'LAB',
      resultado: { analito: 'Glucosa', valor: '452', unidad: 'mg/dL', bandera: 'HH' },
    })
    const llamada = await t.app.inject({
      method: 'POST',
      url: `/hallazgos-criticos/${critico.hallazgoId}/comunicacion`,
      headers: tec,
      payload: { comunicadoA: 'Dra. Ríos, médica tratante', medio: 'Teléfono', releido: true },
    })
    expect(llamada.statusCode, llamada.body).toBe(200)
    expect((await ultimoEvento(t)).accion).toBe('hallazgo.comunicado')
    const res = await api.validar(atencion, medica)
    expect(res.statusCode, res.body).toBe(200)
    expect(fila(res.json(), 'GLU').resultado!.critico!.comunicadoEn).not.toBeNull()
    expect(await estadoDe(atencion)).toBe('Informado')
  })

  it('una llamada cubre el valor que se comunicó: otro valor crítico escrito después pide la suya', async () => {
    const { atencion } = await atencionLab(t.db.sql)
    const primero = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 500 }])
    const aviso = fila(primero.json(), 'GLU').resultado!.critico!.hallazgoId
    const llamada = await t.app.inject({
      method: 'POST',
      url: `/hallazgos-criticos/${aviso}/comunicacion`,
      headers: tec,
      payload: { comunicadoA: 'Dr. Pérez, médico tratante', medio: 'Teléfono', releido: true },
    })
    expect(llamada.statusCode, llamada.body).toBe(200)
    // Retyped to another critical value: nobody was told of 20.
    const segundo = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 20 }])
    const critico = fila(segundo.json(), 'GLU').resultado!.critico!
    expect(critico.hallazgoId).not.toBe(aviso)
    expect(critico.comunicadoEn).toBeNull()
    const antes = await api.validar(atencion, medica)
    expect([antes.statusCode, antes.json().message]).toEqual([409, M.criticoSinLlamada('Glucosa')])
    // Alertas shows the new value waiting; the call made stays with the value it was about.
    const alertas = (await t.app.inject({ url: '/hallazgos-criticos', headers: medica })).json()
    const nuevo = alertas.hallazgos.find((h: { id: number }) => h.id === critico.hallazgoId)
    expect(nuevo.resultado).toMatchObject({ valor: '20', bandera: 'LL' })
    expect(alertas.hallazgos.some((h: { id: number }) => h.id === aviso)).toBe(false)
    const [hecho] = await t.db.sql<{ valor: number; bandera: string; comunicadoA: string }[]>`
      select valor_numero::float8 as valor, bandera, comunicado_a from hallazgos_criticos
      where id = ${aviso}`
    expect(hecho).toEqual({ valor: 500, bandera: 'HH', comunicadoA: 'Dr. Pérez, médico tratante' })
    // Retyped again before the call: the same waiting record takes the latest value.
    const tercero = await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 25 }])
    expect(fila(tercero.json(), 'GLU').resultado!.critico!.hallazgoId).toBe(critico.hallazgoId)
    await t.app.inject({
      method: 'POST',
      url: `/hallazgos-criticos/${critico.hallazgoId}/comunicacion`,
      headers: tec,
      payload: { comunicadoA: 'Dr. Pérez, médico tratante', medio: 'Teléfono', releido: true },
    })
    const res = await api.validar(atencion, medica)
    expect(res.statusCode, res.body).toBe(200)
    expect(await estadoDe(atencion)).toBe('Informado')
  })
})

describe('la respuesta de un guardado', () => {
  // A save answers the rows it read before writing with the rows it wrote in their place, each
  // with its call-back as the write left it: it must be what a read right after gives.
  it('es lo que una lectura da después, en cada clase de escritura', async () => {
    const { atencion } = await atencionLab(t.db.sql, { estudios: ['Perfil lipídico', 'Glucosa'] })
    const comoLectura = async (
      res: Awaited<ReturnType<Llamadas['guardar']>>,
    ): Promise<ResultadosAtencion> => {
      expect(res.statusCode, res.body).toBe(200)
      const leido = await api.leer(atencion, tec)
      expect(res.json()).toEqual(leido.json())
      expect(res.headers.etag).toBe(leido.headers.etag)
      return res.json()
    }
    const llamar = (hallazgoId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/hallazgos-criticos/${hallazgoId}/comunicacion`,
        headers: tec,
        payload: { comunicadoA: 'Dr. Pérez, médico tratante', medio: 'Teléfono', releido: true },
      })
    const { GLU, TRI, COL, HDL } = ids as Record<string, number>
    // New rows, one critical, and the calculated ones filled in.
    let r = await comoLectura(
      await api.guardar(atencion, tec, [
        { analitoId: GLU!, valor: 500 },
        { analitoId: TRI!, valor: 120 },
        { analitoId: COL!, valor: 190 },
        { analitoId: HDL!, valor: 50 },
      ]),
    )
    const aviso = fila(r, 'GLU').resultado!.critico!.hallazgoId
    expect(fila(r, 'LDL').resultado!.valor).toBe(116)
    // Retyped in range before the call: its waiting call-back goes.
    r = await comoLectura(await api.guardar(atencion, tec, [{ analitoId: GLU!, valor: 85 }]))
    expect(fila(r, 'GLU').resultado!.critico).toBeNull()
    // Critical again, called, then another critical value and then one in range: the call made
    // stays the row's latest once the new one's waiting call-back goes.
    r = await comoLectura(await api.guardar(atencion, tec, [{ analitoId: GLU!, valor: 20 }]))
    const segundo = fila(r, 'GLU').resultado!.critico!.hallazgoId
    expect(segundo).not.toBe(aviso)
    expect((await llamar(segundo)).statusCode).toBe(200)
    r = await comoLectura(await api.guardar(atencion, tec, [{ analitoId: GLU!, valor: 30 }]))
    expect(fila(r, 'GLU').resultado!.critico).toMatchObject({ comunicadoEn: null })
    r = await comoLectura(await api.guardar(atencion, tec, [{ analitoId: GLU!, valor: 90 }]))
    expect(fila(r, 'GLU').resultado!.critico).toMatchObject({ hallazgoId: segundo })
    expect(fila(r, 'GLU').resultado!.critico!.comunicadoEn).not.toBeNull()
    // Validated, then corrected: a new version with its motivo, LDL recalculated with it.
    expect((await api.validar(atencion, medica)).statusCode).toBe(200)
    r = await comoLectura(
      await api.guardar(atencion, tec, [
        { analitoId: TRI!, valor: 200, motivo: 'Error de transcripción' },
      ]),
    )
    expect(fila(r, 'TRI').corregidos.map((c) => c.valor)).toEqual([120])
    expect(fila(r, 'LDL').resultado).toMatchObject({ version: 2, valor: 100 })
  })
})

describe('la hoja de resultados', () => {
  let atencion: number
  let primera: Buffer

  it('«Validar normales» valida los que están en rango y emite una hoja parcial', async () => {
    ;({ atencion } = await atencionLab(t.db.sql, { estudios: ['Perfil lipídico', 'Glucosa'] }))
    expect((await pdf(atencion, medica)).json().message).toBe(M.sinHoja)
    await api.guardar(atencion, tec, [
      { analitoId: ids.COL!, valor: 250 },
      { analitoId: ids.HDL!, valor: 55 },
      { analitoId: ids.TRI!, valor: 120 },
    ])
    const res = await api.validar(atencion, medica, { soloNormales: true })
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ResultadosAtencion
    const estados = Object.fromEntries(
      ['COL', 'HDL', 'TRI', 'LDL', 'VLDL', 'CASTELLI'].map((c) => [
        c,
        fila(r, c).resultado?.estado,
      ]),
    )
    // VLDL follows triglycerides; LDL and Castelli wait for the colesterol (H).
    expect(estados).toEqual({
      COL: 'ingresado',
      HDL: 'validado',
      TRI: 'validado',
      LDL: 'ingresado',
      VLDL: 'validado',
      CASTELLI: 'ingresado',
    })
    expect(r.hoja).toMatchObject({ version: 1, parcial: true })
    expect(r.hoja!.codigo).toMatch(/^[A-HJ-NP-Z2-9]{10}$/)
    expect(await estadoDe(atencion)).toBe('En proceso')
    const e = await ultimoEvento(t)
    expect(e.accion).toBe('resultados.validados')
    expect(e.detalle).toMatchObject({ atencion, hoja: 1, parcial: true })
    const texto = await textoHoja(atencion)
    expect(texto).toContain('INFORME PARCIAL')
    expect(texto).toContain('Médica de Prueba')
    expect(texto).toContain('CMP 45821 RNE 12345')
    // The document type as its holder reads it, not as it is stored.
    expect(texto).toMatch(/Documento: DNI \d{8}/)
    expect(texto).toMatch(/Colesterol HDL 55 mg\/dL ≥ 50/)
    expect(texto).toMatch(/Colesterol total Pendiente mg\/dL ≤ 200/)
    const nada = await api.validar(atencion, medica, { soloNormales: true })
    expect([nada.statusCode, nada.json().message]).toEqual([409, M.nadaQueValidar])
    const sinValor = await api.validar(atencion, medica, { analitos: [ids.GLU!] })
    expect([sinValor.statusCode, sinValor.json().message]).toEqual([409, M.sinValor('Glucosa')])
    const ajeno = await api.validar(atencion, medica, { analitos: [ids.TSH!] })
    expect([ajeno.statusCode, ajeno.json().message]).toEqual([409, M.analitoAjeno('TSH')])
    const validado = await api.validar(atencion, medica, { analitos: [ids.HDL!] })
    expect([validado.statusCode, validado.json().message]).toEqual([
      409,
      M.yaValidado('Colesterol HDL'),
    ])
  })

  it('con todo validado la hoja deja de ser parcial y la atención pasa a Informado', async () => {
    await api.guardar(atencion, tec, [{ analitoId: ids.GLU!, valor: 95 }])
    const res = await api.validar(atencion, medica)
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ResultadosAtencion
    expect(r.hoja).toMatchObject({ version: 2, parcial: false })
    expect(fila(r, 'LDL').resultado).toMatchObject({ estado: 'validado', valor: 171 })
    expect(await estadoDe(atencion)).toBe('Informado')
    // The answer says so too: the page shows the estado it brings.
    expect(r.atencion.estado).toBe('Informado')
    const uno = await pdf(atencion, medica)
    expect(uno.statusCode).toBe(200)
    expect(uno.headers['content-type']).toBe('application/pdf')
    expect(uno.headers['cache-control']).toBe('no-store')
    const sha = createHash('sha256').update(uno.rawPayload).digest('hex')
    expect(sha).toBe(r.hoja!.sha256)
    expect(uno.headers.etag).toBe(`"${sha}"`)
    const otra = await pdf(atencion, tec)
    expect(otra.rawPayload.equals(uno.rawPayload)).toBe(true)
    expect((await ultimoEvento(t)).accion).toBe('hoja_resultados.descargada')
    primera = uno.rawPayload
  })

  it('una corrección es una versión nueva con su motivo, y su validación una hoja nueva', async () => {
    const sinMotivo = await api.guardar(atencion, tec, [{ analitoId: ids.TRI!, valor: 180 }])
    expect([sinMotivo.statusCode, sinMotivo.json().errores[0]]).toEqual([
      400,
      { campo: 'resultados.0.motivo', mensaje: M.motivoRequerido('Triglicéridos') },
    ])
    const nulo = await api.guardar(atencion, tec, [
      { analitoId: ids.TRI!, valor: 180, motivo: 'Error\u0000de tipeo' },
    ])
    expect([nulo.statusCode, nulo.json().errores[0].mensaje]).toEqual([400, M.motivoInvalido])
    const igual = await api.guardar(atencion, tec, [{ analitoId: ids.TRI!, valor: 120 }])
    expect(igual.statusCode).toBe(200)
    const res = await api.guardar(atencion, tec, [
      { analitoId: ids.TRI!, valor: 180, motivo: 'Error de transcripción' },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ResultadosAtencion
    expect(fila(r, 'TRI').resultado).toMatchObject({
      version: 2,
      estado: 'ingresado',
      valor: 180,
      motivo: 'Error de transcripción',
    })
    expect(fila(r, 'TRI').corregidos.map((c) => [c.version, c.valor])).toEqual([[1, 120]])
    expect(fila(r, 'LDL').resultado).toMatchObject({
      version: 2,
      valor: 159,
      motivo: 'Recalculado por la corrección de Triglicéridos: Error de transcripción',
    })
    // The validated sheet is still served while the correction waits.
    expect((await pdf(atencion, medica)).rawPayload.equals(primera)).toBe(true)
    const v = await api.validar(atencion, medica)
    expect(v.statusCode, v.body).toBe(200)
    expect(v.json().hoja).toMatchObject({ version: 3, parcial: false })
    expect(fila(v.json(), 'VLDL').resultado).toMatchObject({
      version: 2,
      estado: 'validado',
      valor: 36,
    })
    expect(await estadoDe(atencion)).toBe('Informado')
    expect((await pdf(atencion, medica)).rawPayload.equals(primera)).toBe(false)
    const texto = await textoHoja(atencion)
    expect(texto).not.toContain('INFORME PARCIAL')
    expect(texto).toContain('Error de transcripción')
    expect(texto).toMatch(/Triglicéridos 180 H mg\/dL ≤ 150/)
    const versiones = await t.db.sql`select version, estado from resultados
      where atencion_id = ${atencion} and analito_id = ${ids.TRI!} order by version`
    expect(versiones).toEqual([
      { version: 1, estado: 'validado' },
      { version: 2, estado: 'validado' },
    ])
  })

  it('resultados importados sin hoja: el PDF lo dice', async () => {
    const { atencion: a } = await atencionLab(t.db.sql, { estado: 'Informado' })
    await t.db.sql`insert into resultados (atencion_id, analito_id, valor_numero, estado,
      validado_en, validador_nombre, importado)
      values (${a}, ${ids.GLU!}, 88, 'validado', now(), 'Sistema anterior', true)`
    const res = await pdf(a, medica)
    expect([res.statusCode, res.json().message]).toEqual([409, M.importadoSinHoja])
  })
})
