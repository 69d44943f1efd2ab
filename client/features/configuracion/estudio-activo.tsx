// The question before a study is deactivated or activated again, from its row or its form.
import type { EstudioCatalogo } from '../../../shared/configuracion.js'
import { useEtiquetaModalidad } from '../../state/catalogos.js'
import { PreguntaActivo } from './tabla-catalogo.js'

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
    <PreguntaActivo
      id="confirmar-estudio"
      que={`el estudio ${nombre}`}
      activar={activo}
      efecto={
        activo
          ? `${nombre} podrá elegirse de nuevo en las atenciones nuevas de ${modalidad}.`
          : `Las atenciones que ya lo tienen lo conservan, pero ${nombre} no podrá elegirse en atenciones nuevas de ${modalidad}.`
      }
      onVolver={onVolver}
      onConfirmar={onConfirmar}
    />
  )
}
