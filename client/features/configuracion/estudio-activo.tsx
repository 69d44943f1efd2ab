// The question before a study is deactivated or activated again, from its row or its form.
import type { EstudioCatalogo } from '../../../shared/configuracion.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { useEtiquetaModalidad } from '../../state/catalogos.js'

export function DialogoEstudioActivo({
  estudio,
  activo,
  onVolver,
  onConfirmar,
}: {
  estudio: EstudioCatalogo
  /** The state it would get. */
  activo: boolean
  onVolver: () => void
  onConfirmar: () => void
}) {
  const { nombre } = estudio
  const modalidad = useEtiquetaModalidad()(estudio.modalidad)
  return (
    <DialogoConfirmar
      id="confirmar-estudio"
      titulo={activo ? `¿Activar el estudio ${nombre}?` : `¿Desactivar el estudio ${nombre}?`}
      volver="Volver"
      confirmar={activo ? 'Activar' : 'Desactivar'}
      onVolver={onVolver}
      onConfirmar={onConfirmar}
    >
      {activo
        ? `${nombre} podrá elegirse de nuevo en las atenciones nuevas de ${modalidad}.`
        : `Las atenciones que ya lo tienen lo conservan, pero ${nombre} no podrá elegirse en atenciones nuevas de ${modalidad}.`}
    </DialogoConfirmar>
  )
}
