// «Médico solicitante» of an atención (docs/producto.md#ficha-del-paciente): a search box that
// offers the catalogue's physicians as the desk types a surname, a name or the CMP (a combobox:
// arrows, Enter and Escape), the active first and the deactivated shown but not chosen; once
// chosen, the physician with «Cambiar»; and «Agregar médico» for one not yet in the catalogue,
// added without leaving the atención.
import { useEffect, useId, useRef, useState } from 'react'
import {
  textoSolicitante,
  type MedicoSolicitante,
  type SolicitanteResumen,
} from '../../../shared/medico-solicitante.js'
import { mensajeDe } from '../../api.js'
import { describe, FieldError } from '../field.js'
import { AgregarMedico } from './agregar-medico.js'
import { buscarMedicos } from './medicos-api.js'
import './medico-solicitante.css'

/** How many the box offers: enough to see a surname's namesakes, few enough to read. */
const OFRECIDOS = 8
/** The pause after a key before the search is asked. */
const PAUSA_MS = 200
const AYUDA = 'Opcional: quien pidió los estudios. Busque por apellido, nombre o CMP'

export function MedicoSolicitanteCampo({
  id,
  valor,
  inicial,
  error,
  onCambio,
}: {
  id: string
  /** The chosen physician's id, or null. */
  valor: number | null
  /** The physician the atención already names (a correction), to show before any search. */
  inicial: SolicitanteResumen | null
  error?: string
  onCambio: (id: number | null) => void
}) {
  const [elegido, setElegido] = useState<SolicitanteResumen | null>(inicial)
  const [texto, setTexto] = useState('')
  const [opciones, setOpciones] = useState<MedicoSolicitante[] | null>(null)
  const [abierta, setAbierta] = useState(false)
  const [activa, setActiva] = useState(-1)
  const [agregando, setAgregando] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [aviso, setAviso] = useState('')
  const caja = useRef<HTMLInputElement>(null)
  const cambiar = useRef<HTMLButtonElement>(null)
  const lista = `${id}-opciones`
  const opcionId = useId()

  useEffect(() => {
    const q = texto.trim()
    if (!q) {
      setOpciones(null)
      return
    }
    const ctrl = new AbortController()
    const espera = setTimeout(() => {
      buscarMedicos(q, OFRECIDOS, ctrl.signal).then(
        (r) => {
          setFallo(null)
          setOpciones(r)
          setActiva(r.findIndex((m) => m.activo))
        },
        (err: Error) => {
          if (err.name !== 'AbortError') setFallo(mensajeDe(err, 'No se pudo buscar médicos'))
        },
      )
    }, PAUSA_MS)
    return () => {
      clearTimeout(espera)
      ctrl.abort()
    }
  }, [texto])

  const elegir = (m: SolicitanteResumen) => {
    setElegido(m)
    setTexto('')
    setOpciones(null)
    setAbierta(false)
    setAgregando(null)
    setAviso(`Médico solicitante: ${textoSolicitante(m)}`)
    onCambio(m.id)
    // The box is gone: «Cambiar» takes the focus it had.
    requestAnimationFrame(() => cambiar.current?.focus())
  }

  const quitar = () => {
    setElegido(null)
    setAviso('')
    onCambio(null)
    requestAnimationFrame(() => caja.current?.focus())
  }

  /** The next option that can be chosen from `desde` in `paso`'s direction, or where it was. */
  const mover = (paso: 1 | -1) => {
    if (!opciones) return
    for (let i = activa + paso; i >= 0 && i < opciones.length; i += paso)
      if (opciones[i]!.activo) return setActiva(i)
  }

  const mostrado = valor !== null && elegido?.id === valor ? elegido : null
  const hayOpciones = abierta && opciones !== null && texto.trim() !== ''
  const errorId = error || fallo ? `${id}-error` : undefined

  return (
    <div className="medico-campo field">
      <div className="field__top">
        {valor === null ? (
          <label className="field__label" htmlFor={id} id={`${id}-etiqueta`}>
            Médico solicitante
          </label>
        ) : (
          <span className="field__label" id={`${id}-etiqueta`}>
            Médico solicitante
          </span>
        )}
      </div>
      {valor !== null ? (
        <p className="medico-campo__elegido" aria-labelledby={`${id}-etiqueta`}>
          <span className="medico-campo__nombre">
            {mostrado ? textoSolicitante(mostrado) : `Médico N.º ${valor}`}
            {mostrado && !mostrado.activo && (
              <span className="badge badge--cancel">Desactivado</span>
            )}
          </span>
          <button
            ref={cambiar}
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={`Cambiar el médico solicitante${mostrado ? ` ${textoSolicitante(mostrado)}` : ''}`}
            onClick={quitar}
          >
            Cambiar
          </button>
        </p>
      ) : (
        <div className="medico-campo__busqueda">
          <div className="medico-campo__caja">
            <input
              ref={caja}
              className="input"
              type="text"
              role="combobox"
              autoComplete="off"
              maxLength={100}
              placeholder="Apellido, nombre o CMP"
              aria-autocomplete="list"
              aria-expanded={hayOpciones}
              aria-controls={lista}
              aria-activedescendant={
                hayOpciones && activa >= 0 ? `${opcionId}-${activa}` : undefined
              }
              {...describe(id, errorId ? 'error' : undefined, AYUDA)}
              value={texto}
              onChange={(e) => {
                setTexto(e.target.value)
                setAbierta(true)
              }}
              onFocus={() => setAbierta(true)}
              onBlur={() => setAbierta(false)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                  e.preventDefault()
                  setAbierta(true)
                  mover(e.key === 'ArrowDown' ? 1 : -1)
                } else if (e.key === 'Escape' && hayOpciones) {
                  e.preventDefault()
                  setAbierta(false)
                } else if (e.key === 'Enter' && texto.trim()) {
                  // Enter chooses; with text typed it never sends the atención without it.
                  e.preventDefault()
                  const m = hayOpciones && opciones ? opciones[activa] : undefined
                  if (m?.activo) elegir(m)
                }
              }}
            />
            {hayOpciones && (
              <div className="medico-campo__lista">
                <ul id={lista} role="listbox" aria-label="Médicos solicitantes">
                  {opciones.map((m, i) => (
                    <li
                      key={m.id}
                      id={`${opcionId}-${i}`}
                      role="option"
                      aria-selected={i === activa}
                      aria-disabled={!m.activo || undefined}
                      className="medico-campo__opcion"
                      // Chosen before the box loses its focus (and the list with it).
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => m.activo && elegir(m)}
                    >
                      <span>{textoSolicitante(m)}</span>
                      <span className="medico-campo__detalle">
                        {m.activo ? (m.especialidad ?? '') : 'Desactivado'}
                      </span>
                    </li>
                  ))}
                </ul>
                {opciones.length === 0 && (
                  <p className="medico-campo__vacio">
                    Ningún médico con «{texto.trim()}»: agréguelo.
                  </p>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm medico-campo__agregar"
                  // Pressed before the box loses its focus, which closes this list.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    setAbierta(false)
                    setAgregando(texto)
                  }}
                >
                  + Agregar «{texto.trim()}» como médico nuevo
                </button>
              </div>
            )}
          </div>
          <button
            type="button"
            className="btn btn--secondary"
            aria-expanded={agregando !== null}
            onClick={() => setAgregando(agregando === null ? texto : null)}
          >
            Agregar médico
          </button>
        </div>
      )}
      {!error && !fallo && valor === null && (
        <p className="field__hint" id={`${id}-hint`}>
          {AYUDA}
        </p>
      )}
      {(error || fallo) && <FieldError id={`${id}-error`}>{error ?? fallo}</FieldError>}
      <p className="visually-hidden" role="status">
        {aviso}
      </p>
      {agregando !== null && valor === null && (
        <AgregarMedico
          id={`${id}-nuevo`}
          buscado={agregando}
          onAgregado={elegir}
          onCancelar={() => {
            setAgregando(null)
            requestAnimationFrame(() => caja.current?.focus())
          }}
        />
      )}
    </div>
  )
}
