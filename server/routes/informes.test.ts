// The radiologist's informe through the real app on PostgreSQL: the queue, the draft a médico
// holds (a claim race has one winner), saves with If-Match (a stale one is a 412 with both
// versions), the signature with the password (frozen content, PDF bytes and their SHA-256, the
// atención to Informado, the only way there), what the database itself refuses of a final
// version, the second signer of a sede that asks for one, adendas and corrections.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_INFORMES as M, textoDe, type Informe } from '../../shared/informes.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { insertarInformes } from '../seed/cargar.js'
import { insertarAtencion, insertarPaciente, ultimoEvento } from '../test/factories.js'

let t: TestApp
let medica: Record<string, string>
let otro: Record<string, string>
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://resultados.clinica.example' })
  medica = await t.login('medico')
  admin = await t.login('admin')
  await crearUsuario(t.db.sql, {
    usuario: 'jorge.salas',
    nombre: 'Dr. Jorge Salas',
    rol: 'medico',
    colegiatura: 'CMP 30211',
    contrasena: CONTRASENA_PRUEBA,
  })
  otro = await iniciarSesionPrueba(t.app, t.config, 'jorge.salas')
})
afterAll(() => t?.close())

const parrafo = (texto: string) => ({ tipo: 'parrafo' as const, tramos: [{ t: texto }] })
const CONTENIDO = {
  indicacion: [parrafo('Tos persistente. Descartar neumonía.')],
  tecnica: [parrafo('Radiografía de tórax PA y lateral.')],
  hallazgos: [
    {
      tipo: 'parrafo' as const,
      tramos: [{ t: 'Campos pulmonares ' }, { t: 'sin consolidaciones', n: true as const }],
    },
    { tipo: 'lista' as const, items: [[{ t: 'Senos costofrénicos libres.' }]] },
  ],
  conclusion: [parrafo('Tórax dentro de límites normales; índice ≥ 0,5.')],
}

async function completada(cambios: { prioridad?: string; sede?: string; modalidad?: string } = {}) {
  const paciente = await insertarPaciente(t.db.sql, {
    primerNombre: 'María',
    primerApellido: 'Ñahui',
  })
  return insertarAtencion(t.db.sql, paciente, { estado: 'Completado', ...cambios })
}

const abrir = (atencion: number, headers = medica) =>
  t.app.inject({ method: 'POST', url: `/atenciones/${atencion}/informe`, headers })
const guardar = (id: number, contenido: object, revision: number | null, headers = medica) =>
  t.app.inject({
    method: 'PUT',
    url: `/informes/${id}`,
    headers: { ...headers, ...(revision === null ? {} : { 'if-match': `"${revision}"` }) },
    payload: { contenido },
  })
const firmar = (id: number, cuerpo: object = {}, headers = medica) =>
  t.app.inject({
    method: 'POST',
    url: `/informes/${id}/firmar`,
    headers,
    payload: { contrasena: CONTRASENA_PRUEBA, ...cuerpo },
  })
const accion = (id: number, que: string, headers = medica, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/informes/${id}/${que}`, headers, payload })

/** A draft with content, ready to sign. */
async function listo(cambios: Parameters<typeof completada>[0] = {}): Promise<Informe> {
  const atencion = await completada(cambios)
  const creado = (await abrir(atencion)).json() as Informe
  const res = await guardar(creado.id, CONTENIDO, creado.revision)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('el borrador', () => {
  it('se crea al abrir un estudio completado, tomado por quien lo abre; abrirlo otra vez da el mismo', async () => {
    const atencion = await completada()
    const res = await abrir(atencion)
    expect(res.statusCode).toBe(201)
    const informe = res.json() as Informe
    expect(informe).toMatchObject({
      atencionId: atencion,
      version: 1,
      tipo: 'original',
      estado: 'borrador',
      tomadoPor: { usuario: 'prueba.medico' },
      firma: null,
    })
    expect(res.headers.etag).toBe(`"${informe.revision}"`)
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'informe.creado' })
    const otra = await abrir(atencion, otro)
    expect(otra.statusCode).toBe(200)
    expect(otra.json()).toMatchObject({ id: informe.id, tomadoPor: { usuario: 'prueba.medico' } })
  })

  it('no se informa lo que no está completado ni el laboratorio', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const enEspera = await insertarAtencion(t.db.sql, paciente, { estado: 'En espera' })
    expect((await abrir(enEspera)).json().message).toBe(M.noCompletada('En espera'))
    const lab = await completada({ modalidad: 'LAB' })
    expect((await abrir(lab)).statusCode).toBe(409)
    expect((await abrir(lab)).json().message).toBe(M.laboratorio)
    expect((await abrir(999999)).statusCode).toBe(404)
  })

  it('guarda con If-Match; una versión vieja es un 412 con la guardada, y sin If-Match un 428', async () => {
    const atencion = await completada()
    const inicial = (await abrir(atencion)).json() as Informe
    const primera = await guardar(inicial.id, CONTENIDO, inicial.revision)
    expect(primera.statusCode).toBe(200)
    expect(primera.json().revision).toBe(inicial.revision + 1)
    // Another tab still holds the first revision.
    const vieja = await guardar(inicial.id, { hallazgos: [parrafo('otra')] }, inicial.revision)
    expect(vieja.statusCode).toBe(412)
    expect(vieja.json().message).toBe(M.versionVieja)
    expect(vieja.json().actual.contenido).toEqual(CONTENIDO)
    expect(vieja.headers.etag).toBe(`"${inicial.revision + 1}"`)
    expect((await guardar(inicial.id, CONTENIDO, null)).statusCode).toBe(428)
    // Nothing of the refused saves was stored.
    const leido = await t.app.inject({ url: `/informes/${inicial.id}`, headers: medica })
    expect(leido.json().contenido).toEqual(CONTENIDO)
  })

  it('rechaza lo que no es un informe: otra sección, caracteres de control, HTML no es marca', async () => {
    const { id, revision } = (await abrir(await completada())).json() as Informe
    const ajena = await guardar(id, { adenda: [parrafo('x')] }, revision)
    expect(ajena.statusCode).toBe(400)
    expect(ajena.json().errores).toEqual([
      { campo: 'contenido.adenda', mensaje: M.seccionAjena('adenda') },
    ])
    expect((await guardar(id, { hallazgos: [parrafo('a\u0000b')] }, revision)).statusCode).toBe(400)
    expect(
      (
        await guardar(
          id,
          { hallazgos: [{ tipo: 'parrafo', tramos: [{ t: 'x', n: false }] }] },
          revision,
        )
      ).statusCode,
    ).toBe(400)
    const html = await guardar(id, { hallazgos: [parrafo('<script>alert(1)</script>')] }, revision)
    expect(html.statusCode).toBe(200)
    expect(html.json().contenido.hallazgos[0].tramos[0].t).toBe('<script>alert(1)</script>')
  })

  it('solo quien lo tiene lo escribe; tomarlo tiene un solo ganador; un administrador lo libera', async () => {
    const { id, revision } = (await abrir(await completada())).json() as Informe
    const ajeno = await guardar(id, CONTENIDO, revision, otro)
    expect(ajeno.statusCode).toBe(409)
    expect(ajeno.json().message).toBe(M.tomadoPorOtro('Médica de Prueba'))
    expect((await accion(id, 'tomar', otro)).json().message).toBe(
      M.tomadoPorOtro('Médica de Prueba'),
    )
    // Another médico may not release it; an admin may.
    expect((await accion(id, 'liberar', otro)).statusCode).toBe(403)
    const liberado = await accion(id, 'liberar', admin)
    expect(liberado.statusCode).toBe(200)
    expect(liberado.json().tomadoPor).toBeNull()
    // Two médicos take it at the same moment: one wins, the other is told who.
    const [a, b] = await Promise.all([accion(id, 'tomar', medica), accion(id, 'tomar', otro)])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const perdedor = a.statusCode === 409 ? a : b
    const ganador = a.statusCode === 200 ? 'Médica de Prueba' : 'Dr. Jorge Salas'
    expect(perdedor.json().message).toBe(M.tomadoPorOtro(ganador))
  })
})

describe('la firma', () => {
  it('pide la contraseña: una equivocada no firma nada', async () => {
    const informe = await listo()
    const res = await firmar(informe.id, { contrasena: 'no-es-la-clave' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'contrasena', mensaje: M.contrasena }])
    const [fila] = await t.db.sql`select estado, pdf from informes where id = ${informe.id}`
    expect(fila).toEqual({ estado: 'borrador', pdf: null })
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'informe.firma_rechazada' })
  })

  it('no firma un informe sin hallazgos ni conclusión', async () => {
    const { id, revision } = (await abrir(await completada())).json() as Informe
    // The template filled both: the médico emptied them.
    const vacio = { indicacion: [parrafo('Control.')], hallazgos: [], conclusion: [parrafo('')] }
    expect((await guardar(id, vacio, revision)).statusCode).toBe(200)
    expect((await firmar(id)).json().message).toBe(M.vacio)
  })

  it('congela el contenido, guarda el PDF con su SHA-256 y pasa la atención a Informado', async () => {
    const informe = await listo({ prioridad: 'Urgente' })
    const res = await firmar(informe.id, { hallazgoCritico: true })
    expect(res.statusCode, res.body).toBe(200)
    const firmado = res.json() as Informe
    expect(firmado).toMatchObject({
      estado: 'final',
      hallazgoCritico: true,
      firma: { nombre: 'Médica de Prueba', colegiatura: 'CMP 45821 RNE 12345' },
    })
    expect(firmado.codigo).toMatch(/^[A-HJ-NP-Z2-9]{10}$/)
    const [atencion] = await t.db.sql`
      select estado, ultimo_cambio_desde from atenciones where id = ${informe.atencionId}`
    expect(atencion).toEqual({ estado: 'Informado', ultimoCambioDesde: null })
    const [alerta] = await t.db.sql`
      select comunicado_en from hallazgos_criticos where informe_id = ${informe.id}`
    expect(alerta).toEqual({ comunicadoEn: null })

    const pdf = await t.app.inject({ url: `/informes/${informe.id}/pdf`, headers: medica })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const sha = createHash('sha256').update(pdf.rawPayload).digest('hex')
    expect(sha).toBe(firmado.sha256)
    expect(pdf.headers['x-sha256']).toBe(sha)
    // Served again, the very same bytes.
    const otraVez = await t.app.inject({ url: `/informes/${informe.id}/pdf`, headers: otro })
    expect(otraVez.rawPayload.equals(pdf.rawPayload)).toBe(true)
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'informe.descargado' })

    // What it says, and where its QR leads, read back from the document.
    const dir = mkdtempSync(join(tmpdir(), 'clinica-informe-'))
    writeFileSync(join(dir, 'i.pdf'), pdf.rawPayload)
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-']).toString()
    for (const parte of [
      'Ñahui',
      `N.º de informe ${firmado.numero}`,
      'HALLAZGOS',
      'sin consolidaciones',
      'índice ≥ 0,5',
      'CMP 45821 RNE 12345',
      'Página 1 de 1',
    ])
      expect(texto).toContain(parte)
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-png',
      '-singlefile',
      join(dir, 'i.pdf'),
      join(dir, 'p'),
    ])
    const qr = execFileSync('zbarimg', ['-q', '--raw', join(dir, 'p.png')])
      .toString()
      .trim()
    expect(qr).toBe(`https://resultados.clinica.example/v/${firmado.codigo}`)

    // Signed, it takes no more saves, signatures or claims.
    expect((await guardar(informe.id, CONTENIDO, firmado.revision)).json().message).toBe(
      M.yaFirmado,
    )
    expect((await firmar(informe.id)).json().message).toBe(M.yaFirmado)
    expect((await accion(informe.id, 'tomar')).statusCode).toBe(409)
  })

  it('la base de datos misma no deja cambiar ni borrar una versión final', async () => {
    const informe = await listo()
    await firmar(informe.id)
    await expect(
      t.db.sql`update informes set contenido = '{}' where id = ${informe.id}`,
    ).rejects.toMatchObject({ message: expect.stringContaining('ya está firmado') })
    await expect(
      t.db.sql`update informes set tomado_por = null where id = ${informe.id}`,
    ).rejects.toThrow()
    await expect(t.db.sql`delete from informes where id = ${informe.id}`).rejects.toThrow()
    const [fila] = await t.db.sql`select estado from informes where id = ${informe.id}`
    expect(fila).toEqual({ estado: 'final' })
  })

  it('Informado ya no se elige a mano: solo una firma final lleva allí', async () => {
    const atencion = await completada()
    for (const headers of [t.headers, admin]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/atenciones/${atencion}`,
        headers,
        payload: { estado: 'Informado' },
      })
      expect(res.statusCode).toBe(409)
    }
    const [fila] = await t.db.sql`select estado from atenciones where id = ${atencion}`
    expect(fila).toEqual({ estado: 'Completado' })
  })

  it('una sede con segunda firma: la primera deja el informe preliminar, la segunda es de otro médico', async () => {
    await t.db.sql`update sedes set informe_doble_firma = true where nombre = 'Cusco'`
    const informe = await listo({ sede: 'Cusco' })
    const primera = await firmar(informe.id)
    expect(primera.json()).toMatchObject({
      estado: 'preliminar',
      preliminar: { nombre: 'Médica de Prueba' },
    })
    expect((await guardar(informe.id, CONTENIDO, primera.json().revision)).statusCode).toBe(409)
    expect((await firmar(informe.id)).json().message).toBe(M.mismoFirmante)
    const [antes] = await t.db.sql`select estado from atenciones where id = ${informe.atencionId}`
    expect(antes).toEqual({ estado: 'Completado' })
    const segunda = await firmar(informe.id, {}, otro)
    expect(segunda.json()).toMatchObject({
      estado: 'final',
      firma: { nombre: 'Dr. Jorge Salas', colegiatura: 'CMP 30211' },
      preliminar: { nombre: 'Médica de Prueba' },
    })
  })
})

describe('después de firmar: adenda y corrección', () => {
  it('una adenda se agrega con su motivo y se firma igual; la original sigue vigente', async () => {
    const base = await listo()
    await firmar(base.id)
    expect((await accion(base.id, 'adenda', medica, { motivo: '  ' })).statusCode).toBe(400)
    const res = await accion(base.id, 'adenda', medica, { motivo: 'Se recibe estudio previo' })
    expect(res.statusCode).toBe(201)
    const adenda = res.json() as Informe
    expect(adenda).toMatchObject({ version: 2, tipo: 'adenda', baseId: base.id, contenido: {} })
    // Only one version in writing at a time.
    expect((await accion(base.id, 'correccion', medica, { motivo: 'x' })).json().message).toBe(
      M.versionAbierta,
    )
    expect((await guardar(adenda.id, CONTENIDO, adenda.revision)).statusCode).toBe(400)
    const escrita = await guardar(
      adenda.id,
      { adenda: [parrafo('Comparado con estudio previo: sin cambios.')] },
      adenda.revision,
    )
    expect(escrita.statusCode).toBe(200)
    expect((await firmar(adenda.id)).json().estado).toBe('final')
    const versiones = (
      await t.app.inject({ url: `/atenciones/${base.atencionId}/informes`, headers: medica })
    ).json() as Informe[]
    expect(versiones.map((v) => [v.version, v.tipo, v.estado, v.reemplazadoPor])).toEqual([
      [1, 'original', 'final', null],
      [2, 'adenda', 'final', null],
    ])
  })

  it('una corrección parte del texto firmado y, firmada, lo reemplaza; lo reemplazado no admite más', async () => {
    const base = await listo()
    await firmar(base.id)
    const res = await accion(base.id, 'correccion', medica, { motivo: 'Lateralidad equivocada' })
    const correccion = res.json() as Informe
    expect(correccion).toMatchObject({ tipo: 'correccion', contenido: CONTENIDO, version: 2 })
    const cambiado = {
      ...CONTENIDO,
      conclusion: [parrafo('Nódulo en el lóbulo superior derecho.')],
    }
    await guardar(correccion.id, cambiado, correccion.revision)
    expect((await firmar(correccion.id)).json().estado).toBe('final')
    const original = (await t.app.inject({ url: `/informes/${base.id}`, headers: medica })).json()
    expect(original).toMatchObject({
      estado: 'final',
      reemplazadoPor: correccion.id,
      contenido: CONTENIDO,
    })
    expect((await accion(base.id, 'adenda', medica, { motivo: 'x' })).json().message).toBe(
      M.reemplazado,
    )
  })
})

describe('Por informar', () => {
  it('las emergencias y urgencias primero, luego las que más esperan; sin laboratorio; con quién lo tiene', async () => {
    const sede = 'Arequipa'
    const paciente = await insertarPaciente(t.db.sql)
    const hace = (horas: number) => new Date(Date.now() - horas * 3_600_000).toISOString()
    const rutinaVieja = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      sede,
      llegada: hace(30),
    })
    const urgente = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      sede,
      prioridad: 'Urgente',
      llegada: hace(1),
    })
    const emergencia = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      sede,
      prioridad: 'Emergencia',
      llegada: hace(2),
    })
    await insertarAtencion(t.db.sql, paciente, { estado: 'Completado', sede, modalidad: 'LAB' })
    await abrir(urgente, otro)
    const res = await t.app.inject({
      url: `/informes?estado=pendiente&sede=${sede}`,
      headers: medica,
    })
    expect(res.statusCode).toBe(200)
    const { estudios, total } = res.json() as {
      estudios: { atencionId: number; horasEsperando: number; informe: unknown }[]
      total: number
    }
    expect(estudios.map((e) => e.atencionId)).toEqual([emergencia, urgente, rutinaVieja])
    expect(total).toBe(3)
    expect(estudios[2]!.horasEsperando).toBeGreaterThanOrEqual(29.9)
    expect(estudios[1]!.informe).toMatchObject({
      estado: 'borrador',
      tomadoPor: { usuario: 'jorge.salas' },
    })
    const suyos = await t.app.inject({
      url: `/informes?estado=pendiente&sede=${sede}&medico=jorge.salas`,
      headers: medica,
    })
    expect(suyos.json().estudios.map((e: { atencionId: number }) => e.atencionId)).toEqual([
      urgente,
    ])
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'informes.listados' })
    expect((await t.app.inject({ url: '/informes?estado=otro', headers: medica })).statusCode).toBe(
      400,
    )
  })
})

describe('informes del sistema anterior (importados)', () => {
  it('se leen con su firmante y fecha, sin PDF nuestro; aceptan adenda; la base no les da documento', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Informado' })
    await insertarInformes(t.db.sql, [paciente])
    const [fila] = await t.db.sql<{ id: number }[]>`
      select id from informes where atencion_id = ${atencion}`
    const res = await t.app.inject({ url: `/informes/${fila!.id}`, headers: medica })
    expect(res.statusCode, res.body).toBe(200)
    const informe = res.json() as Informe
    expect(informe).toMatchObject({ estado: 'final', importado: true, sha256: null, codigo: null })
    expect(informe.firma?.colegiatura).toMatch(/^CMP \d+/)
    expect(textoDe(informe.contenido.conclusion)).toBe(
      'Radiografía de tórax sin alteraciones significativas.',
    )
    const pdf = await t.app.inject({ url: `/informes/${fila!.id}/pdf`, headers: medica })
    expect(pdf.statusCode).toBe(409)
    expect(pdf.json().message).toBe(M.importadoSinPdf)

    const adenda = await accion(fila!.id, 'adenda', medica, {
      motivo: 'Comparación con estudio nuevo',
    })
    expect(adenda.statusCode, adenda.body).toBe(201)

    // What «importado» means, held by PostgreSQL: no document of ours, and only as a final original.
    await expect(
      t.db.sql`insert into informes (atencion_id, version, tipo, estado, contenido, importado)
        values (${atencion}, 9, 'original', 'borrador', '{}', true)`,
    ).rejects.toMatchObject({ constraint_name: 'informes_importado_check' })
  })
})
