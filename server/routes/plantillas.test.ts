// Templates, phrases and the viewer through the real app on PostgreSQL: a new draft starts from its
// studies' templates (the seeded normal reports), admins edit templates and phrases with Spanish
// 400s and 409s that change nothing, and the editor reads beside a study the patient's other signed
// reports (same modality first, a replaced one left out), its phrases and its viewer link; the
// patient's page lists every informe with its versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContextoInforme, InformesAtencion } from '../../shared/informes-paciente.js'
import { textoDe, type Informe } from '../../shared/informes.js'
import { MENSAJES_PLANTILLAS as M, type Frase, type Plantilla } from '../../shared/plantillas.js'
import { CONTRASENA_PRUEBA, createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente, ultimoEvento } from '../test/factories.js'

let t: TestApp
let medica: Record<string, string>
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  medica = await t.login('medico')
  admin = await t.login('admin')
})
afterAll(() => t?.close())

const parrafo = (texto: string) => ({ tipo: 'parrafo' as const, tramos: [{ t: texto }] })

async function estudioId(codigo: string): Promise<number> {
  const [e] = await t.db.sql<{ id: number }[]>`select id from estudios where codigo = ${codigo}`
  return e!.id
}

const abrir = async (atencion: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/atenciones/${atencion}/informe`,
    headers: medica,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as Informe
}

/** A signed informe of a completed atención of `paciente`, with `conclusion`. */
async function firmado(
  paciente: number,
  cambios: { modalidad?: string; estudios?: string[]; llegada?: string },
  conclusion: string,
): Promise<Informe> {
  const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado', ...cambios })
  const borrador = await abrir(atencion)
  const guardado = await t.app.inject({
    method: 'PUT',
    url: `/informes/${borrador.id}`,
    headers: { ...medica, 'if-match': `"${borrador.revision}"` },
    payload: {
      contenido: { hallazgos: [parrafo('Hallazgos.')], conclusion: [parrafo(conclusion)] },
    },
  })
  expect(guardado.statusCode, guardado.body).toBe(200)
  const res = await t.app.inject({
    method: 'POST',
    url: `/informes/${borrador.id}/firmar`,
    headers: medica,
    payload: { contrasena: CONTRASENA_PRUEBA },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Informe
}

describe('la plantilla', () => {
  it('un borrador nuevo parte del informe normal sembrado de su estudio', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      estudios: ['Tórax PA'],
    })
    const informe = await abrir(atencion)
    expect(textoDe(informe.contenido.tecnica)).toContain('proyección posteroanterior')
    expect(textoDe(informe.contenido.hallazgos)).toContain('Senos costofrénicos')
    expect(textoDe(informe.contenido.conclusion)).toBe(
      'Radiografía de tórax sin alteraciones significativas.',
    )
    expect(informe.contenido.indicacion).toBeUndefined()
  })

  it('con varios estudios, cada sección lleva lo de cada uno bajo su nombre, en su orden', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      estudios: ['Rodilla', 'Mano'],
    })
    const informe = await abrir(atencion)
    const conclusion = informe.contenido.conclusion!
    expect(conclusion[0]).toEqual({ tipo: 'parrafo', tramos: [{ t: 'Rodilla:', n: true }] })
    expect(textoDe(conclusion)).toBe(
      'Rodilla:\nRodilla sin alteraciones radiográficas significativas.\nMano:\nMano sin alteraciones radiográficas significativas.',
    )
  })

  it('un estudio sin plantilla empieza vacío', async () => {
    await t.db.sql`insert into estudios (modalidad, codigo, nombre, duracion_minutos)
      values ('RX', 'RX-HOMBRO-P', 'Hombro de prueba', 10)`
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      estudios: ['Hombro de prueba'],
    })
    expect((await abrir(atencion)).contenido).toEqual({})
  })

  it('el administrador la lee y la guarda; lo que no cabe en un informe es un 400 que no cambia nada', async () => {
    const id = await estudioId('RX-CRANEO')
    const url = `/configuracion/estudios/${id}/plantilla`
    const antes = (await t.app.inject({ url, headers: admin })).json() as Plantilla
    expect(textoDe(antes.contenido.conclusion)).toContain('Cráneo')

    const mala = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { contenido: { adenda: [parrafo('No va aquí.')] } },
    })
    expect(mala.statusCode).toBe(400)
    expect(mala.json().errores).toEqual([{ campo: 'contenido.adenda', mensaje: M.adenda }])
    const control = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { contenido: { hallazgos: [parrafo('Texto\u0007 raro')] } },
    })
    expect(control.statusCode).toBe(400)
    expect((await t.app.inject({ url, headers: admin })).json()).toEqual(antes)

    const nueva = { conclusion: [parrafo('Cráneo normal.')] }
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { contenido: nueva },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ estudioId: id, contenido: nueva })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'plantilla.guardada',
      usuario: 'prueba.admin',
      detalle: { estudio: id },
    })
    const paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      estudios: ['Cráneo'],
    })
    expect((await abrir(atencion)).contenido).toEqual(nueva)
  })

  it('un estudio de laboratorio no tiene plantilla, y uno que no existe es un 404', async () => {
    const lab = await t.app.inject({
      url: `/configuracion/estudios/${await estudioId('LAB-GLUCOSA')}/plantilla`,
      headers: admin,
    })
    expect(lab.statusCode).toBe(400)
    expect(lab.json().errores[0].mensaje).toBe(M.laboratorio)
    const nada = await t.app.inject({
      url: '/configuracion/estudios/999999/plantilla',
      headers: admin,
    })
    expect(nada.statusCode).toBe(404)
    expect(nada.json().message).toBe(M.estudioNoEncontrado)
  })
})

describe('las frases', () => {
  const contarFrases = async () =>
    (await t.db.sql<{ n: number }[]>`select count(*)::int as n from frases_informe`)[0]!.n
  const crear = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/configuracion/frases', headers: admin, payload })

  it('se agregan, cambian y quitan; un atajo repetido en el mismo alcance es un 409', async () => {
    const torax = await estudioId('RX-TORAX-PA')
    const res = await crear({ estudioId: torax, atajo: 'enfis', texto: 'Signos de enfisema.' })
    expect(res.statusCode, res.body).toBe(201)
    const frase = res.json() as Frase
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'frase.creada',
      detalle: { frase: frase.id, atajo: 'enfis' },
    })
    const otra = await crear({ estudioId: torax, atajo: 'enfis', texto: 'Otra.' })
    expect(otra.statusCode).toBe(409)
    expect(otra.json().message).toBe(M.atajoRepetido('enfis', true))
    // The seeded «sas» is the clinic's; a study may have its own.
    const global = await crear({ estudioId: null, atajo: 'sas', texto: 'Otra.' })
    expect(global.statusCode).toBe(409)
    expect(global.json().message).toBe(M.atajoRepetido('sas', false))
    expect(
      (await crear({ estudioId: torax, atajo: 'sas', texto: 'Tórax normal.' })).statusCode,
    ).toBe(201)

    const cambio = await t.app.inject({
      method: 'PUT',
      url: `/configuracion/frases/${frase.id}`,
      headers: admin,
      payload: { estudioId: torax, atajo: 'enfisema', texto: 'Signos de enfisema pulmonar.' },
    })
    expect(cambio.statusCode, cambio.body).toBe(200)
    expect(cambio.json()).toMatchObject({
      atajo: 'enfisema',
      texto: 'Signos de enfisema pulmonar.',
    })
    const borrada = await t.app.inject({
      method: 'DELETE',
      url: `/configuracion/frases/${frase.id}`,
      headers: admin,
    })
    expect(borrada.statusCode).toBe(204)
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'frase.borrada' })
    const otraVez = await t.app.inject({
      method: 'DELETE',
      url: `/configuracion/frases/${frase.id}`,
      headers: admin,
    })
    expect(otraVez.statusCode).toBe(404)
  })

  it('un atajo o texto no válidos, o un estudio de laboratorio, son un 400 que no guarda nada', async () => {
    const antes = await contarFrases()
    for (const [cuerpo, campo] of [
      [{ estudioId: null, atajo: 'Con Espacio', texto: 'x' }, 'atajo'],
      [{ estudioId: null, atajo: 'a', texto: 'x' }, 'atajo'],
      [{ estudioId: null, atajo: 'bien', texto: ' con espacio' }, 'texto'],
      [{ estudioId: null, atajo: 'bien', texto: 'dos\nlíneas' }, 'texto'],
      // A phrase that shows nothing, or begins or ends with what shows nothing.
      [{ estudioId: null, atajo: 'bien', texto: '\u200b' }, 'texto'],
      [{ estudioId: null, atajo: 'bien', texto: '\u202eal revés' }, 'texto'],
      [{ estudioId: null, atajo: 'bien', texto: 'fin\u200d' }, 'texto'],
      [{ estudioId: await estudioId('LAB-TSH'), atajo: 'bien', texto: 'x' }, 'estudioId'],
      [{ estudioId: 999999, atajo: 'bien', texto: 'x' }, 'estudioId'],
    ] as const) {
      const res = await crear(cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json().errores[0].campo).toBe(campo)
    }
    const despues = await contarFrases()
    expect(despues).toBe(antes)
  })
})

describe('el visor', () => {
  const poner = (url: string | null) =>
    t.app.inject({ method: 'PUT', url: '/configuracion/visor', headers: admin, payload: { url } })

  it('guarda una dirección con sus marcas y rechaza la que no las lleva', async () => {
    const buena = 'https://pacs.clinica.example/viewer?StudyInstanceUIDs={studyInstanceUid}'
    expect((await poner(buena)).json()).toEqual({ url: buena })
    expect(await ultimoEvento(t)).toMatchObject({ accion: 'visor.modificado' })
    for (const mala of [
      'https://pacs.clinica.example/viewer',
      'javascript:alert(1)//{studyInstanceUid}',
      'https://pacs clinica/{accessionNumber}',
      // Not blanks to a regular expression, yet nothing a link holds: NUL (PostgreSQL refuses it,
      // which was a 500), other control characters, bidi overrides and zero-width ones.
      'https://pacs.clinica.example/\u0000{studyInstanceUid}',
      'https://pacs.clinica.example/\u0007{studyInstanceUid}',
      'https://pacs.clinica.example/\u0085{studyInstanceUid}',
      'https://pacs.clinica.example/\u202e{studyInstanceUid}',
      'https://pacs.clinica.example/{studyInstanceUid}\u200b',
    ]) {
      const res = await poner(mala)
      expect(res.statusCode, JSON.stringify(mala)).toBe(400)
      expect(res.json().errores[0]).toEqual({ campo: 'url', mensaje: M.visor })
    }
    expect((await t.app.inject({ url: '/configuracion/visor', headers: admin })).json()).toEqual({
      url: buena,
    })
  })
})

describe('junto al editor y en la página del paciente', () => {
  it('los informes anteriores del paciente, la misma modalidad primero; las frases; el visor', async () => {
    const paciente = await insertarPaciente(t.db.sql)
    const eco = await firmado(
      paciente,
      { modalidad: 'Eco', estudios: ['Renal'], llegada: '2026-01-10T15:00:00Z' },
      'Litiasis renal derecha.',
    )
    const viejo = await firmado(
      paciente,
      { estudios: ['Tórax PA'], llegada: '2025-06-01T15:00:00Z' },
      'Neumonía basal derecha.',
    )
    const reemplazado = await firmado(
      paciente,
      { estudios: ['Tórax PA'], llegada: '2025-09-01T15:00:00Z' },
      'Texto que se corrigió.',
    )
    const correccion = (
      await t.app.inject({
        method: 'POST',
        url: `/informes/${reemplazado.id}/correccion`,
        headers: medica,
        payload: { motivo: 'Lateralidad equivocada' },
      })
    ).json() as Informe
    await t.app.inject({
      method: 'POST',
      url: `/informes/${correccion.id}/firmar`,
      headers: medica,
      payload: { contrasena: CONTRASENA_PRUEBA },
    })
    await t.app.inject({
      method: 'PUT',
      url: '/configuracion/visor',
      headers: admin,
      payload: { url: 'https://visor.example/?uid={studyInstanceUid}&acc={accessionNumber}' },
    })
    await t.db.sql`insert into frases_informe (estudio_id, atajo, texto)
      values ((select id from estudios where codigo = 'RX-TORAX-PA'), 'ccc', 'Propia del tórax.')`

    const atencion = await insertarAtencion(t.db.sql, paciente, {
      estado: 'Completado',
      estudios: ['Tórax PA'],
    })
    const [{ uid }] = await t.db.sql<[{ uid: string }]>`
      update atenciones set study_instance_uid = '1.2.840.99.7' where id = ${atencion}
      returning study_instance_uid as uid`
    const actual = await abrir(atencion)
    const res = await t.app.inject({ url: `/informes/${actual.id}/contexto`, headers: medica })
    expect(res.statusCode, res.body).toBe(200)
    const c = res.json() as ContextoInforme
    expect(c.previos.map((p) => [p.informeId, p.conclusion])).toEqual([
      [correccion.id, 'Texto que se corrigió.'],
      [viejo.id, 'Neumonía basal derecha.'],
      [eco.id, 'Litiasis renal derecha.'],
    ])
    expect(c.previos[2]).toMatchObject({ modalidad: 'Eco', estudios: ['Renal'], tipo: 'original' })
    expect(c.visor).toBe(`https://visor.example/?uid=${uid}&acc=${atencion}`)
    const frases = new Map(c.frases.map((f) => [f.atajo, f.texto]))
    expect(frases.get('ccc')).toBe('Propia del tórax.')
    expect(frases.get('cardio')).toContain('cardiotorácico')
    expect(frases.has('esteatosis')).toBe(false)
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'informes.de_paciente',
      usuario: 'prueba.medico',
      detalle: { informe: actual.id, previos: 3 },
    })

    const lista = await t.app.inject({ url: `/pacientes/${paciente}/informes`, headers: medica })
    expect(lista.statusCode, lista.body).toBe(200)
    const atenciones = lista.json() as InformesAtencion[]
    expect(atenciones.map((a) => a.versiones.map((v) => [v.tipo, v.estado]))).toEqual([
      [['original', 'borrador']],
      [['original', 'final']],
      [
        ['original', 'final'],
        ['correccion', 'final'],
      ],
      [['original', 'final']],
    ])
    expect(atenciones[2]!.versiones[0]).toMatchObject({
      id: reemplazado.id,
      reemplazadoPor: correccion.id,
      firmante: expect.any(String),
    })
    expect(atenciones[2]!.versiones[1]).toMatchObject({ motivo: 'Lateralidad equivocada' })
  })

  it('un paciente o informe que no existe es un 404', async () => {
    const p = await t.app.inject({ url: '/pacientes/999999/informes', headers: medica })
    expect(p.statusCode).toBe(404)
    const i = await t.app.inject({ url: '/informes/999999/contexto', headers: medica })
    expect(i.statusCode).toBe(404)
  })
})
