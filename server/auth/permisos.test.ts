// The permission table (shared/permisos.ts) is what the server does: every operation of the
// OpenAPI document, called by every role, answers the Spanish 403 exactly when the table says the
// role lacks its permiso, and a refused call changes nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  LISTA_PERMISOS,
  NOMBRE_ROL,
  PERMISOS,
  puede,
  sinPermiso,
  type Permiso,
} from '../../shared/permisos.js'
import { ROLES, type Rol } from '../../shared/sesion.js'
import type { Sql } from '../db.js'
import { ROOT } from '../paths.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { rutasRegistradas } from './plugin.js'

interface Operacion {
  method: string
  url: string
  permiso: Permiso
}

/** Calls that may end the caller's own session go last, logging out the very last. */
const TERMINA_SESION = ['DELETE /sesion/sesiones', 'DELETE /sesion']
const turno = (o: Operacion) => TERMINA_SESION.indexOf(`${o.method} ${o.url}`)

const VALORES: Record<string, string> = {
  id: '999999',
  nombre: 'Sede Inexistente',
  valor: 'NOEXISTE',
  uid: '1.2.840.999',
}

const rellenar = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_, nombre: string) => encodeURIComponent(VALORES[nombre] ?? '1'))

/**
 * What is stored, table by table: every table's rows but the sessions' (each call touches its own
 * session's last use) and the migrations' ledger.
 */
async function huella(sql: Sql): Promise<Record<string, string>> {
  const tablas = await sql<{ t: string }[]>`
    select tablename as t from pg_tables
    where schemaname = 'public' and tablename not in ('sesiones', 'migraciones') order by 1`
  const huellas: Record<string, string> = {}
  for (const { t } of tablas) {
    const [fila] = await sql.unsafe<{ h: string | null }[]>(
      `select md5(string_agg(x::text, '|' order by x::text)) as h from "${t}" x`,
    )
    huellas[t] = fila?.h ?? 'vacía'
  }
  return huellas
}

/** The table as docs/seguridad.md shows it (a test keeps the two equal). */
function tablaPermisosMarkdown(): string {
  const cabecera = `| permiso | qué permite | ${ROLES.map((r) => NOMBRE_ROL[r]).join(' | ')} |`
  const linea = `|---|---|${ROLES.map(() => ':-:').join('|')}|`
  const filas = LISTA_PERMISOS.map(
    (p) =>
      `| \`${p}\` | ${PERMISOS[p].descripcion} | ${ROLES.map((r) => (puede(r, p) ? 'sí' : '—')).join(' | ')} |`,
  )
  return [cabecera, linea, ...filas].join('\n')
}

let t: TestApp
let operaciones: Operacion[]

beforeAll(async () => {
  t = await createTestApp()
  const admin = await t.login('admin')
  const doc = (await t.app.inject({ url: '/docs/json', headers: admin })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  const registradas = new Map(rutasRegistradas(t.app).map((r) => [`${r.method} ${r.url}`, r]))
  operaciones = []
  for (const [ruta, metodos] of Object.entries(doc.paths)) {
    const url = ruta.replace(/\{([A-Za-z]+)\}/g, ':$1')
    for (const metodo of Object.keys(metodos)) {
      const method = metodo.toUpperCase()
      const registrada = registradas.get(`${method} ${url}`)
      expect(registrada, `${method} ${url} está en el documento pero no registrada`).toBeDefined()
      if (!registrada!.auth) continue
      expect(registrada!.permiso, `${method} ${url} no nombra su permiso`).toBeDefined()
      operaciones.push({ method, url, permiso: registrada!.permiso! })
    }
  }
  operaciones.sort((a, b) => turno(a) - turno(b))
})
afterAll(async () => t?.close())

async function llamar(op: Operacion, headers: Record<string, string>) {
  const conCuerpo = ['POST', 'PUT', 'PATCH'].includes(op.method)
  return t.app.inject({
    method: op.method as 'GET',
    url: rellenar(op.url),
    headers: { ...headers, accept: 'application/json' },
    ...(conCuerpo ? { payload: {} } : {}),
  })
}

describe('la tabla de permisos decide cada llamada', () => {
  it('el documento OpenAPI lista las llamadas de cada permiso y dice quién puede hacerlas', async () => {
    expect(operaciones.length).toBeGreaterThan(60)
    const usados = new Set(operaciones.map((o) => o.permiso))
    for (const permiso of Object.keys(PERMISOS)) expect(usados, permiso).toContain(permiso)
    const doc = (await t.app.inject({ url: '/docs/json', headers: t.headers })).json() as {
      paths: Record<string, Record<string, { description?: string }>>
    }
    expect(doc.paths['/usuarios']!.get!.description).toBe('Permiso `usuarios`: Administrador')
  })

  for (const rol of ROLES) {
    it(`${rol}: un 403 en español donde la tabla lo niega, y nada guardado cambia`, async () => {
      const headers = await t.login(rol)
      const negadas = operaciones.filter((o) => !puede(rol, o.permiso))
      const antes = await huella(t.db.sql)
      for (const op of negadas) {
        const res = await llamar(op, headers)
        expect(res.statusCode, `${rol} ${op.method} ${op.url}`).toBe(403)
        expect(res.json(), `${rol} ${op.method} ${op.url}`).toEqual({
          message: sinPermiso(op.permiso, rol),
        })
      }
      expect(await huella(t.db.sql)).toEqual(antes)
    })

    it(`${rol}: donde la tabla lo permite, la llamada pasa a su manejador`, async () => {
      const headers = await t.login(rol)
      for (const op of operaciones.filter((o) => puede(rol, o.permiso))) {
        const res = await llamar(op, headers)
        const negada =
          res.statusCode === 403 &&
          (res.json() as { message: string }).message === sinPermiso(op.permiso, rol)
        expect(negada, `${rol} ${op.method} ${op.url}: ${res.statusCode} ${res.body}`).toBe(false)
        expect(res.statusCode, `${rol} ${op.method} ${op.url}: ${res.body}`).not.toBe(401)
        expect(res.statusCode, `${rol} ${op.method} ${op.url}: ${res.body}`).toBeLessThan(500)
      }
    })
  }

  it('docs/seguridad.md muestra la tabla tal como es', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'seguridad.md'), 'utf8')
    expect(doc).toContain(tablaPermisosMarkdown())
  })

  it('la recepción hace lo que hacía `personal`; el médico y el tecnólogo, lo de su oficio, también en el laboratorio', () => {
    const de = (rol: Rol) => LISTA_PERMISOS.filter((p) => puede(rol, p)).sort()
    // What a professional signs or validates is theirs alone; an admin does the rest.
    const profesionales: Permiso[] = [
      'informes.redactar',
      'informes.firmar',
      'resultados.ingresar',
      'resultados.validar',
    ]
    expect(de('admin')).toEqual(LISTA_PERMISOS.filter((p) => !profesionales.includes(p)).sort())
    // What `personal` held: everything but the admins' and, new with the roles, the informes' and
    // the lab results'; it registers and receives the lab's samples.
    expect(de('recepcion')).toEqual(
      LISTA_PERMISOS.filter(
        (p) =>
          !(PERMISOS[p].roles as readonly Rol[]).every((r) => r === 'admin') &&
          !p.startsWith('informes.') &&
          !p.startsWith('resultados.'),
      )
        .concat(['informes.ver'])
        .sort(),
    )
    expect(de('recepcion')).toContain('muestras.gestionar')
    expect(de('medico')).toEqual(
      [
        'sesion.propia',
        'pacientes.ver',
        'estadisticas.ver',
        'informes.ver',
        'informes.redactar',
        'informes.firmar',
        'informes.liberar',
        'resultados.validar',
        'hallazgos.comunicar',
      ].sort(),
    )
    expect(de('tecnologo')).toContain('atenciones.avanzar')
    expect(de('tecnologo')).not.toContain('citas.gestionar')
    // The lab's technologist takes and receives samples, types results and, when enabled, validates.
    for (const p of ['muestras.gestionar', 'resultados.ingresar', 'resultados.validar'] as const)
      expect(de('tecnologo')).toContain(p)
    expect(de('tecnologo')).not.toContain('informes.firmar')
  })
})
