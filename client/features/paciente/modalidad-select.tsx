// «Modalidad» of an atención, the one select the atención form and each other modality of a
// visit show: «Seleccione…» and the modalities offered, by their Spanish name.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { MODALIDADES, MODALIDAD_INFO, type Modalidad } from '../../../shared/catalogos.js'
import { describe, Field } from '../../components/field.js'

export function ModalidadSelect({
  id,
  error,
  registro,
  opciones = MODALIDADES,
}: {
  id: string
  error?: string
  registro: UseFormRegisterReturn
  /** The modalities offered (a visit offers each one once). */
  opciones?: readonly Modalidad[]
}) {
  return (
    <Field id={id} label="Modalidad" required error={error}>
      <select className="select" {...describe(id, error)} {...registro}>
        <option value="">Seleccione…</option>
        {opciones.map((m) => (
          <option key={m} value={m}>
            {MODALIDAD_INFO[m].etiqueta}
          </option>
        ))}
      </select>
    </Field>
  )
}
