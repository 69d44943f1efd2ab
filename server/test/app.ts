// Builds the real app over a fresh test database; tests call it through `inject`, signed in.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.js'
import { nombreCookie } from '../auth/sesiones.js'
import { crearUsuario } from '../auth/usuarios.js'
import { loadConfig, type Config } from '../config.js'
import type { Rol } from '../../shared/sesion.js'
import { createTestDatabase, type TestDatabase } from './database.js'

/** The origin `inject` requests come from by default (host localhost:80). */
export const ORIGEN_PRUEBA = 'http://localhost'
export const CONTRASENA_PRUEBA = 'una-clave-de-prueba-larga'

export interface TestApp {
  app: FastifyInstance
  db: TestDatabase
  config: Config
  /** Headers every call of a signed-in staff member carries (session cookie, same-origin Origin). */
  headers: Record<string, string>
  /** A new session of the test account with that role (`prueba.admin` or `prueba.personal`). */
  login(rol?: Rol): Promise<Record<string, string>>
  close(): Promise<void>
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env })
}

/** Logs in through POST /sesion and returns the headers that carry the session. */
export async function iniciarSesionPrueba(
  app: FastifyInstance,
  config: Config,
  usuario: string,
  contrasena = CONTRASENA_PRUEBA,
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/sesion',
    headers: { origin: ORIGEN_PRUEBA },
    payload: { usuario, contrasena },
  })
  const cookie = res.cookies.find((c) => c.name === nombreCookie(config))
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`No se pudo iniciar sesión como ${usuario}: ${res.statusCode} ${res.body}`)
  return { cookie: `${cookie.name}=${cookie.value}`, origin: ORIGEN_PRUEBA }
}

/** `embedded: true`: on an embedded database even when the run has a PostgreSQL server. */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  { embedded = false } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ embedded })
  const config = testConfig(env)
  const app = await buildApp({ config, db })
  await app.ready()
  const creados = new Set<Rol>()
  const login = async (rol: Rol = 'personal') => {
    const usuario = `prueba.${rol}`
    if (!creados.has(rol)) {
      const nombre = rol === 'admin' ? 'Administración de Prueba' : 'Personal de Prueba'
      await crearUsuario(db.sql, { usuario, nombre, rol, contrasena: CONTRASENA_PRUEBA })
      creados.add(rol)
    }
    return iniciarSesionPrueba(app, config, usuario)
  }
  const headers = await login('personal')
  return {
    app,
    db,
    config,
    headers,
    login,
    async close() {
      await app.close()
      await db.drop()
    },
  }
}
