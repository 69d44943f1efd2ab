// The bench's own accounts and the calls its preparations make with them: requests as a signed-in
// browser sends them, and tasks run a few at a time.
import { cookieDe } from '../server/test/process-session.js'
import type { Servidor } from './server.js'

export interface CuentaBanco {
  usuario: string
  nombre: string
  rol: string
  colegiatura?: string
  contrasena: string
}

/** Who the plan check's statements act as: nobody, from nowhere (each rolled back with its plan). */
export const NADIE = { usuarioId: null, usuario: null, direccion: null } as const

/** The médico who signs informes and validates lab results. */
export const MEDICO: CuentaBanco = {
  usuario: 'banco.medico',
  nombre: 'Dra. Banco de Pruebas',
  rol: 'medico',
  colegiatura: 'CMP 99999',
  contrasena: 'banco-de-pruebas-medico',
}

export async function pedir(
  s: Servidor,
  metodo: string,
  ruta: string,
  cuerpo?: unknown,
  headers = s.headers,
): Promise<Response> {
  if (cuerpo === undefined) {
    // A JSON content type with no body is a 400, as a browser's empty POST would not send.
    const { 'content-type': _, ...sinCuerpo } = headers
    return fetch(s.url + ruta, { method: metodo, headers: sinCuerpo })
  }
  return fetch(s.url + ruta, { method: metodo, headers, body: JSON.stringify(cuerpo) })
}

export async function exigir(res: Response, que: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${que}: ${res.status} ${await res.text()}`)
  return (await res.json()) as Record<string, unknown>
}

/** `n` tasks, `conexiones` at a time. */
export async function enParalelo(
  n: number,
  conexiones: number,
  tarea: (i: number) => Promise<void>,
) {
  let siguiente = 0
  await Promise.all(
    Array.from({ length: conexiones }, async () => {
      while (siguiente < n) await tarea(siguiente++)
    }),
  )
}

/** The account (created by the admin unless an earlier run made it) signed in: its headers. */
export async function sesionDe(s: Servidor, cuenta: CuentaBanco): Promise<Record<string, string>> {
  const creada = await pedir(s, 'POST', '/usuarios', cuenta)
  // 409: an earlier run made it, with the same password.
  if (creada.status !== 201 && creada.status !== 409)
    throw new Error(`No se pudo crear la cuenta ${cuenta.usuario}: ${creada.status}`)
  // Without the admin's cookie: signing in over a session ends that session.
  const { cookie: _, ...sinSesion } = s.headers
  const sesion = await pedir(
    s,
    'POST',
    '/sesion',
    { usuario: cuenta.usuario, contrasena: cuenta.contrasena },
    sinSesion,
  )
  await exigir(sesion, `Sesión de ${cuenta.usuario}`)
  return {
    ...s.headers,
    cookie: cookieDe(sesion),
  }
}
