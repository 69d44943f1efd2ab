// Whether an account validates lab results, as Configuración › Personal shows it: a tecnólogo's
// box an admin ticks, a médico's «Siempre» (a médico always validates), nothing for other roles.
import type { UsuarioDetalle } from '../../../shared/usuarios.js'

export const VALIDA_RESULTADOS = 'Valida resultados de laboratorio'
export const MEDICO_VALIDA = 'Un médico valida siempre los resultados de laboratorio'

export function ValidaResultados({
  cuenta,
  ocupado,
  onCambio,
}: {
  cuenta: UsuarioDetalle
  ocupado: boolean
  onCambio: (valida: boolean) => void
}) {
  if (cuenta.rol === 'medico')
    return (
      <span className="muted" title={MEDICO_VALIDA}>
        Siempre (médico)
      </span>
    )
  if (cuenta.rol !== 'tecnologo') return <span className="muted">—</span>
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={cuenta.validaResultados}
        disabled={ocupado}
        aria-label={`${VALIDA_RESULTADOS}: ${cuenta.usuario}`}
        onChange={(e) => onCambio(e.target.checked)}
      />
      Valida
    </label>
  )
}
