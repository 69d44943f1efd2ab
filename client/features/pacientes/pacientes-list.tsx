// The patients list of /pacientes: from the server, newest first, paged with the Link header.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from 'react'
import { Link } from 'wouter'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import type { PacienteResumen } from '../../../shared/pacientes.js'
import { mensajeDe } from '../../api.js'
import { ModalidadesIcons } from '../../components/badges.js'
import { edad, texto } from '../../components/format.js'
import { IconAlert } from '../../components/icons.js'
import { PieDeLista } from '../../components/pie-de-lista.js'
import { paths } from '../../paths.js'
import { useCatalogos } from '../../state/catalogos.js'
import { listarPacientes } from './pacientes-api.js'

export interface PacientesListHandle {
  /** Puts a just-registered patient on top at once. */
  agregar(p: PacienteResumen): void
}

export const PacientesList = forwardRef<PacientesListHandle>(function PacientesList(_props, ref) {
  const [filas, setFilas] = useState<PacienteResumen[]>([])
  const [nuevos, setNuevos] = useState<Set<number>>(new Set())
  const [siguiente, setSiguiente] = useState<string | null>(null)
  const [cargando, setCargando] = useState(true)
  const [error, setError] = useState<string | null>(null)
  // The modalities' icons and names come from the catalogue.
  useCatalogos()

  useImperativeHandle(ref, () => ({
    agregar(p) {
      setFilas((f) => [p, ...f.filter((x) => x.id !== p.id)])
      setNuevos((n) => new Set(n).add(p.id))
    },
  }))

  const cargar = useCallback(async (url: string | null, signal?: AbortSignal) => {
    setCargando(true)
    setError(null)
    try {
      const { data, next } = await listarPacientes(url, signal)
      setFilas((f) => {
        const ids = new Set(f.map((x) => x.id))
        return url
          ? [...f, ...data.filter((x) => !ids.has(x.id))]
          : [...f.filter((x) => !data.some((d) => d.id === x.id)), ...data]
      })
      setSiguiente(next)
    } catch (err) {
      if ((err as Error).name !== 'AbortError')
        setError(mensajeDe(err, 'No se pudo cargar la lista de pacientes'))
    } finally {
      if (!signal?.aborted) setCargando(false)
    }
  }, [])

  useEffect(() => {
    const ctrl = new AbortController()
    void cargar(null, ctrl.signal)
    return () => ctrl.abort()
  }, [cargar])

  return (
    <section className="card" aria-labelledby="lista-titulo">
      <header className="card__header">
        <h2 id="lista-titulo">Pacientes registrados</h2>
        <span className="muted small">El más reciente primero</span>
      </header>
      {error && (
        <div className="card__body">
          <p className="alert alert--error" role="alert">
            <IconAlert />
            <span>{error}</span>
          </p>
        </div>
      )}
      <div className="table-wrap">
        <table className="table table--cards">
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Nombre Completo</th>
              <th scope="col">Edad</th>
              <th scope="col">Sexo</th>
              <th scope="col">Celular</th>
              <th scope="col">Estudios</th>
            </tr>
          </thead>
          <tbody>
            {filas.map((p) => (
              <tr key={p.id} className={nuevos.has(p.id) ? 'is-new' : undefined}>
                <td data-label="ID" className="mono">
                  {p.id}
                </td>
                <td data-label="Nombre Completo">
                  <Link href={paths.paciente(p.id)} className="cell-link">
                    {p.nombreCompleto}
                  </Link>
                  <span className="cell-sub">
                    {TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} {p.documento}
                  </span>
                </td>
                <td data-label="Edad" className="nowrap">
                  {edad(p.edad, p.tipoEdad)}
                </td>
                <td data-label="Sexo">{p.sexo}</td>
                <td data-label="Celular" className="nowrap">
                  {texto(p.celular)}
                </td>
                <td data-label="Estudios">
                  <ModalidadesIcons modalidades={p.estudios} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PieDeLista
        cargando={cargando}
        siguiente={siguiente}
        vacia={filas.length === 0}
        vacio="Aún no hay pacientes registrados."
        error={error}
        onMas={() => void cargar(siguiente)}
      />
    </section>
  )
})
