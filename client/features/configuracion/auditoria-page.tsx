// Configuración › Auditoría (docs/producto.md#auditoría): who did what, on which patient and
// when, newest first, a page at a time; filtered by user, patient, action and days, the filters in
// the URL; «Exportar CSV» downloads every event the filters select.
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import {
  ACCIONES_AUDITORIA,
  exportarAuditoriaContract,
  type AccionAuditoria,
  type EventoAuditoria,
} from '../../../shared/auditoria.js'
import { ApiError, mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconDownload } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { PieDeLista } from '../../components/pie-de-lista.js'
import { paths } from '../../paths.js'
import { listarAuditoria } from './auditoria-api.js'
import {
  CAMPOS_AUDITORIA,
  escribirFiltrosAuditoria,
  leerFiltrosAuditoria,
  type CampoAuditoria,
  type FiltrosAuditoria,
} from './filtros-auditoria.js'
import { listarUsuarios } from './usuarios-api.js'

const ACCIONES = Object.entries(ACCIONES_AUDITORIA).sort((a, b) => a[1].localeCompare(b[1], 'es'))

/** An action this version does not name (an older event) reads as its code. */
const accion = (a: string) => ACCIONES_AUDITORIA[a as AccionAuditoria] ?? a

/** The event's detail in one line: «cuenta: rosa.huaman · rol: personal». */
function detalle(d: EventoAuditoria['detalle']): string {
  if (!d) return ''
  return Object.entries(d)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ')
}

type Errores = Partial<Record<CampoAuditoria, string>>

export default function AuditoriaPage() {
  useTitle('Auditoría')
  const [aqui, navigate] = useLocation()
  const search = useSearch()
  const [form, setForm] = useState<FiltrosAuditoria>(() => leerFiltrosAuditoria(search))
  const [eventos, setEventos] = useState<EventoAuditoria[]>([])
  const [siguiente, setSiguiente] = useState<string | null>(null)
  const [cargando, setCargando] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [errores, setErrores] = useState<Errores>({})
  const [nombres, setNombres] = useState<string[]>([])

  // The names to pick from in «Usuario»; a name no longer an account can still be typed.
  useEffect(() => {
    const ctrl = new AbortController()
    listarUsuarios(ctrl.signal)
      .then((us) => setNombres(us.map((u) => u.usuario)))
      .catch(() => {})
    return () => ctrl.abort()
  }, [])

  /** A page of the URL's filters: the first (`url` null) or the next. */
  const cargar = async (url: string | null, signal?: AbortSignal) => {
    setCargando(true)
    setError(null)
    try {
      const { data, next } = await listarAuditoria(leerFiltrosAuditoria(search), url, signal)
      setEventos((e) => (url ? [...e, ...data] : data))
      setSiguiente(next)
      setErrores({})
    } catch (err) {
      if ((err as Error).name === 'AbortError') return
      const porCampo: Errores = {}
      for (const e of err instanceof ApiError ? err.errores : [])
        if ((CAMPOS_AUDITORIA as readonly string[]).includes(e.campo))
          porCampo[e.campo as CampoAuditoria] ??= e.mensaje
      setErrores(porCampo)
      if (!url) setEventos([])
      setError(mensajeDe(err, 'No se pudo cargar la auditoría'))
    } finally {
      if (!signal?.aborted) setCargando(false)
    }
  }

  // The URL is the query: Back and Forward bring its filters into the form and read again.
  useEffect(() => {
    setForm(leerFiltrosAuditoria(search))
    const ctrl = new AbortController()
    void cargar(null, ctrl.signal)
    return () => ctrl.abort()
  }, [search])

  const ir = (f: Partial<FiltrosAuditoria>) => {
    const qs = escribirFiltrosAuditoria(f)
    navigate(qs ? `${aqui}?${qs}` : aqui)
  }
  const buscar = (e: FormEvent) => {
    e.preventDefault()
    ir(form)
  }
  const campo = (c: CampoAuditoria) => ({
    value: form[c],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [c]: e.target.value })),
    ...describe(`au-${c}`, errores[c]),
  })
  const qs = escribirFiltrosAuditoria(leerFiltrosAuditoria(search))

  return (
    <>
      <section className="card" aria-labelledby="filtros-auditoria-titulo">
        <header className="card__header">
          <h2 id="filtros-auditoria-titulo">Filtros</h2>
          <a
            className="btn btn--secondary btn--sm"
            href={`${exportarAuditoriaContract.url}${qs ? `?${qs}` : ''}`}
            download
          >
            <IconDownload />
            Exportar CSV
          </a>
        </header>
        <form className="card__body" role="search" noValidate onSubmit={buscar}>
          <div className="auditoria__filtros">
            <Field id="au-usuario" label="Usuario" error={errores.usuario}>
              <input
                className="input"
                list="au-usuarios"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                {...campo('usuario')}
              />
              <datalist id="au-usuarios">
                {nombres.map((n) => (
                  <option key={n} value={n} />
                ))}
              </datalist>
            </Field>
            <Field id="au-pacienteId" label="ID del paciente" error={errores.pacienteId}>
              <input className="input" inputMode="numeric" {...campo('pacienteId')} />
            </Field>
            <Field id="au-accion" label="Acción" error={errores.accion}>
              <select className="select" {...campo('accion')}>
                <option value="">Todas</option>
                {ACCIONES.map(([codigo, etiqueta]) => (
                  <option key={codigo} value={codigo}>
                    {etiqueta}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="au-desde" label="Desde" error={errores.desde}>
              <input className="input" type="date" {...campo('desde')} />
            </Field>
            <Field id="au-hasta" label="Hasta" error={errores.hasta}>
              <input className="input" type="date" {...campo('hasta')} />
            </Field>
          </div>
          <div className="auditoria__botones">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => ir({})}
              disabled={!qs && !Object.values(form).some(Boolean)}
            >
              Limpiar
            </button>
            <button type="submit" className="btn btn--primary">
              Buscar
            </button>
          </div>
        </form>
      </section>

      <section className="card" aria-labelledby="eventos-titulo">
        <header className="card__header">
          <h2 id="eventos-titulo">Eventos</h2>
          <span className="muted small">Los más recientes primero · hora de la clínica</span>
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
                <th scope="col">Fecha y hora</th>
                <th scope="col">Usuario</th>
                <th scope="col">Acción</th>
                <th scope="col">Paciente</th>
                <th scope="col">Dirección</th>
                <th scope="col">Detalle</th>
              </tr>
            </thead>
            <tbody>
              {eventos.map((e) => (
                <tr key={e.id} data-testid={`evento-${e.id}`}>
                  <td data-label="Fecha y hora" className="nowrap">
                    {fechaHora(e.en)}
                  </td>
                  <td data-label="Usuario" className="mono">
                    {e.usuario ?? '—'}
                  </td>
                  <td data-label="Acción">{accion(e.accion)}</td>
                  <td data-label="Paciente">
                    {e.pacienteId === null ? (
                      '—'
                    ) : (
                      <Link href={paths.paciente(e.pacienteId)} className="cell-link">
                        ID {e.pacienteId}
                      </Link>
                    )}
                  </td>
                  <td data-label="Dirección" className="mono">
                    {e.direccion ?? '—'}
                  </td>
                  <td data-label="Detalle" className="auditoria__detalle">
                    {detalle(e.detalle) || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PieDeLista
          cargando={cargando}
          siguiente={siguiente}
          vacia={eventos.length === 0}
          vacio="No hay eventos con estos filtros."
          error={error}
          onMas={() => void cargar(siguiente)}
        />
      </section>
    </>
  )
}
