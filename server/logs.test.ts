// The log of a login, a registration, a search and a patient view, captured with the production
// logger options: it must hold no password, cookie, document or name.
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { crearUsuario } from './auth/usuarios.js'
import { loggerOptions } from './logger.js'
import { createTestDatabase, type TestDatabase } from './test/database.js'
import { ORIGEN_PRUEBA, testConfig } from './test/app.js'
import { datosPaciente } from './test/factories.js'

let db: TestDatabase
let app: FastifyInstance
let log = ''

beforeAll(async () => {
  db = await createTestDatabase()
  const config = testConfig({ LOG_LEVEL: 'trace' })
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk)
      done()
    },
  })
  const { transport: _pretty, ...opciones } = loggerOptions(config) as Record<string, unknown>
  app = await buildApp({ config, db, logger: { ...opciones, level: 'trace', stream } })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await db.drop()
})

it('no guarda ninguna contraseña, cookie, documento ni nombre, aunque sí registra cada solicitud', async () => {
  const contrasena = 'tomografo-secreto-xyz'
  await crearUsuario(db.sql, {
    usuario: 'maria.lopez',
    nombre: 'Maria Lopez',
    rol: 'recepcion',
    contrasena,
  })
  const fallido = await app.inject({
    method: 'POST',
    url: '/sesion',
    headers: { origin: ORIGEN_PRUEBA },
    payload: { usuario: 'maria.lopez', contrasena: 'clave-equivocada-abc' },
  })
  expect(fallido.statusCode).toBe(401)
  const login = await app.inject({
    method: 'POST',
    url: '/sesion',
    headers: { origin: ORIGEN_PRUEBA },
    payload: { usuario: 'maria.lopez', contrasena },
  })
  expect(login.statusCode).toBe(200)
  const token = login.cookies.find((c) => c.name === 'sesion')!.value
  const headers = { cookie: `sesion=${token}`, origin: ORIGEN_PRUEBA }

  const paciente = datosPaciente({
    primerNombre: 'Zoraida',
    segundoNombre: 'Filomena',
    primerApellido: 'Quispicondori',
    segundoApellido: 'Huamanchumo',
    correoElectronico: 'zoraida.q@correo.pe',
    celular: '987654321',
    acudiente: 'Teodosio Quispicondori',
  })
  const registro = await app.inject({
    method: 'POST',
    url: '/pacientes',
    headers,
    payload: paciente,
  })
  expect(registro.statusCode).toBe(201)
  const { id } = registro.json() as { id: number }
  // A duplicate: the 409 path must not log the document either.
  expect(
    (await app.inject({ method: 'POST', url: '/pacientes', headers, payload: paciente }))
      .statusCode,
  ).toBe(409)
  const busqueda = await app.inject({
    url: `/pacientes/buscar?primerNombre=zoraida&primerApellido=Quispicondori&documento=${paciente.documento}`,
    headers,
  })
  expect(busqueda.statusCode).toBe(200)
  expect(busqueda.json()).toHaveLength(1)
  expect((await app.inject({ url: `/pacientes/${id}`, headers })).statusCode).toBe(200)
  expect(
    (await app.inject({ url: '/pacientes/buscar?fechaInicial=nada', headers })).statusCode,
  ).toBe(400)
  expect((await app.inject({ method: 'DELETE', url: '/sesion', headers })).statusCode).toBe(204)
  // A solicitante's link carries its token in the path: the log keeps the path without it.
  const enlace = 'TokenDeEnlaceDePrueba_1234567890abcdefghijk'
  expect((await app.inject({ url: `/resultados/enlace/${enlace}` })).statusCode).toBe(404)

  // Not vacuous: the requests are there, by method and path.
  expect(log).toContain('"path":"/pacientes/buscar"')
  expect(log).toContain('"path":"/sesion"')
  expect(log).toContain('"path":"/resultados/enlace/[oculto]"')
  const prohibidos = [
    contrasena,
    'clave-equivocada-abc',
    token,
    paciente.documento,
    'Zoraida',
    'zoraida',
    'Filomena',
    'Quispicondori',
    'Huamanchumo',
    'zoraida.q@correo.pe',
    '987654321',
    'Teodosio',
    'Maria Lopez',
    enlace,
  ]
  for (const p of prohibidos) expect(log, p).not.toContain(p)
})
