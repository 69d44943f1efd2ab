// «Modalidad» of an atención, the one select the atención form and each other modality of a
// visit show: «Seleccione…» and the clinic's active modalities (GET /catalogos), by their Spanish
// name.
import type { UseFormRegisterReturn } from 'react-hook-form'
import type { Modalidad } from '../../../shared/catalogos.js'
import { describe, Field } from '../../components/field.js'
import { modalidadesDe, useCatalogos } from '../../state/catalogos.js'

export function ModalidadSelect({
  id,
  error,
  registro,
  excluir = [],
  actual,
}: {
  id: string
  error?: string
  registro: UseFormRegisterReturn
  /** Modalities not offered (a visit offers each one once). */
  excluir?: readonly Modalidad[]
  /** The one an atención has, offered even if deactivated since (a correction may keep it). */
  actual?: Modalidad
}) {
  const catalogo = useCatalogos()
  const opciones = modalidadesDe(catalogo).filter((m) => !excluir.includes(m.valor))
  const guardada = actual && !opciones.some((m) => m.valor === actual) ? actual : null
  return (
    <Field id={id} label="Modalidad" required error={error}>
      <select className="select" {...describe(id, error)} {...registro}>
        <option value="">Seleccione…</option>
        {opciones.map((m) => (
          <option key={m.valor} value={m.valor}>
            {m.etiqueta}
          </option>
        ))}
        {guardada && <option value={guardada}>{guardada}</option>}
      </select>
    </Field>
  )
}
