// Correcting a registered atención: the registration form itself, filled in, over the page.
import type { Atencion } from '../../../shared/atenciones.js'
import { AtencionForm } from './atencion-form.js'
import { Modal } from '../../components/modal.js'

export function EditarAtencion({
  atencion,
  onGuardada,
  onVolver,
}: {
  atencion: Atencion
  onGuardada: (a: Atencion) => void
  onVolver: () => void
}) {
  return (
    <Modal className="dialog--form" labelledBy="ed-titulo" onVolver={onVolver}>
      <AtencionForm atencion={atencion} onGuardada={onGuardada} onVolver={onVolver} />
    </Modal>
  )
}
