// /pacientes/duplicados (admins): probable duplicate pairs worst first, each with "Fusionar" and
// "No es duplicado", and the merges done, each with "Deshacer fusión".
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { Fusion, ParDuplicado } from '../../../shared/fusiones.js'
import { mensajeDe } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { PieDeLista } from '../../components/pie-de-lista.js'
import { paths } from '../../paths.js'
import { sesion, usePuede } from '../../state/sesion.js'
import {
  descartarDuplicado,
  deshacerFusion,
  listarDuplicados,
  listarFusiones,
} from './fusiones-api.js'
import { RegistroCell } from './registro-cell.js'
import './fusiones.css'

const CLASE_GRAVEDAD: Record<number, string> = {
  1: 'badge badge--stat',
  2: 'badge badge--urgent',
  3: 'badge badge--wait',
}

/** Rows from a paged call: the first page, "Cargar más", an error, reload. */
function usePaginas<T>(
  cargarPagina: (
    url: string | null,
    signal?: AbortSignal,
  ) => Promise<{ data: T[]; next: string | null }>,
  mensaje: string,
) {
  const [filas, setFilas] = useState<T[]>([])
  const [siguiente, setSiguiente] = useState<string | null>(null)
  const [cargando, setCargando] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const cargar = useCallback(
    async (url: string | null, signal?: AbortSignal) => {
      setCargando(true)
      setError(null)
      try {
        const { data, next } = await cargarPagina(url, signal)
        setFilas((f) => (url ? [...f, ...data] : data))
        setSiguiente(next)
      } catch (err) {
        if ((err as Error).name !== 'AbortError') setError(mensajeDe(err, mensaje))
      } finally {
        if (!signal?.aborted) setCargando(false)
      }
    },
    [cargarPagina, mensaje],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    void cargar(null, ctrl.signal)
    return () => ctrl.abort()
  }, [cargar])
  return { filas, setFilas, siguiente, cargando, error, cargar }
}

function ErrorAlerta({ texto }: { texto: string }) {
  return (
    <div className="card__body">
      <p className="alert alert--error" role="alert">
        <IconAlert />
        <span>{texto}</span>
      </p>
    </div>
  )
}

function Pares({ version, onAviso }: { version: number; onAviso: (s: string) => void }) {
  const { filas, setFilas, siguiente, cargando, error, cargar } = usePaginas<ParDuplicado>(
    listarDuplicados,
    'No se pudo cargar la lista de posibles duplicados',
  )
  const [ocupado, setOcupado] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  useEffect(() => {
    if (version > 0) void cargar(null)
  }, [version, cargar])

  const descartar = async (p: ParDuplicado) => {
    const clave = `${p.a.id}-${p.b.id}`
    setOcupado(clave)
    setFallo(null)
    try {
      await descartarDuplicado({ pacienteA: p.a.id, pacienteB: p.b.id })
      setFilas((f) => f.filter((x) => x !== p))
      onAviso(`Los registros ${p.a.id} y ${p.b.id} quedaron marcados como personas distintas.`)
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudo marcar el par'))
    } finally {
      setOcupado(null)
    }
  }

  return (
    <section className="card" aria-labelledby="pares-titulo">
      <header className="card__header">
        <h2 id="pares-titulo">Posibles duplicados</h2>
        <span className="muted small">Los más probables primero</span>
      </header>
      {error && <ErrorAlerta texto={error} />}
      {fallo && <ErrorAlerta texto={fallo} />}
      <div className="table-wrap">
        <table className="table table--cards pares">
          <thead>
            <tr>
              <th scope="col">Motivo</th>
              <th scope="col">Registro A</th>
              <th scope="col">Registro B</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {filas.map((p) => {
              const clave = `${p.a.id}-${p.b.id}`
              return (
                <tr key={clave} data-testid={`par-${clave}`}>
                  <td data-label="Motivo">
                    <span className={CLASE_GRAVEDAD[p.gravedad]}>{p.motivo}</span>
                  </td>
                  <td data-label="Registro A">
                    <RegistroCell r={p.a} />
                  </td>
                  <td data-label="Registro B">
                    <RegistroCell r={p.b} />
                  </td>
                  <td data-label="Acciones">
                    <div className="pares__acciones">
                      <Link
                        href={paths.compararDuplicados(p.a.id, p.b.id)}
                        className="btn btn--primary btn--sm"
                      >
                        Fusionar
                      </Link>
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        disabled={ocupado === clave}
                        onClick={() => void descartar(p)}
                      >
                        No es duplicado
                      </button>
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <PieDeLista
        cargando={cargando}
        siguiente={siguiente}
        vacia={filas.length === 0}
        vacio="No hay posibles duplicados pendientes."
        error={error}
        onMas={() => void cargar(siguiente)}
      />
    </section>
  )
}

function Fusiones({ onDeshecha }: { onDeshecha: (f: Fusion) => void }) {
  const { filas, setFilas, siguiente, cargando, error, cargar } = usePaginas<Fusion>(
    listarFusiones,
    'No se pudo cargar la lista de fusiones',
  )
  const [confirmando, setConfirmando] = useState<number | null>(null)
  const [ocupado, setOcupado] = useState<number | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)

  const deshacer = async (f: Fusion) => {
    setOcupado(f.id)
    setFallo(null)
    try {
      await deshacerFusion(f.id)
      const ahora = new Date().toISOString()
      const usuario = sesion.usuario?.usuario ?? null
      setFilas((fs) =>
        fs.map((x) => (x.id === f.id ? { ...x, deshechaEn: ahora, deshechaPor: usuario } : x)),
      )
      onDeshecha(f)
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudo deshacer la fusión'))
    } finally {
      setOcupado(null)
      setConfirmando(null)
    }
  }

  return (
    <section className="card" aria-labelledby="fusiones-titulo">
      <header className="card__header">
        <h2 id="fusiones-titulo">Fusiones</h2>
        <span className="muted small">La más reciente primero</span>
      </header>
      {error && <ErrorAlerta texto={error} />}
      {fallo && <ErrorAlerta texto={fallo} />}
      <div className="table-wrap">
        <table className="table table--cards fusiones">
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Se conservó</th>
              <th scope="col">Se fusionó en él</th>
              <th scope="col">Atenciones</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {filas.map((f) => (
              <tr key={f.id} data-testid={`fusion-${f.id}`}>
                <td data-label="Fecha" className="nowrap">
                  {fechaHora(f.hechaEn)}
                  <span className="cell-sub">{f.hechaPor ?? '—'}</span>
                </td>
                <td data-label="Se conservó">
                  <RegistroCell r={f.conservado} />
                </td>
                <td data-label="Se fusionó en él">
                  <RegistroCell r={f.absorbido} enlace={Boolean(f.deshechaEn)} />
                </td>
                <td data-label="Atenciones">{f.atenciones}</td>
                <td data-label="Estado">
                  {f.deshechaEn ? (
                    <span className="muted small">
                      Deshecha el {fechaHora(f.deshechaEn)}
                      {f.deshechaPor ? ` por ${f.deshechaPor}` : ''}
                    </span>
                  ) : confirmando === f.id ? (
                    <div className="pares__acciones" role="group" aria-label="Confirmar">
                      <button
                        type="button"
                        className="btn btn--danger btn--sm"
                        disabled={ocupado === f.id}
                        onClick={() => void deshacer(f)}
                      >
                        {ocupado === f.id && <span className="spinner" aria-hidden="true" />}
                        Sí, deshacer
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => setConfirmando(null)}
                      >
                        Cancelar
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => setConfirmando(f.id)}
                    >
                      Deshacer fusión
                    </button>
                  )}
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
        vacio="Aún no se ha fusionado ningún registro."
        error={error}
        onMas={() => void cargar(siguiente)}
      />
    </section>
  )
}

export default function DuplicadosPage() {
  useTitle('Posibles duplicados')
  const permitido = usePuede('fusiones')
  const [version, setVersion] = useState(0)
  const [aviso, setAviso] = useState<string | null>(null)

  if (!permitido) {
    return (
      <div className="page">
        <div className="card card__body notfound">
          <IconAlert />
          <h1>Solo para administradores</h1>
          <p className="muted">Pida a un administrador que revise los posibles duplicados.</p>
        </div>
      </div>
    )
  }

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Posibles duplicados</h1>
          <p className="page__subtitle">
            Registros que parecen ser la misma persona. Fusione los que lo son; marque los demás
            como «No es duplicado» para que no vuelvan a aparecer.
          </p>
        </div>
      </header>
      {aviso && (
        <p className="alert alert--success" role="status">
          <IconCheck />
          <span>{aviso}</span>
        </p>
      )}
      <Pares version={version} onAviso={setAviso} />
      <Fusiones
        onDeshecha={(f) => {
          setAviso(
            `Fusión deshecha: los registros ${f.conservado.id} y ${f.absorbido.id} vuelven a estar separados, cada uno con sus atenciones.`,
          )
          setVersion((v) => v + 1)
        }}
      />
    </div>
  )
}
