// Whether one's account validates lab results, read-only on Mi cuenta: an admin sets it for a
// tecnólogo in Configuración › Personal; a médico always validates; other roles are not told.
import { useEffect, useState } from 'react'
import type { Rol } from '../../../shared/sesion.js'
import { leerCuenta } from './mi-cuenta-api.js'

export function ValidaResultadosPropio({ rol }: { rol: Rol | undefined }) {
  const [valida, setValida] = useState<boolean | null>(null)
  useEffect(() => {
    if (rol !== 'tecnologo') return
    const ctrl = new AbortController()
    // Said only once known; a failure leaves it unsaid (the page's other sections say why).
    leerCuenta(ctrl.signal).then(
      (c) => setValida(c.validaResultados),
      () => {},
    )
    return () => ctrl.abort()
  }, [rol])
  const texto =
    rol === 'medico'
      ? 'Como médico, usted valida resultados de laboratorio.'
      : rol === 'tecnologo' && valida !== null
        ? valida
          ? 'Su cuenta valida resultados de laboratorio.'
          : 'Su cuenta no valida resultados de laboratorio: un administrador puede habilitarla en Configuración › Personal.'
        : null
  if (!texto) return null
  return (
    <p className="muted small" data-testid="valida-resultados">
      {texto}
    </p>
  )
}
