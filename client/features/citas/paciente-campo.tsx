// The booking's patient: one «Nombre o documento» box whose matches show as one types (the same
// search as the worklist's), then the chosen one with the way to change it; once searched, the way
// to register a patient who is not there.
import { useEffect, useState } from 'react'
import {
  documentoComun,
  LARGO_NOMBRE_O_DOCUMENTO,
  leerNombreODocumento,
} from '../../../shared/nombre-o-documento.js'
import type { ValoresPaciente } from '../../components/registro-paciente/paciente-form-schema.js'
import { mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { fecha } from '../../components/format.js'
import { buscarPacientes, type PacienteEncontrado } from './citas-api.js'

/** Typing pauses this long before a search: one call per word, not per letter. */
const PAUSA_MS = 250

/**
 * What a registration started from the box takes from it: the document typed (a DNI when it is 8
 * digits), so the desk does not type it twice.
 */
export function datosDelTexto(texto: string): Partial<ValoresPaciente> {
  const documento = documentoComun(leerNombreODocumento(texto).documentos)
  if (!documento) return {}
  return /^[0-9]{8}$/.test(documento) ? { tipoDocumento: 'dni', documento } : { documento }
}

export function PacienteCampo({
  id,
  paciente,
  error,
  onElegir,
  onRegistrar,
}: {
  id: string
  paciente: PacienteEncontrado | null
  error?: string
  onElegir: (p: PacienteEncontrado | null) => void
  /** Registers a new patient, starting from what the box holds. */
  onRegistrar: (datos: Partial<ValoresPaciente>) => void
}) {
  const [q, setQ] = useState('')
  const [encontrados, setEncontrados] = useState<PacienteEncontrado[] | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)

  useEffect(() => {
    const texto = q.trim()
    if (texto.length < 2) {
      setEncontrados(null)
      return
    }
    const ctrl = new AbortController()
    const t = setTimeout(() => {
      buscarPacientes(texto, ctrl.signal)
        .then((r) => {
          setEncontrados(r)
          setFallo(null)
        })
        .catch((err: unknown) => {
          if (!ctrl.signal.aborted) setFallo(mensajeDe(err, 'No se pudo buscar'))
        })
    }, PAUSA_MS)
    return () => {
      clearTimeout(t)
      ctrl.abort()
    }
  }, [q])

  if (paciente)
    return (
      <div className="field">
        <span className="field__label">Paciente</span>
        <div className="paciente-elegido">
          <span>
            <strong>{paciente.nombre}</strong>{' '}
            <span className="muted small">{paciente.documento}</span>
          </span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onElegir(null)}>
            Cambiar
          </button>
        </div>
      </div>
    )

  const mensaje = fallo ?? error
  return (
    <Field id={id} label="Nombre o documento" required error={mensaje}>
      <input
        className="input"
        type="search"
        autoComplete="off"
        maxLength={LARGO_NOMBRE_O_DOCUMENTO}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        {...describe(id, mensaje)}
      />
      {encontrados && (
        <ul className="paciente-resultados" aria-label="Pacientes encontrados" aria-live="polite">
          {encontrados.length === 0 && <li className="muted small">Ningún paciente coincide.</li>}
          {encontrados.map((p) => (
            <li key={p.id}>
              <button type="button" className="paciente-resultado" onClick={() => onElegir(p)}>
                <span>{p.nombre}</span>
                <span className="muted small">
                  {p.documento}
                  {p.fechaNacimiento && ` · nac. ${fecha(p.fechaNacimiento)}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {encontrados && (
        <button
          type="button"
          className="btn btn--secondary btn--sm paciente-nuevo"
          onClick={() => onRegistrar(datosDelTexto(q))}
        >
          Registrar paciente nuevo
        </button>
      )}
    </Field>
  )
}
