// A row's estado as a button: it opens the next estados the worklist allows (docs/datos.md#estados),
// the same changes as the patient's page — a step on a click, Cancelado after its dialog. Escape,
// a click elsewhere or a choice closes it; the table keeps which one is open, so a refresh does not.
import { useEffect, useRef } from 'react'
import type { Atencion } from '../../../shared/atenciones.js'
import type { Estado } from '../../../shared/catalogos.js'
import { siguientesEstados } from '../../../shared/estado-atencion.js'
import { hoyClinica } from '../../lib/hoy.js'
import { EstadoBadge } from '../../components/badges.js'
import { IconChevronDown } from '../../components/icons.js'
import { useCambiarEstado } from '../../lib/estado-atencion.js'
import './estado-menu.css'

export function EstadoMenu({
  atencion,
  abierto,
  onAbrir,
  onCerrar,
  onCambio,
  onCancelar,
}: {
  atencion: { id: number; estado: Estado; cita: boolean; fechaLlegada: string }
  abierto: boolean
  onAbrir: () => void
  onCerrar: () => void
  onCambio: (a: Atencion) => void
  onCancelar: () => void
}) {
  const { cambiar, enviando, error } = useCambiarEstado(atencion, onCambio)
  const ref = useRef<HTMLDivElement>(null)
  const siguientes = siguientesEstados(
    atencion.estado,
    atencion.cita,
    atencion.fechaLlegada !== hoyClinica(),
  )
  const menuId = `estado-menu-${atencion.id}`

  useEffect(() => {
    if (!abierto) return
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus()
    const fuera = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onCerrar()
    }
    document.addEventListener('pointerdown', fuera)
    return () => document.removeEventListener('pointerdown', fuera)
  }, [abierto, onCerrar])

  if (siguientes.length === 0) return <EstadoBadge estado={atencion.estado} />

  const elegir = (s: Estado) => {
    onCerrar()
    if (s === 'Cancelado') onCancelar()
    else void cambiar(s)
  }

  return (
    <div
      className="estado-menu"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !abierto) return
        e.stopPropagation()
        onCerrar()
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus()
      }}
    >
      <button
        type="button"
        className="estado-menu__boton"
        aria-haspopup="menu"
        aria-expanded={abierto}
        aria-controls={abierto ? menuId : undefined}
        aria-label={`Estado de la atención ${atencion.id}: ${atencion.estado}. Cambiar estado`}
        disabled={enviando}
        onClick={() => (abierto ? onCerrar() : onAbrir())}
      >
        <EstadoBadge estado={atencion.estado} />
        {enviando ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <IconChevronDown className="icon--sm" />
        )}
      </button>
      {abierto && (
        <div className="estado-menu__lista" id={menuId} role="menu" aria-label="Pasar a">
          {siguientes.map((s) => (
            <button
              key={s}
              type="button"
              role="menuitem"
              className={
                s === 'Cancelado'
                  ? 'estado-menu__opcion estado-menu__opcion--peligro'
                  : 'estado-menu__opcion'
              }
              aria-label={s === 'Cancelado' ? 'Cancelar…' : `Pasar a ${s}`}
              onClick={() => elegir(s)}
              onKeyDown={(e) => {
                // Up and Down move between the options, as in any menu.
                if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
                e.preventDefault()
                const opciones = [
                  ...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
                ]
                const i = opciones.indexOf(e.currentTarget)
                const j = (i + (e.key === 'ArrowDown' ? 1 : -1) + opciones.length) % opciones.length
                opciones[j]?.focus()
              }}
            >
              {s === 'Cancelado' ? (
                'Cancelar…'
              ) : (
                <>
                  <span aria-hidden="true">→</span> {s}
                </>
              )}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
