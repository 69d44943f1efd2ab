// Signing in to a server started as a process: the headers a browser of that origin would send.
export const ADMIN_PRUEBA = { usuario: 'admin', contrasena: 'clave-de-prueba-larga' }

/** Env that creates the first admin the process tests sign in with. */
export const ENV_ADMIN = {
  ADMIN_USER: ADMIN_PRUEBA.usuario,
  ADMIN_PASSWORD: ADMIN_PRUEBA.contrasena,
}

/** The cookies a response set, as the next request sends them back. */
export const cookieDe = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** POST /sesion; answers cookie, same-origin Origin and JSON content type for later calls. */
export async function iniciarSesionProceso(
  url: string,
  { usuario, contrasena } = ADMIN_PRUEBA,
): Promise<Record<string, string>> {
  const res = await fetch(`${url}/sesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ usuario, contrasena }),
  })
  if (res.status !== 200)
    throw new Error(`No se pudo iniciar sesión como ${usuario}: ${res.status} ${await res.text()}`)
  return { cookie: cookieDe(res), origin: url, 'content-type': 'application/json' }
}
