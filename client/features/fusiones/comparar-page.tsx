// /pacientes/duplicados/:a/:b (admins): the two records side by side; the admin picks the record
// that stays and, for each field where they differ, the value to keep, then confirms the merge.
import { useEffect, useMemo, useState } from 'react'
import { Link, useParams } from 'wouter'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import type { ErrorCampo } from '../../../shared/contract.js'
import { CAMPOS_FUSION, type CampoFusion, type Origen } from '../../../shared/fusiones.js'
import { CAMPOS_PACIENTE } from '../../../shared/paciente-campos.js'
import type { PacienteDetalle } from '../../../shared/pacientes.js'
import { ApiError, mensajeDe } from '../../api.js'
import { fecha, fechaHora, texto } from '../../components/format.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { usePuede } from '../../state/sesion.js'
import { deshacerFusion, fusionar, obtenerPaciente } from './fusiones-api.js'
import './fusiones.css'

type Lado = 'a' | 'b'
const otro = (l: Lado): Lado => (l === 'a' ? 'b' : 'a')

const valor = (p: PacienteDetalle, c: CampoFusion) => p[c] ?? null
const mostrar = (c: CampoFusion, v: string | null) =>
  c === 'fechaNacimiento' ? fecha(v) : texto(v)
/** Fields that only make sense together: picking one side for one picks it for the others. */
const GEOGRAFIA: readonly CampoFusion[] = ['departamento', 'municipio', 'distrito']
const juntos = (c: CampoFusion): readonly CampoFusion[] => (GEOGRAFIA.includes(c) ? GEOGRAFIA : [c])

/** Which side each differing field takes by default: the survivor's, unless it is blank there. */
function porDefecto(
  a: PacienteDetalle,
  b: PacienteDetalle,
  conserva: Lado,
): Partial<Record<CampoFusion, Lado>> {
  const r: Partial<Record<CampoFusion, Lado>> = {}
  const p = { a, b }
  for (const c of CAMPOS_FUSION) {
    if (valor(a, c) === valor(b, c)) continue
    r[c] = valor(p[conserva], c) === null ? otro(conserva) : conserva
  }
  const lado = GEOGRAFIA.map((c) => r[c]).find(Boolean)
  for (const c of GEOGRAFIA) if (r[c]) r[c] = lado
  return r
}

function Registro({
  p,
  lado,
  conserva,
  onElegir,
}: {
  p: PacienteDetalle
  lado: Lado
  conserva: Lado
  onElegir: () => void
}) {
  const elegido = conserva === lado
  return (
    <label className={elegido ? 'registro registro--elegido' : 'registro'}>
      <span className="registro__cabeza">
        <input type="radio" name="conservar" checked={elegido} onChange={onElegir} />
        <span className="registro__titulo">Registro {lado.toUpperCase()}</span>
        <span className={elegido ? 'badge badge--done' : 'badge'}>
          {elegido ? 'Se conserva' : 'Se fusiona en el otro'}
        </span>
      </span>
      <span className="registro__nombre">{p.nombreCompleto}</span>
      <span className="cell-sub">
        {TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} {p.documento} · ID {p.id}
      </span>
      <span className="cell-sub">
        Registrado el {fechaHora(p.creadoEn)} ·{' '}
        {p.atenciones.length === 1 ? '1 atención' : `${p.atenciones.length} atenciones`}
      </span>
    </label>
  )
}

export default function CompararPage() {
  useTitle('Fusionar registros')
  const { a: idA = '', b: idB = '' } = useParams<{ a: string; b: string }>()
  const permitido = usePuede('fusiones')
  const [registros, setRegistros] = useState<{ a: PacienteDetalle; b: PacienteDetalle } | null>(
    null,
  )
  const [error, setError] = useState<string | null>(null)
  const [conserva, setConserva] = useState<Lado>('a')
  const [eleccion, setEleccion] = useState<Partial<Record<CampoFusion, Lado>>>({})
  const [confirmando, setConfirmando] = useState(false)
  const [enviando, setEnviando] = useState(false)
  const [fallo, setFallo] = useState<{ texto: string; errores: ErrorCampo[] } | null>(null)
  const [hecha, setHecha] = useState<{ id: number; deshecha: boolean } | null>(null)

  useEffect(() => {
    const ctrl = new AbortController()
    setRegistros(null)
    setError(null)
    Promise.all([obtenerPaciente(idA, ctrl.signal), obtenerPaciente(idB, ctrl.signal)])
      .then(([a, b]) => {
        // A merged record's id answers its survivor: this pair is no longer two records.
        if (String(a.id) !== idA || String(b.id) !== idB || a.id === b.id) {
          setError('Uno de estos registros ya fue fusionado en otro.')
          return
        }
        // By default the record with more history stays (the older one on a tie).
        const lado: Lado =
          b.atenciones.length > a.atenciones.length ||
          (b.atenciones.length === a.atenciones.length && b.id < a.id)
            ? 'b'
            : 'a'
        setRegistros({ a, b })
        setConserva(lado)
        setEleccion(porDefecto(a, b, lado))
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setError(mensajeDe(err, 'No se pudieron cargar los registros'))
      })
    return () => ctrl.abort()
  }, [idA, idB])

  const distintos = useMemo(
    () =>
      registros ? CAMPOS_FUSION.filter((c) => valor(registros.a, c) !== valor(registros.b, c)) : [],
    [registros],
  )

  if (!permitido) {
    return (
      <div className="page">
        <div className="card card__body notfound">
          <IconAlert />
          <h1>Solo para administradores</h1>
        </div>
      </div>
    )
  }

  const volver = (
    <nav aria-label="Ruta de navegación" className="migas">
      <Link href={paths.duplicados}>Posibles duplicados</Link>
      <span aria-hidden="true">/</span>
      <span aria-current="page">Fusionar registros</span>
    </nav>
  )

  if (error) {
    return (
      <div className="page">
        {volver}
        <div className="card card__body notfound">
          <IconAlert />
          <h1>No se puede fusionar este par</h1>
          <p className="muted">{error}</p>
          <Link href={paths.duplicados} className="btn btn--primary">
            Volver a posibles duplicados
          </Link>
        </div>
      </div>
    )
  }
  if (!registros) {
    return (
      <div className="page" aria-busy="true">
        {volver}
        <div className="skeleton comparar-skeleton" />
      </div>
    )
  }

  const { a, b } = registros
  const p = { a, b }
  const queda = p[conserva]
  const sale = p[otro(conserva)]

  const elegirConserva = (lado: Lado) => {
    setConserva(lado)
    setEleccion(porDefecto(a, b, lado))
    setConfirmando(false)
    setFallo(null)
  }
  const elegir = (c: CampoFusion, lado: Lado) => {
    setEleccion((e) => {
      const nueva = { ...e, [c]: lado }
      for (const j of juntos(c)) if (e[j]) nueva[j] = lado
      return nueva
    })
    setConfirmando(false)
  }

  const enviar = async () => {
    setEnviando(true)
    setFallo(null)
    const campos: Partial<Record<CampoFusion, Origen>> = {}
    for (const c of distintos)
      campos[c] = (eleccion[c] ?? conserva) === conserva ? 'conservar' : 'absorber'
    try {
      const { id } = await fusionar({ conservar: queda.id, absorber: sale.id, campos })
      setHecha({ id, deshecha: false })
    } catch (err) {
      setFallo({
        texto: mensajeDe(err, 'No se pudo fusionar'),
        errores: err instanceof ApiError ? err.errores : [],
      })
      setConfirmando(false)
    } finally {
      setEnviando(false)
    }
  }

  const deshacer = async () => {
    if (!hecha) return
    setEnviando(true)
    setFallo(null)
    try {
      await deshacerFusion(hecha.id)
      setHecha({ ...hecha, deshecha: true })
    } catch (err) {
      setFallo({ texto: mensajeDe(err, 'No se pudo deshacer la fusión'), errores: [] })
    } finally {
      setEnviando(false)
    }
  }

  if (hecha) {
    return (
      <div className="page">
        {volver}
        <div className="card card__body fusion-hecha" role="status">
          <IconCheck />
          <h1>{hecha.deshecha ? 'Fusión deshecha' : 'Registros fusionados'}</h1>
          <p className="muted">
            {hecha.deshecha
              ? `Los registros ${queda.id} y ${sale.id} vuelven a estar separados, cada uno con sus atenciones.`
              : `El registro ${sale.id} (${TIPO_DOCUMENTO_ETIQUETA[sale.tipoDocumento]} ${sale.documento}) quedó fusionado en el ${queda.id}; su documento lleva a este paciente.`}
          </p>
          {fallo && (
            <p className="alert alert--error" role="alert">
              <IconAlert />
              <span>{fallo.texto}</span>
            </p>
          )}
          <div className="btn-row fusion-hecha__acciones">
            <Link href={paths.paciente(queda.id)} className="btn btn--primary">
              Ver paciente
            </Link>
            <Link href={paths.duplicados} className="btn btn--secondary">
              Volver a posibles duplicados
            </Link>
            {!hecha.deshecha && (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={enviando}
                onClick={() => void deshacer()}
              >
                Deshacer fusión
              </button>
            )}
          </div>
        </div>
      </div>
    )
  }

  const errorDe = (c: string) => fallo?.errores.find((e) => e.campo === c)?.mensaje
  const iguales = CAMPOS_FUSION.filter((c) => !distintos.includes(c))
  const movidas = sale.atenciones.length

  return (
    <div className="page">
      {volver}
      <header className="page__header">
        <div>
          <h1>Fusionar registros</h1>
          <p className="page__subtitle">
            Elija el registro que se conserva y, en cada dato distinto, el valor que queda.
          </p>
        </div>
      </header>

      <section className="card card__body" aria-labelledby="conservar-titulo">
        <h2 id="conservar-titulo" className="comparar__paso">
          1. ¿Qué registro se conserva?
        </h2>
        <div className="registros" role="radiogroup" aria-labelledby="conservar-titulo">
          <Registro p={a} lado="a" conserva={conserva} onElegir={() => elegirConserva('a')} />
          <Registro p={b} lado="b" conserva={conserva} onElegir={() => elegirConserva('b')} />
        </div>
        <p className="muted small comparar__nota">
          El documento es el del registro que se conserva (
          {TIPO_DOCUMENTO_ETIQUETA[queda.tipoDocumento]} {queda.documento}). El del otro (
          {TIPO_DOCUMENTO_ETIQUETA[sale.tipoDocumento]} {sale.documento}) seguirá llevando a este
          paciente en la búsqueda y en su ficha.
        </p>
      </section>

      <section className="card card__body" aria-labelledby="campos-titulo">
        <h2 id="campos-titulo" className="comparar__paso">
          2. Datos distintos
        </h2>
        {distintos.length === 0 ? (
          <p className="muted">Los dos registros tienen los mismos datos.</p>
        ) : (
          <div className="campos">
            {distintos.map((c) => (
              <fieldset
                key={c}
                className="campo"
                aria-describedby={errorDe(c) ? `e-${c}` : undefined}
              >
                <legend className="campo__nombre">{CAMPOS_PACIENTE[c].etiqueta}</legend>
                {(['a', 'b'] as const).map((lado) => (
                  <label
                    key={lado}
                    className={
                      (eleccion[c] ?? conserva) === lado ? 'opcion opcion--elegida' : 'opcion'
                    }
                  >
                    <input
                      type="radio"
                      name={`campo-${c}`}
                      checked={(eleccion[c] ?? conserva) === lado}
                      onChange={() => elegir(c, lado)}
                    />
                    <span className="opcion__valor">{mostrar(c, valor(p[lado], c))}</span>
                    <span className="opcion__origen">Registro {lado.toUpperCase()}</span>
                  </label>
                ))}
                {errorDe(c) && (
                  <p id={`e-${c}`} className="field__error">
                    {errorDe(c)}
                  </p>
                )}
              </fieldset>
            ))}
          </div>
        )}
        {iguales.length > 0 && (
          <p className="muted small comparar__nota">
            Iguales en ambos: {iguales.map((c) => CAMPOS_PACIENTE[c].etiqueta).join(', ')}.
          </p>
        )}
      </section>

      <section className="card card__body" aria-labelledby="confirmar-titulo">
        <h2 id="confirmar-titulo" className="comparar__paso">
          3. Confirmar
        </h2>
        <p>
          Se conserva el registro <strong>{queda.id}</strong> ({queda.nombreCompleto}).{' '}
          {movidas === 0
            ? 'El otro no tiene atenciones.'
            : movidas === 1
              ? 'Su atención pasará al registro que se conserva.'
              : `Sus ${movidas} atenciones pasarán al registro que se conserva.`}{' '}
          La fusión se puede deshacer desde Posibles duplicados.
        </p>
        {fallo && (
          <p className="alert alert--error" role="alert">
            <IconAlert />
            <span>{fallo.texto}</span>
          </p>
        )}
        <div className="form-actions">
          {confirmando ? (
            <>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => setConfirmando(false)}
              >
                Cancelar
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={enviando}
                onClick={() => void enviar()}
              >
                {enviando && <span className="spinner" aria-hidden="true" />}
                Confirmar fusión
              </button>
            </>
          ) : (
            <>
              <Link href={paths.duplicados} className="btn btn--secondary">
                Cancelar
              </Link>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => setConfirmando(true)}
              >
                Fusionar
              </button>
            </>
          )}
        </div>
      </section>
    </div>
  )
}
