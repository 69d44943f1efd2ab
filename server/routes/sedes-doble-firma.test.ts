// A sede's second signature through the real app on PostgreSQL (migration 0053's
// `sedes.informe_doble_firma`): an admin turns it on in PATCH /configuracion/sedes/:nombre, audited;
// a médico's signature then leaves an informe preliminar and another médico's makes it final. Turned
// off, a new informe is final at the first signature and one already preliminar still needs another
// médico. Anything but a boolean is a Spanish 400 that changes nothing; only admins may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_INFORMES as M, type Informe } from '../../shared/informes.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente, ultimoEvento } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
let medica: Record<string, string>
let otro: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  medica = await t.login('medico')
  await crearUsuario(t.db.sql, {
    usuario: 'rosa.quispe',
    nombre: 'Dra. Rosa Quispe',
    rol: 'medico',
    colegiatura: 'CMP 51877',
    contrasena: CONTRASENA_PRUEBA,
  })
  otro = await iniciarSesionPrueba(t.app, t.config, 'rosa.quispe')
}, 120_000)
afterAll(() => t?.close())

const cambiar = (sede: string, payload: unknown, headers = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/configuracion/sedes/${encodeURIComponent(sede)}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })
const firmar = (id: number, headers = medica) =>
  t.app.inject({
    method: 'POST',
    url: `/informes/${id}/firmar`,
    headers,
    payload: { contrasena: CONTRASENA_PRUEBA },
  })
const conclusion = [{ tipo: 'parrafo', tramos: [{ t: 'Sin hallazgos patológicos.' }] }]

/** A completed RX atención at the sede with a draft the médica holds, ready to sign. */
async function borrador(sede: string): Promise<Informe> {
  const paciente = await insertarPaciente(t.db.sql)
  const atencion = await insertarAtencion(t.db.sql, paciente, { sede, estado: 'Completado' })
  const abierto = await t.app.inject({
    method: 'POST',
    url: `/atenciones/${atencion}/informe`,
    headers: medica,
  })
  expect(abierto.statusCode, abierto.body).toBe(201)
  const creado = abierto.json<Informe>()
  const res = await t.app.inject({
    method: 'PUT',
    url: `/informes/${creado.id}`,
    headers: { ...medica, 'if-match': `"${creado.revision}"` },
    payload: { contenido: { conclusion } },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const estadoAtencion = async (id: number) =>
  (await t.db.sql<{ estado: string }[]>`select estado from atenciones where id = ${id}`)[0]!.estado

describe('segunda firma de una sede', () => {
  it('ninguna sede la pide al comienzo; se lista con la sede', async () => {
    const res = await t.app.inject({ url: '/configuracion/sedes', headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { nombre: 'Lima', activa: true, informeDobleFirma: false, laboratorioAutovalidacion: false },
      {
        nombre: 'Arequipa',
        activa: true,
        informeDobleFirma: false,
        laboratorioAutovalidacion: false,
      },
      { nombre: 'Cusco', activa: true, informeDobleFirma: false, laboratorioAutovalidacion: false },
    ])
  })

  it('el administrador la activa: la primera firma deja el informe preliminar y la de otro médico lo deja final', async () => {
    const res = await cambiar('Arequipa', { informeDobleFirma: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      nombre: 'Arequipa',
      activa: true,
      informeDobleFirma: true,
      laboratorioAutovalidacion: false,
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sede.modificada',
      usuario: 'prueba.admin',
      detalle: { sede: 'Arequipa', informeDobleFirma: true },
    })
    const catalogos = await t.app.inject({ url: '/catalogos', headers: t.headers })
    expect(catalogos.json().sedes).toContainEqual({
      nombre: 'Arequipa',
      activa: true,
      informeDobleFirma: true,
      laboratorioAutovalidacion: false,
    })

    const informe = await borrador('Arequipa')
    const primera = await firmar(informe.id)
    expect(primera.statusCode, primera.body).toBe(200)
    expect(primera.json()).toMatchObject({
      estado: 'preliminar',
      preliminar: { nombre: 'Médica de Prueba' },
      firma: null,
    })
    expect(await estadoAtencion(informe.atencionId)).toBe('Completado')
    const misma = await firmar(informe.id)
    expect(misma.statusCode).toBe(409)
    expect(misma.json().message).toBe(M.mismoFirmante)

    const segunda = await firmar(informe.id, otro)
    expect(segunda.statusCode, segunda.body).toBe(200)
    expect(segunda.json()).toMatchObject({
      estado: 'final',
      preliminar: { nombre: 'Médica de Prueba' },
      firma: { nombre: 'Dra. Rosa Quispe', colegiatura: 'CMP 51877' },
    })
    expect(await estadoAtencion(informe.atencionId)).toBe('Informado')
    // Another sede still signs once.
    const lima = await borrador('Lima')
    expect((await firmar(lima.id)).json()).toMatchObject({ estado: 'final' })
  })

  it('renombrar o desactivar la sede conserva la segunda firma', async () => {
    expect((await cambiar('Arequipa', { nombre: 'Arequipa Centro' })).json()).toEqual({
      nombre: 'Arequipa Centro',
      activa: true,
      informeDobleFirma: true,
      laboratorioAutovalidacion: false,
    })
    expect(
      (await cambiar('Arequipa Centro', { nombre: 'Arequipa', activa: false })).json(),
    ).toEqual({
      nombre: 'Arequipa',
      activa: false,
      informeDobleFirma: true,
      laboratorioAutovalidacion: false,
    })
    expect((await cambiar('Arequipa', { activa: true })).json()).toEqual({
      nombre: 'Arequipa',
      activa: true,
      informeDobleFirma: true,
      laboratorioAutovalidacion: false,
    })
  })

  it('desactivada: un informe nuevo queda final con una firma; uno ya preliminar sigue esperando a otro médico', async () => {
    const pendiente = await borrador('Arequipa')
    expect((await firmar(pendiente.id)).json()).toMatchObject({ estado: 'preliminar' })

    const res = await cambiar('Arequipa', { informeDobleFirma: false })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      nombre: 'Arequipa',
      activa: true,
      informeDobleFirma: false,
      laboratorioAutovalidacion: false,
    })
    expect((await ultimoEvento(t)).detalle).toEqual({ sede: 'Arequipa', informeDobleFirma: false })

    const nuevo = await borrador('Arequipa')
    const una = await firmar(nuevo.id)
    expect(una.statusCode, una.body).toBe(200)
    expect(una.json()).toMatchObject({ estado: 'final', preliminar: null })

    const misma = await firmar(pendiente.id)
    expect(misma.statusCode).toBe(409)
    expect(misma.json().message).toBe(M.mismoFirmante)
    expect((await firmar(pendiente.id, otro)).json()).toMatchObject({
      estado: 'final',
      preliminar: { nombre: 'Médica de Prueba' },
      firma: { nombre: 'Dra. Rosa Quispe' },
    })
  })

  it('algo que no es sí o no es un 400 en español, y sin permiso un 403: nada cambia', async () => {
    const sedes = () =>
      t.db.sql`select nombre, activa, informe_doble_firma from sedes order by nombre`
    const eventos = async () =>
      (
        await t.db.sql<{ n: number }[]>`select count(*)::int as n from auditoria
        where accion = 'sede.modificada'`
      )[0]!.n
    const antes = await sedes()
    const auditados = await eventos()
    const mensaje = 'Indique si los informes de la sede necesitan una segunda firma'
    for (const valor of ['sí', 'true', 1, 0, null, [], {}]) {
      for (const payload of [
        { informeDobleFirma: valor },
        { informeDobleFirma: valor, nombre: 'Cusco Sur', activa: false },
      ]) {
        const res = await cambiar('Cusco', payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(res.json().message).toBe('Datos inválidos')
        expect(res.json().errores).toContainEqual({ campo: 'informeDobleFirma', mensaje })
      }
    }
    for (const rol of ['recepcion', 'tecnologo', 'medico'] as const) {
      const res = await cambiar('Cusco', { informeDobleFirma: true }, await t.login(rol))
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
    }
    expect((await cambiar('Tacna', { informeDobleFirma: true })).statusCode).toBe(404)
    expect(await sedes()).toEqual(antes)
    expect(await eventos()).toBe(auditados)
  })
})
