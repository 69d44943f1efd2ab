// «Corregir» a validated result: the new value and why (both required). The server keeps the
// validated version, struck through under the new one, which waits for its own validation.
import { useState, type FormEvent } from 'react'
import { MENSAJES_RESULTADOS, textoValor, type FilaResultado } from '../../../shared/resultados.js'
import { limpiar } from '../../../shared/texto.js'
import { describe, Field } from '../../components/field.js'
import { Modal, PieDialogo } from '../../components/modal.js'
import type { Item } from './use-resultados.js'
import { valorDeTexto } from './valores.js'

export function CorregirDialogo({
  fila,
  onCorregir,
  onVolver,
}: {
  fila: FilaResultado
  /** Resolves to null once saved, or to the reason it was not. */
  onCorregir: (item: Item) => Promise<string | null>
  onVolver: () => void
}) {
  const a = fila.analito
  const [texto, setTexto] = useState(textoValor(fila.resultado?.valor ?? null, a.decimales))
  const [motivo, setMotivo] = useState('')
  const [errores, setErrores] = useState<{ valor?: string; motivo?: string }>({})
  const [fallo, setFallo] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)
  const id = `corregir-${a.id}`

  const enviar = async (e: FormEvent) => {
    e.preventDefault()
    const v = valorDeTexto(texto, a)
    const m = limpiar(motivo)
    const faltan = {
      ...('error' in v && { valor: v.error }),
      ...('valor' in v && v.valor === null && { valor: `${a.nombre}: escriba el valor corregido` }),
      ...(!m && { motivo: MENSAJES_RESULTADOS.motivoRequerido(a.nombre) }),
    }
    setErrores(faltan)
    if (!('valor' in v) || Object.keys(faltan).length > 0) return
    setEnviando(true)
    setFallo(null)
    const error = await onCorregir({ analitoId: a.id, valor: v.valor, motivo: m })
    if (error) {
      setFallo(error)
      setEnviando(false)
    }
  }

  return (
    <Modal labelledBy={`${id}-titulo`} describedBy={`${id}-texto`} onVolver={onVolver}>
      <h2 id={`${id}-titulo`}>Corregir {a.nombre}</h2>
      <p id={`${id}-texto`}>
        Validado: {textoValor(fila.resultado?.valor ?? null, a.decimales) || '—'} {a.unidad ?? ''}.
        La corrección queda como una versión nueva por validar; la anterior se sigue viendo tachada.
      </p>
      <form className="dialog__form" onSubmit={(e) => void enviar(e)} noValidate>
        <Field
          id={`${id}-valor`}
          label={`Valor nuevo${a.unidad ? ` (${a.unidad})` : ''}`}
          required
          error={errores.valor}
        >
          {a.tipo === 'opciones' ? (
            <select
              className="select"
              value={texto}
              autoFocus
              {...describe(`${id}-valor`, errores.valor)}
              onChange={(e) => {
                setTexto(e.target.value)
                setErrores(({ valor: _, ...resto }) => resto)
              }}
            >
              <option value="">—</option>
              {(a.opciones ?? []).map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          ) : (
            <input
              className="input"
              value={texto}
              autoFocus
              autoComplete="off"
              inputMode={a.tipo === 'numero' ? 'decimal' : undefined}
              {...describe(`${id}-valor`, errores.valor)}
              onChange={(e) => {
                setTexto(e.target.value)
                setErrores(({ valor: _, ...resto }) => resto)
              }}
            />
          )}
        </Field>
        <Field id={`${id}-motivo`} label="Motivo de la corrección" required error={errores.motivo}>
          <input
            className="input"
            value={motivo}
            maxLength={500}
            autoComplete="off"
            {...describe(`${id}-motivo`, errores.motivo)}
            onChange={(e) => {
              setMotivo(e.target.value)
              setErrores(({ motivo: _, ...resto }) => resto)
            }}
          />
        </Field>
        <PieDialogo
          fallo={fallo}
          onVolver={onVolver}
          enviando={enviando}
          enviar="Guardar corrección"
        />
      </form>
    </Modal>
  )
}
