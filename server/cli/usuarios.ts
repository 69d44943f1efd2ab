// npm run usuarios -- crear|listar|desactivar|activar|clave …  (see server/auth/consola.ts)
import { ErrorConsola, ejecutarUsuarios } from '../auth/consola.js'
import { ConfigError, loadConfig } from '../config.js'
import { DataDirInUseError, openDatabase } from '../db.js'
import { migrate } from '../migrate.js'

/** On a terminal: asked twice, nothing echoed. Otherwise the first line of standard input. */
async function leerContrasena(): Promise<string> {
  const stdin = process.stdin
  if (!stdin.isTTY) {
    let texto = ''
    for await (const parte of stdin) texto += String(parte)
    return texto.split(/\r?\n/)[0] ?? ''
  }
  const preguntar = (pregunta: string) =>
    new Promise<string>((resolve, reject) => {
      process.stderr.write(pregunta)
      stdin.setRawMode(true)
      stdin.resume()
      let valor = ''
      const alLeer = (datos: Buffer) => {
        for (const ch of datos.toString('utf8')) {
          if (ch === '\r' || ch === '\n') {
            stdin.off('data', alLeer)
            stdin.setRawMode(false)
            stdin.pause()
            process.stderr.write('\n')
            return resolve(valor)
          }
          if (ch === '\u0003') {
            stdin.setRawMode(false)
            return reject(new ErrorConsola('Cancelado'))
          }
          valor = ch === '\u007f' || ch === '\b' ? [...valor].slice(0, -1).join('') : valor + ch
        }
      }
      stdin.on('data', alLeer)
    })
  const primera = await preguntar('Contraseña: ')
  const segunda = await preguntar('Repita la contraseña: ')
  if (primera !== segunda) throw new ErrorConsola('Las contraseñas no coinciden')
  return primera
}

let codigo = 0
try {
  const config = loadConfig()
  const db = await openDatabase(config)
  try {
    await migrate(db.sql)
    await ejecutarUsuarios(process.argv.slice(2), {
      sql: db.sql,
      leerContrasena,
      escribir: (l) => console.log(l),
    })
  } finally {
    await db.close()
  }
} catch (err) {
  if (err instanceof ErrorConsola || err instanceof ConfigError) {
    console.error(err.message)
    codigo = 2
  } else if (err instanceof DataDirInUseError) {
    console.error(
      `${err.message}\nCon la base embebida, detenga el servidor o use la API de administración (/usuarios).`,
    )
    codigo = 1
  } else {
    console.error(`Error: ${(err as Error).message}`)
    codigo = 1
  }
}
process.exitCode = codigo
