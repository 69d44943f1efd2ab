// The radiologist's rules on the embedded home (PGlite), as an on-premise clinic without its own
// PostgreSQL runs them: a draft from its template taken by one médico only, a stale save refused
// with the stored version, a wrong password signing nothing, the final signature freezing the PDF
// and taking the atención to Informado, an adenda and a corrección signed the same way, the priors
// beside the next study and the patient's informes with their versions.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContextoInforme, InformesAtencion } from '../../shared/informes-paciente.js'
import { MENSAJES_INFORMES as M, textoDe, type Informe } from '../../shared/informes.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

let t: TestApp
let medica: Record<string, string>
let otro: Record<string, string>

beforeAll(async () => {
  t = await createTestApp({}, { embedded: true })
  medica = await t.login('medico')
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

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const firmar = (id: number, contrasena = CONTRASENA_PRUEBA) =>
  post(`/informes/${id}/firmar`, medica, { contrasena })

describe('informes en la base embebida', () => {
  let paciente: number
  let firmado: Informe

  it('el borrador parte de su plantilla y lo toma uno solo; una versión vieja es un 412', async () => {
    paciente = await insertarPaciente(t.db.sql)
    const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado' })
    const [a, b] = await Promise.all([
      post(`/atenciones/${atencion}/informe`, medica),
      post(`/atenciones/${atencion}/informe`, otro),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201])
    const informe = (a.statusCode === 201 ? a : b).json() as Informe
    expect(textoDe(informe.contenido.conclusion)).toBe(
      'Radiografía de tórax sin alteraciones significativas.',
    )
    // Whoever created it holds it; the médica takes it once it is let go.
    const holder = informe.tomadoPor!.usuario === 'jorge.salas' ? otro : medica
    if (holder === otro) {
      expect((await post(`/informes/${informe.id}/liberar`, otro)).statusCode).toBe(200)
      expect((await post(`/informes/${informe.id}/tomar`, medica)).statusCode).toBe(200)
    }
    const guardar = (revision: number, conclusion: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/informes/${informe.id}`,
        headers: { ...medica, 'if-match': `"${revision}"` },
        payload: {
          contenido: {
            ...informe.contenido,
            conclusion: [{ tipo: 'parrafo', tramos: [{ t: conclusion }] }],
          },
        },
      })
    const actual = (await t.app.inject({ url: `/informes/${informe.id}`, headers: medica })).json()
    const bien = await guardar(actual.revision, 'Tórax normal.')
    expect(bien.statusCode, bien.body).toBe(200)
    const vieja = await guardar(actual.revision, 'Otra cosa.')
    expect(vieja.statusCode).toBe(412)
    expect(textoDe((vieja.json().actual as Informe).contenido.conclusion)).toBe('Tórax normal.')

    const mala = await firmar(informe.id, 'no-es-la-suya')
    expect(mala.json().message).toBe(M.contrasena)
    const res = await firmar(informe.id)
    expect(res.statusCode, res.body).toBe(200)
    firmado = res.json() as Informe
    expect(firmado.estado).toBe('final')
    const pdf = await t.app.inject({ url: `/informes/${firmado.id}/pdf`, headers: medica })
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(firmado.sha256)
    const [fila] = await t.db.sql<{ estado: string }[]>`
      select estado from atenciones where id = ${atencion}`
    expect(fila!.estado).toBe('Informado')
  })

  it('una adenda y una corrección se firman igual; la corrección reemplaza', async () => {
    const adenda = await post(`/informes/${firmado.id}/adenda`, medica, { motivo: 'Comparación' })
    expect(adenda.statusCode, adenda.body).toBe(201)
    const a = adenda.json() as Informe
    await t.app.inject({
      method: 'PUT',
      url: `/informes/${a.id}`,
      headers: { ...medica, 'if-match': `"${a.revision}"` },
      payload: { contenido: { adenda: [{ tipo: 'parrafo', tramos: [{ t: 'Sin cambios.' }] }] } },
    })
    expect((await firmar(a.id)).json().estado).toBe('final')
    const correccion = await post(`/informes/${firmado.id}/correccion`, medica, {
      motivo: 'Lateralidad',
    })
    expect(correccion.statusCode, correccion.body).toBe(201)
    const c = correccion.json() as Informe
    expect((await firmar(c.id)).json().estado).toBe('final')
    const base = (await t.app.inject({ url: `/informes/${firmado.id}`, headers: medica })).json()
    expect(base.reemplazadoPor).toBe(c.id)
  })

  it('el estudio siguiente ve el anterior al lado, y la ficha lista sus versiones', async () => {
    const siguiente = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado' })
    const nuevo = (await post(`/atenciones/${siguiente}/informe`, medica)).json() as Informe
    const c = (
      await t.app.inject({ url: `/informes/${nuevo.id}/contexto`, headers: medica })
    ).json() as ContextoInforme
    expect(c.previos.map((p) => p.tipo)).toEqual(['correccion', 'adenda'])
    const lista = (
      await t.app.inject({ url: `/pacientes/${paciente}/informes`, headers: medica })
    ).json() as InformesAtencion[]
    expect(lista.map((a) => a.versiones.map((v) => v.tipo))).toEqual([
      ['original'],
      ['original', 'adenda', 'correccion'],
    ])
  })
})
