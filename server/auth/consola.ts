// `npm run usuarios -- crear|listar|desactivar|activar|clave …`: account management from a shell,
// with the API's rules. Passwords come from standard input only, never from an argument (the
// shell history and the process list would keep them).
import type { Evento } from '../queries/auditoria.js'
import type { Sql } from '../db.js'
import { ROLES, type Rol } from '../../shared/sesion.js'
import {
  MENSAJES_USUARIOS,
  normalizarColegiatura,
  problemaColegiatura,
  USUARIO_PATRON,
  usuarioReservado,
} from '../../shared/usuarios.js'
import { problemaContrasena } from './contrasenas.js'
import {
  buscarPorNombre,
  cambiarContrasena,
  cambiarUsuario,
  crearUsuario,
  listarUsuarios,
  ULTIMO_ADMIN,
} from './usuarios.js'

export interface Consola {
  sql: Sql
  /** Reads the password from standard input (asked twice, without echo, on a terminal). */
  leerContrasena(): Promise<string>
  escribir(linea: string): void
}

export const AYUDA = `Uso: npm run usuarios -- <comando>
  listar                                     lista las cuentas
  crear <usuario> [--nombre "Nombre"] [--rol recepcion|tecnologo|medico|admin]
        [--colegiatura "CMP 45821"]          crea una cuenta (rol por defecto: recepcion;
                                             un médico necesita su colegiatura)
  desactivar <usuario>                       desactiva la cuenta y cierra sus sesiones
  activar <usuario>                          vuelve a activar la cuenta
  clave <usuario>                            cambia la contraseña y cierra sus sesiones
La contraseña se lee de la entrada estándar (en una terminal se pide dos veces, sin mostrarla):
  echo 'una-clave-larga' | npm run usuarios -- clave admin`

export class ErrorConsola extends Error {}

function opciones(args: string[]): { posicionales: string[]; banderas: Map<string, string> } {
  const posicionales: string[] = []
  const banderas = new Map<string, string>()
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (!a.startsWith('--')) {
      posicionales.push(a)
      continue
    }
    const [nombre, valor] = a.includes('=')
      ? [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
      : [a.slice(2), args[++i]]
    if (/^(contrasena|contraseña|clave|password)$/i.test(nombre)) {
      throw new ErrorConsola(
        'La contraseña nunca va como argumento: se lee de la entrada estándar.',
      )
    }
    if (valor === undefined) throw new ErrorConsola(`Falta el valor de --${nombre}`)
    banderas.set(nombre, valor)
  }
  return { posicionales, banderas }
}

/** The audit record of a change made here; the change writes it in its own transaction. */
const evento = (
  accion: 'usuario.creado' | 'usuario.modificado' | 'usuario.contrasena',
  detalle: Record<string, unknown>,
): Evento => ({
  accion,
  usuarioId: null,
  usuario: null,
  direccion: null,
  detalle: { ...detalle, origen: 'consola' },
})

async function nuevaContrasena(c: Consola, usuario: string): Promise<string> {
  const contrasena = await c.leerContrasena()
  const problema = problemaContrasena(contrasena, usuario)
  if (problema) throw new ErrorConsola(`Contraseña rechazada: ${problema}`)
  return contrasena
}

async function cuenta(c: Consola, usuario: string | undefined) {
  if (!usuario) throw new ErrorConsola('Indique el nombre de usuario')
  const encontrada = await buscarPorNombre(c.sql, usuario)
  if (!encontrada) throw new ErrorConsola(`${MENSAJES_USUARIOS.noEncontrado}: ${usuario}`)
  return encontrada
}

/** Runs one command; throws ErrorConsola with a Spanish message for anything the user got wrong. */
export async function ejecutarUsuarios(args: string[], c: Consola): Promise<void> {
  const [comando, ...resto] = args
  const { posicionales, banderas } = opciones(resto)
  const [usuario] = posicionales
  switch (comando) {
    case 'listar': {
      const lista = await listarUsuarios(c.sql)
      for (const u of lista)
        c.escribir(`${u.usuario}\t${u.rol}\t${u.activo ? 'activo' : 'inactivo'}\t${u.nombre}`)
      if (lista.length === 0) c.escribir('No hay cuentas.')
      return
    }
    case 'crear': {
      if (!usuario || !new RegExp(USUARIO_PATRON).test(usuario))
        throw new ErrorConsola(`Usuario inválido. ${MENSAJES_USUARIOS.usuario}`)
      if (usuarioReservado(usuario))
        throw new ErrorConsola(`Usuario inválido. ${MENSAJES_USUARIOS.reservado}`)
      const rol = (banderas.get('rol') ?? 'recepcion') as Rol
      if (!ROLES.includes(rol)) throw new ErrorConsola(`Rol inválido: use ${ROLES.join(', ')}`)
      const colegiatura = normalizarColegiatura(banderas.get('colegiatura'))
      const problema = problemaColegiatura(rol, colegiatura)
      if (problema) throw new ErrorConsola(`Colegiatura inválida. ${problema}`)
      const nombre = (banderas.get('nombre') ?? usuario).trim()
      if (nombre.length < 1 || nombre.length > 120)
        throw new ErrorConsola('El nombre debe tener de 1 a 120 caracteres')
      const contrasena = await nuevaContrasena(c, usuario)
      const datos = { usuario, nombre, rol, colegiatura: colegiatura ?? undefined, contrasena }
      const creado = await crearUsuario(c.sql, datos, (n) =>
        evento('usuario.creado', { cuenta: n.usuario, rol }),
      )
      if (!creado) throw new ErrorConsola(`${MENSAJES_USUARIOS.duplicado}: ${usuario}`)
      c.escribir(`Cuenta creada: ${creado.usuario} (${rol})`)
      return
    }
    case 'desactivar':
    case 'activar': {
      const u = await cuenta(c, usuario)
      const activo = comando === 'activar'
      const cambio = await cambiarUsuario(c.sql, u.id, { activo }, () =>
        evento('usuario.modificado', { cuenta: u.usuario, activo }),
      )
      if (cambio === ULTIMO_ADMIN) throw new ErrorConsola(MENSAJES_USUARIOS.ultimoAdmin)
      c.escribir(
        activo
          ? `Cuenta activada: ${u.usuario}`
          : `Cuenta desactivada y sesiones cerradas: ${u.usuario}`,
      )
      return
    }
    case 'clave': {
      const u = await cuenta(c, usuario)
      const contrasena = await nuevaContrasena(c, u.usuario)
      await cambiarContrasena(
        c.sql,
        u.id,
        contrasena,
        evento('usuario.contrasena', { cuenta: u.usuario }),
      )
      c.escribir(`Contraseña cambiada y sesiones cerradas: ${u.usuario}`)
      return
    }
    default:
      throw new ErrorConsola(comando ? `Comando desconocido: ${comando}\n${AYUDA}` : AYUDA)
  }
}
