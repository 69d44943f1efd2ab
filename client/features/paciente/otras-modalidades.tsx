// The other modalities of one visit (docs/producto.md#registrar-atención): a patient who came for
// an X-ray and a blood test is registered once, one block per modality, each with its studies and
// sala; the desk prints one ticket with one turno. Each block becomes its own atención.
import { useFieldArray, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form'
import type { Catalogos } from '../../../shared/configuracion.js'
import { describe, Field } from '../../components/field.js'
import { estudiosDeModalidad, modalidadesDe, salasDe } from '../../state/catalogos.js'
import { EstudiosCasillas } from './estudios-casillas.js'
import { ModalidadSelect } from './modalidad-select.js'

export interface OtraModalidad {
  modalidad: string
  /** '' where the sede has one sala of the modality (the server gives it) or none. */
  salaId: string
  estudios: string[]
}

export interface ConOtras {
  sede: string
  modalidad: string
  otras: OtraModalidad[]
}

export const OTRA_VACIA: OtraModalidad = { modalidad: '', salaId: '', estudios: [] }

export function OtrasModalidades<T extends ConOtras>({
  form,
  catalogo,
}: {
  form: UseFormReturn<T>
  catalogo: Catalogos
}) {
  // One concrete shape for the hooks: the form's values hold at least these fields.
  const f = form as unknown as UseFormReturn<ConOtras>
  const { fields, append, remove } = useFieldArray({ control: f.control, name: 'otras' })
  const [sede, principal, otras] = useWatch({
    control: f.control,
    name: ['sede', 'modalidad', 'otras'],
  })
  // Only the modalities not yet in the visit can be added.
  const usadas = [principal, ...(otras ?? []).map((o) => o.modalidad)]
  const libres = modalidadesDe(catalogo).filter((m) => !usadas.includes(m.valor))
  return (
    <>
      {fields.map((campo, i) => {
        const modalidad = otras?.[i]?.modalidad ?? ''
        const estudios = modalidad ? estudiosDeModalidad(catalogo, modalidad) : []
        const salas = salasDe(catalogo, sede, modalidad)
        const errores = f.formState.errors.otras?.[i]
        const id = `at-otra-${i}`
        return (
          <fieldset key={campo.id} className="otra-modalidad" aria-labelledby={`${id}-titulo`}>
            <div className="otra-modalidad__cabeza">
              <h3 id={`${id}-titulo`}>Otra modalidad de la visita</h3>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => remove(i)}
              >
                Quitar
              </button>
            </div>
            <div className="atencion-form__grid">
              <ModalidadSelect
                id={`${id}-modalidad`}
                error={errores?.modalidad?.message}
                excluir={usadas.filter((m) => m !== modalidad)}
                registro={f.register(`otras.${i}.modalidad`, {
                  onChange: () => {
                    f.setValue(`otras.${i}.estudios`, [])
                    f.setValue(`otras.${i}.salaId`, '')
                  },
                })}
              />
              {salas.length > 1 && (
                <Field id={`${id}-sala`} label="Sala" required error={errores?.salaId?.message}>
                  <select
                    className="select"
                    {...describe(`${id}-sala`, errores?.salaId?.message)}
                    {...f.register(`otras.${i}.salaId`)}
                  >
                    <option value="">Seleccione…</option>
                    {salas.map((s) => (
                      <option key={s.id} value={String(s.id)}>
                        {s.nombre}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
            </div>
            <EstudiosCasillas
              id={id}
              estudios={estudios}
              registrar={() => f.register(`otras.${i}.estudios`)}
              error={errores?.estudios as FieldError | undefined}
            />
          </fieldset>
        )
      })}
      {libres.length > 0 && (
        <button
          type="button"
          className="btn btn--secondary otra-modalidad__agregar"
          onClick={() => append({ ...OTRA_VACIA })}
        >
          + Otra modalidad en la misma visita
        </button>
      )}
    </>
  )
}
