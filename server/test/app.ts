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
  /** A new session of the test account with that role (`prueba.admin` or `prueba.recepcion`). */
  login(rol?: Rol): Promise<Record<string, string>>
  close(): Promise<void>
}

/** The test account of each role: a physician signs with a colegiatura, a technologist may. */
export const CUENTAS_PRUEBA: Record<Rol, { nombre: string; colegiatura?: string }> = {
  recepcion: { nombre: 'Personal de Prueba' },
  tecnologo: { nombre: 'Tecnólogo de Prueba', colegiatura: 'CTMP 1234' },
  medico: { nombre: 'Médica de Prueba', colegiatura: 'CMP 45821 RNE 12345' },
  admin: { nombre: 'Administración de Prueba' },
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
  const login = async (rol: Rol = 'recepcion') => {
    const usuario = `prueba.${rol}`
    if (!creados.has(rol)) {
      const { nombre, colegiatura } = CUENTAS_PRUEBA[rol]
      await crearUsuario(db.sql, {
        usuario,
        nombre,
        rol,
        colegiatura,
        contrasena: CONTRASENA_PRUEBA,
      })
      creados.add(rol)
    }
    return iniciarSesionPrueba(app, config, usuario)
  }
  const headers = await login('recepcion')
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
