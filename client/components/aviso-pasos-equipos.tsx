// The worklist's notice of steps the equipment reported that matched no atención: someone must
// give each its atención (/equipos). Asked again at the worklist's own pace; silent when none wait
// or the count cannot be read.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { totalPasosPendientes } from '../lib/mpps-api.js'
import { paths } from '../paths.js'
import { IconAlert } from './icons.js'

export function AvisoPasosEquipos({ cadaMs }: { cadaMs: number }) {
  const [total, setTotal] = useState(0)
  useEffect(() => {
    const ctrl = new AbortController()
    const leer = () =>
      totalPasosPendientes(ctrl.signal).then(
        (r) => setTotal(r.total),
        () => {},
      )
    void leer()
    const reloj = setInterval(() => void leer(), cadaMs)
    return () => {
      clearInterval(reloj)
      ctrl.abort()
    }
  }, [cadaMs])
  if (total === 0) return null
  return (
    <p className="alert alert--warning" role="status">
      <IconAlert />
      <span>
        {total === 1
          ? 'Un estudio informado por un equipo no coincide con ninguna atención. '
          : `${total} estudios informados por los equipos no coinciden con ninguna atención. `}
        <Link href={paths.pasosEquipos}>Revisar y asignar</Link>
      </span>
    </p>
  )
}
