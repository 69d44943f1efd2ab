// The studies of one modality as checkboxes, with the group's error: the atención form's and each
// other modality's of a visit (otras-modalidades.tsx).
import type { FieldError as ErrorDeCampo, UseFormRegisterReturn } from 'react-hook-form'
import { FieldError } from '../../components/field.js'

export function EstudiosCasillas({
  id,
  estudios,
  registrar,
  error,
}: {
  /** The prefix of the group's element ids. */
  id: string
  estudios: readonly string[]
  /** The group's registration, once per checkbox. */
  registrar: () => UseFormRegisterReturn
  error: ErrorDeCampo | undefined
}) {
  // An array field's own error sits under `root` when the resolver gives it for the whole list.
  const mensaje = error?.message ?? (error as { root?: ErrorDeCampo } | undefined)?.root?.message
  return (
    <fieldset
      className="field estudios"
      aria-describedby={mensaje ? `${id}-estudios-error` : undefined}
    >
      <legend className="field__label">
        Estudios
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      {estudios.length === 0 ? (
        <p className="field__hint">Elija una modalidad para ver sus estudios.</p>
      ) : (
        <div className="estudios__options">
          {estudios.map((e) => (
            <label key={e} className="check estudios__option">
              <input type="checkbox" value={e} {...registrar()} />
              <span>{e}</span>
            </label>
          ))}
        </div>
      )}
      {mensaje && <FieldError id={`${id}-estudios-error`}>{mensaje}</FieldError>}
    </fieldset>
  )
}
