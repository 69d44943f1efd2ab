// After a 412 (docs/producto.md#editar-paciente): someone else saved the patient first. The form
// takes their values except in the fields this user changed, and this notice lists every field
// where the stored value and the user's differ.
import { CAMPOS, CAMPOS_PACIENTE, type CampoPaciente } from '../../../shared/paciente-campos.js'
import { valorCampo } from '../../components/campos-paciente.js'
import { IconAlert } from '../../components/icons.js'
import { aValores, cambiosDe, type ValoresPaciente } from './paciente-form-schema.js'
import { obtenerParaEditar } from './registro-api.js'

export interface Conflicto {
  mensaje: string
  filas: { campo: CampoPaciente; actual: string; suyo: string | null }[]
}

/**
 * Reads the patient again and works out what the form holds now (the current values with the
 * user's changes over them) and the rows to show; `base` is what the user started from.
 */
export async function resolverConflicto(
  id: number,
  valores: ValoresPaciente,
  base: ValoresPaciente,
  mensaje: string,
): Promise<{
  actuales: ValoresPaciente
  etag: string
  valores: ValoresPaciente
  conflicto: Conflicto
}> {
  const { paciente, etag } = await obtenerParaEditar(String(id))
  const actuales = aValores(paciente)
  const propios = cambiosDe(valores, base)
  const filas = CAMPOS.filter((campo) =>
    campo in propios ? propios[campo] !== actuales[campo] : base[campo] !== actuales[campo],
  ).map((campo) => ({
    campo,
    actual: actuales[campo],
    suyo: campo in propios ? (propios[campo] ?? '') : null,
  }))
  return { actuales, etag, valores: { ...actuales, ...propios }, conflicto: { mensaje, filas } }
}

export function AvisoConflicto({
  conflicto,
  onDescartar,
}: {
  conflicto: Conflicto
  /** «Descartar mis cambios»: keep only the current values. */
  onDescartar: () => void
}) {
  return (
    <div className="alert alert--warning conflicto" role="alert">
      <IconAlert />
      <div className="alert__body">
        <p>{conflicto.mensaje}</p>
        {conflicto.filas.length > 0 && (
          <table className="conflicto__tabla">
            <caption className="visually-hidden">Valores actuales y los suyos</caption>
            <thead>
              <tr>
                <th scope="col">Campo</th>
                <th scope="col">Valor actual</th>
                <th scope="col">Su valor</th>
              </tr>
            </thead>
            <tbody>
              {conflicto.filas.map((f) => (
                <tr key={f.campo}>
                  <th scope="row">{CAMPOS_PACIENTE[f.campo].etiqueta}</th>
                  <td data-label="Valor actual">{valorCampo(f.campo, f.actual)}</td>
                  <td data-label="Su valor">
                    {f.suyo === null ? (
                      <span className="muted">sin cambios suyos</span>
                    ) : (
                      valorCampo(f.campo, f.suyo)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="small">
          El formulario tiene ahora los valores actuales y, en los campos que usted cambió, los
          suyos. Revíselos y pulse «Guardar cambios» para aplicarlos.
        </p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onDescartar}>
          Descartar mis cambios
        </button>
      </div>
    </div>
  )
}
