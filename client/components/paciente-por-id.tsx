// A screen of one patient, by the id in its path: the load (a malformed id never asks the server,
// a new id drops the previous patient, leaving the screen cancels the call) and the not-found
// card. The patient's page and its edit page share both.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import { Link } from 'wouter'
import { ApiError, mensajeDe } from '../api.js'
import { paths } from '../paths.js'
import { IconAlert, IconSearch } from './icons.js'

export interface ErrorCarga {
  noEncontrado: boolean
  texto: string
}

export function usePacientePorId<T>(
  id: string,
  cargar: (id: string, signal: AbortSignal) => Promise<T>,
): [T | null, ErrorCarga | null, Dispatch<SetStateAction<T | null>>] {
  const [valor, setValor] = useState<T | null>(null)
  const [error, setError] = useState<ErrorCarga | null>(null)

  useEffect(() => {
    setValor(null)
    setError(null)
    if (!/^[0-9]{1,12}$/.test(id)) {
      setError({ noEncontrado: true, texto: 'Paciente no encontrado' })
      return
    }
    const ctrl = new AbortController()
    cargar(id, ctrl.signal)
      .then(setValor)
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return
        const e = err instanceof ApiError ? err : null
        setError({
          noEncontrado: e?.status === 404 || e?.status === 400,
          texto: mensajeDe(err, 'No se pudo cargar el paciente'),
        })
      })
    return () => ctrl.abort()
    // `cargar` is a module-level call of the screen's API; only the id starts a new load.
  }, [id])

  return [valor, error, setValor]
}

export function PacienteNoCargado({ id, error }: { id: string; error: ErrorCarga }) {
  return (
    <div className="page">
      <div className="card card__body notfound">
        <IconAlert />
        <h1>{error.noEncontrado ? 'Paciente no encontrado' : 'No se pudo cargar el paciente'}</h1>
        <p className="muted">
          {error.noEncontrado ? `No existe un paciente con el ID ${id}.` : error.texto}
        </p>
        <Link href={paths.buscarPaciente} className="btn btn--primary">
          <IconSearch />
          Buscar paciente
        </Link>
      </div>
    </div>
  )
}
