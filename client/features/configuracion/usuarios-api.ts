// The staff accounts' calls (admins only), each through its shared contract.
import {
  cambiarUsuarioContract,
  crearUsuarioContract,
  listarUsuariosContract,
  restablecerContrasenaContract,
  type CambioUsuario,
  type NuevoUsuario,
} from '../../../shared/usuarios.js'
import { call } from '../../api.js'

export const listarUsuarios = (signal?: AbortSignal) => call(listarUsuariosContract, { signal })

export const crearUsuario = (body: NuevoUsuario) => call(crearUsuarioContract, { body })

export const cambiarUsuario = (id: number, body: CambioUsuario) =>
  call(cambiarUsuarioContract, { params: { id: String(id) }, body })

export const restablecerContrasena = (id: number, contrasena: string) =>
  call(restablecerContrasenaContract, { params: { id: String(id) }, body: { contrasena } })
