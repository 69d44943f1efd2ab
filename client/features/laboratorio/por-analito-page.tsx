// /laboratorio/analitos/:id (docs/producto.md#laboratorio-por-analito): one analito across the
// day's LAB atenciones, to type it patient after patient: Enter saves the row alone (with its
// atención's ETag) and moves down; a saved row shows a check, a refused one its reason.
import { useEffect, useState, type KeyboardEvent } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { textoValor, type FilaPorAnalito as Fila } from '../../../shared/resultados.js'
import { ApiError, mensajeDe } from '../../api.js'
import { IconAlert } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { MasFilas } from '../../components/mas-filas.js'
import {
  catalogoLaboratorio,
  guardarResultados,
  porAnalito,
  porAnalitoSiguiente,
} from '../../lib/laboratorio-api.js'
import { useLectura } from '../../lib/use-lectura.js'
import { useMas } from '../../lib/use-mas.js'
import { paths } from '../../paths.js'
import { usePuede } from '../../state/sesion.js'
import { FilaPorAnalito, type Guardado } from './fila-por-analito.js'
import { consultaDia, FiltrosDia, useDia } from './filtros-dia.js'
import { valorDeTexto } from './valores.js'
import './laboratorio.css'

export default function PorAnalitoPage() {
  useTitle('Laboratorio por analito')
  const { id: idTexto } = useParams<{ id?: string }>()
  const analitoId = idTexto ? Number(idTexto) : null
  const [, navigate] = useLocation()
  const [dia, cambiarDia] = useDia()
  const ingresa = usePuede('resultados.ingresar')
  const catalogo = useLectura(
    (signal) => catalogoLaboratorio(signal),
    'catalogo',
    'No se pudo cargar el catálogo del laboratorio',
  )
  const [recarga, setRecarga] = useState(0)
  const clave = `${analitoId}|${dia.fecha}|${dia.sede}|${recarga}`
  const lista = useLectura(
    (signal) =>
      analitoId === null
        ? Promise.resolve(null)
        : porAnalito(analitoId, { fecha: dia.fecha, sede: dia.sede || undefined }, signal),
    clave,
    'No se pudieron cargar los resultados del analito',
  )
  // A busy day comes a page at a time: «Cargar más» appends the next.
  const mas = useMas(clave, lista.datos?.siguiente, porAnalitoSiguiente)
  /** Rows as saved here since the list was read (their result and ETag changed). */
  const [propias, setPropias] = useState<Record<number, Fila>>({})
  const [textos, setTextos] = useState<Record<number, string>>({})
  const [estados, setEstados] = useState<Record<number, Guardado>>({})
  // Another analito or day: nothing typed or saved here belongs to it.
  useEffect(() => {
    setPropias({})
    setTextos({})
    setEstados({})
  }, [analitoId, dia.fecha, dia.sede])

  const analito = lista.datos?.analito ?? null
  const filas = [...(lista.datos?.filas ?? []), ...mas.filas].map((f) => propias[f.atencionId] ?? f)
  const textoDe = (f: Fila) =>
    textos[f.atencionId] ??
    (analito ? textoValor(f.resultado?.valor ?? null, analito.decimales) : '')

  const guardarFila = async (f: Fila) => {
    if (!analito) return
    const texto = textoDe(f)
    if (texto.trim() === textoValor(f.resultado?.valor ?? null, analito.decimales).trim()) return
    const v = valorDeTexto(texto, analito)
    const poner = (g: Guardado) => setEstados((e) => ({ ...e, [f.atencionId]: g }))
    if ('error' in v) return poner({ error: v.error })
    poner('guardando')
    try {
      const { datos, etag } = await guardarResultados(
        f.atencionId,
        [{ analitoId: analito.id, valor: v.valor }],
        f.etag,
      )
      const nueva = datos.examenes.flatMap((e) => e.filas).find((x) => x.analito.id === analito.id)
      setPropias((p) => ({
        ...p,
        [f.atencionId]: {
          ...f,
          etag,
          resultado: nueva?.resultado ?? f.resultado,
          anterior: nueva?.anterior ?? f.anterior,
        },
      }))
      setTextos(({ [f.atencionId]: _, ...resto }) => resto)
      poner('guardado')
    } catch (err) {
      poner({ error: mensajeDe(err, 'No se pudo guardar') })
      // Saved by someone else meanwhile: the list is read again (what is typed stays).
      if (err instanceof ApiError && err.status === 412) {
        setPropias({})
        setRecarga((n) => n + 1)
      }
    }
  }

  const alTeclear = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const campo = e.target as HTMLElement
    if (e.key !== 'Enter' || !campo.hasAttribute('data-campo')) return
    e.preventDefault()
    const campos = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-campo]')]
    const i = campos.indexOf(campo)
    if (!e.shiftKey) {
      const f = filas.find((x) => `analito-${x.atencionId}` === campo.id)
      if (f) void guardarFila(f)
    }
    const siguiente = campos[i + (e.shiftKey ? -1 : 1)]
    siguiente?.focus()
    if (siguiente instanceof HTMLInputElement) siguiente.select()
  }

  const examenes = catalogo.datos?.examenes ?? []
  const porCodigo = new Map((catalogo.datos?.analitos ?? []).map((a) => [a.codigo, a]))

  return (
    <div className="page laboratorio">
      <nav className="breadcrumb" aria-label="Ruta">
        <Link href={paths.laboratorio + consultaDia(dia)}>Laboratorio</Link>
      </nav>
      <header className="page__header">
        <h1>Por analito{analito ? `: ${analito.nombre}` : ''}</h1>
        <p className="muted">
          Un analito en todas las atenciones del día: Enter guarda el valor del paciente y pasa al
          siguiente.
        </p>
      </header>
      <form className="laboratorio__filtros" onSubmit={(e) => e.preventDefault()}>
        <label className="field por-analito__analito">
          <span className="field__label">Analito</span>
          <select
            className="select"
            value={analitoId ?? ''}
            onChange={(e) =>
              navigate(
                (e.target.value
                  ? paths.laboratorioAnalito(e.target.value)
                  : paths.laboratorioAnalitos) + consultaDia(dia),
              )
            }
          >
            <option value="">Elija el analito</option>
            {examenes.map((x) => (
              <optgroup key={x.estudioId} label={x.nombre}>
                {x.analitos.map(({ codigo }) => {
                  const a = porCodigo.get(codigo)
                  return a ? (
                    <option key={codigo} value={a.id}>
                      {a.nombre}
                    </option>
                  ) : null
                })}
              </optgroup>
            ))}
          </select>
        </label>
        <FiltrosDia dia={dia} onChange={cambiarDia} />
      </form>
      {(catalogo.error ?? lista.error) && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{catalogo.error ?? lista.error}</span>
        </p>
      )}
      {analitoId === null && (
        <p className="empty">Elija un analito para ingresarlo por paciente.</p>
      )}
      {analitoId !== null && !lista.datos && !lista.error && <p role="status">Cargando…</p>}
      {analito && filas.length === 0 && (
        <p className="empty">Ninguna atención de laboratorio de este día pide {analito.nombre}.</p>
      )}
      {analito && filas.length > 0 && (
        <section className="card" aria-labelledby="por-analito-titulo">
          <header className="card__header">
            <h2 id="por-analito-titulo">
              {analito.nombre}
              {analito.unidad && <span className="muted"> ({analito.unidad})</span>}
            </h2>
          </header>
          <div
            className="table-wrap"
            role="region"
            aria-labelledby="por-analito-titulo"
            // Scrolls sideways on a phone: the keyboard reaches it too.
            tabIndex={0}
          >
            <table className="table table--compact resultados">
              <thead>
                <tr>
                  <th scope="col">Paciente</th>
                  <th scope="col">Edad / sexo</th>
                  <th scope="col">Referencia</th>
                  <th scope="col">Resultado</th>
                  <th scope="col">
                    <span className="visually-hidden">Bandera</span>
                  </th>
                  <th scope="col">Anterior</th>
                  <th scope="col">
                    <span className="visually-hidden">Guardado</span>
                  </th>
                </tr>
              </thead>
              <tbody onKeyDown={alTeclear}>
                {filas.map((f) => (
                  <FilaPorAnalito
                    key={f.atencionId}
                    fila={f}
                    analito={analito}
                    texto={textoDe(f)}
                    guardado={estados[f.atencionId] ?? null}
                    editable={
                      ingresa &&
                      f.muestraRecibida &&
                      !analito.calculo &&
                      f.resultado?.estado !== 'validado' &&
                      !f.resultado?.importado
                    }
                    onEscribir={(t) => {
                      setTextos((x) => ({ ...x, [f.atencionId]: t }))
                      setEstados(({ [f.atencionId]: _, ...resto }) => resto)
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <MasFilas mas={mas} />
        </section>
      )}
    </div>
  )
}
