// The temporary password «Restablecer contraseña» made, shown once for the admin to hand over.
import type { UsuarioDetalle } from '../../../shared/usuarios.js'
import { IconCheck } from '../../components/icons.js'
import { Modal } from '../../components/modal.js'

export function ContrasenaTemporal({
  cuenta,
  clave,
  onVolver,
}: {
  cuenta: UsuarioDetalle
  clave: string
  onVolver: () => void
}) {
  return (
    <Modal labelledBy="temporal-titulo" describedBy="temporal-nota" onVolver={onVolver}>
      <div className="dialog__icon" aria-hidden="true">
        <IconCheck />
      </div>
      <h2 id="temporal-titulo">Contraseña temporal de {cuenta.usuario}</h2>
      <code className="contrasena-temporal mono" data-testid="contrasena-temporal">
        {clave}
      </code>
      <p id="temporal-nota">
        Anótela ahora y entréguela a {cuenta.nombre || cuenta.usuario} en privado: no se volverá a
        mostrar y no queda guardada en ninguna parte. Sus sesiones abiertas se cerraron.
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" autoFocus onClick={onVolver}>
          Entendido
        </button>
      </div>
    </Modal>
  )
}
