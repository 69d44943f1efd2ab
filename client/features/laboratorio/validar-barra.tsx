// The validator's buttons: the rows selected, every in-range value («Validar normales») or every
// value that can be validated now, each asked first with how many it validates.
import { useState } from 'react'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { plural } from '../../components/format.js'
import type { Validables } from './validables.js'

type Cual = 'seleccionados' | 'normales' | 'todos'

const TITULO: Record<Cual, string> = {
  seleccionados: 'Validar los seleccionados',
  normales: 'Validar los normales',
  todos: 'Validar todo',
}

export function ValidarBarra({
  validables,
  bloqueo,
  ocupado,
  onValidar,
}: {
  validables: Validables
  /** Why nothing can be validated now (unsaved values), or null. */
  bloqueo: string | null
  ocupado: boolean
  onValidar: (cuales: { analitos?: number[]; soloNormales?: boolean }) => void
}) {
  const [preguntando, setPreguntando] = useState<Cual | null>(null)
  const n = (c: Cual) => validables[c].length
  const boton = (c: Cual, texto: string, clase: string) => (
    <button
      type="button"
      className={`btn btn--sm ${clase}`}
      disabled={ocupado || bloqueo !== null || n(c) === 0}
      onClick={() => setPreguntando(c)}
    >
      {texto} ({n(c)})
    </button>
  )
  return (
    <div className="validar-barra" role="group" aria-label="Validación">
      {boton('seleccionados', 'Validar seleccionados', 'btn--secondary')}
      {boton('normales', 'Validar normales', 'btn--secondary')}
      {boton('todos', 'Validar todo', 'btn--primary')}
      {bloqueo && <span className="muted small">{bloqueo}</span>}
      {preguntando && (
        <DialogoConfirmar
          id="validar"
          titulo={TITULO[preguntando]}
          volver="Volver"
          confirmar={`Validar ${plural(n(preguntando), 'resultado', 'resultados')}`}
          onVolver={() => setPreguntando(null)}
          onConfirmar={() => {
            const c = preguntando
            setPreguntando(null)
            onValidar(
              c === 'normales'
                ? { analitos: validables.normales, soloNormales: true }
                : { analitos: validables[c] },
            )
          }}
        >
          Se {n(preguntando) === 1 ? 'validará' : 'validarán'}{' '}
          {plural(n(preguntando), 'resultado', 'resultados')}
          {preguntando === 'normales' &&
            ': los que están dentro del rango de referencia y los calculados a partir de ellos'}
          . Un resultado validado no se modifica: solo se corrige con una versión nueva y su motivo.
        </DialogoConfirmar>
      )}
    </div>
  )
}
