// /laboratorio/atenciones/:id (docs/producto.md#resultados-de-laboratorio): a LAB atención's
// samples and its results, one table per exam. The technologist types values keyboard-first
// (Enter moves down, Shift+Enter up; Ctrl+S saves) and sees flags, calculated analitos and deltas
// as they are typed; a validator validates selected, normal or all values, a critical one only
// after its call is recorded; a validated value is corrected with a reason. The frozen result
// sheet opens once a value is validated.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { Link, useParams } from 'wouter'
import { textoValor, type FilaResultado } from '../../../shared/resultados.js'
import { ComunicarDialogo } from '../../components/comunicar-dialogo.js'
import { IconAlert, IconCheck, IconFileText } from '../../components/icons.js'
import { useAvisoSalida } from '../../components/registro-paciente/use-aviso-salida.js'
import { useTitle } from '../../components/use-title.js'
import { muestrasDeAtencion, urlHoja } from '../../lib/laboratorio-api.js'
import { useLectura } from '../../lib/use-lectura.js'
import { paths } from '../../paths.js'
import { sesion, usePuede } from '../../state/sesion.js'
import { CabeceraAtencion } from './cabecera-atencion.js'
import { CorregirDialogo } from './corregir-dialogo.js'
import { ExamenTabla } from './examen-tabla.js'
import { MuestrasPanel } from './muestras-panel.js'
import { useResultados } from './use-resultados.js'
import { validablesDe } from './validables.js'
import { ValidarBarra } from './validar-barra.js'

import { vistaDe } from './vista.js'
import './laboratorio.css'

/** Enter moves to the next field below, Shift+Enter to the one above; it never submits. */
function moverConEnter(e: KeyboardEvent<HTMLDivElement>) {
  const campo = e.target as HTMLElement
  if (e.key !== 'Enter' || !campo.hasAttribute('data-campo')) return
  e.preventDefault()
  const campos = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-campo]:not(:disabled)')]
  const siguiente = campos[campos.indexOf(campo) + (e.shiftKey ? -1 : 1)]
  siguiente?.focus()
  if (siguiente instanceof HTMLInputElement) siguiente.select()
}

export default function AtencionLaboratorioPage() {
  useTitle('Resultados de laboratorio')
  const { id: idTexto = '' } = useParams<{ id: string }>()
  const id = Number(idTexto)
  const { usuario } = useSnapshot(sesion)
  const ingresa = usePuede('resultados.ingresar')
  const validaRol = usePuede('resultados.validar')
  const r = useResultados(id)
  const [recargaMuestras, setRecargaMuestras] = useState(0)
  const muestras = useLectura(
    (signal) => muestrasDeAtencion(id, signal),
    `${id}|${recargaMuestras}`,
    'No se pudieron cargar las muestras',
  )
  const [marcadas, setMarcadas] = useState<Set<number>>(new Set())
  const [corrigiendo, setCorrigiendo] = useState<FilaResultado | null>(null)
  const [comunicando, setComunicando] = useState<FilaResultado | null>(null)
  const [avisoMuestras, setAvisoMuestras] = useState<string | null>(null)
  const sucio = r.cambiadas.length > 0
  useAvisoSalida(sucio)

  const datos = r.leido?.datos ?? null
  const vista = useMemo(() => vistaDe(datos?.examenes ?? [], r.borrador), [datos, r.borrador])
  const cambiadas = useMemo(() => new Set(r.cambiadas.map((c) => c.fila.analito.id)), [r.cambiadas])

  // Ctrl+S saves, wherever the focus is.
  const guardarRef = useRef(r.guardar)
  guardarRef.current = r.guardar
  useEffect(() => {
    const alTeclear = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault()
        void guardarRef.current()
      }
    }
    window.addEventListener('keydown', alTeclear)
    return () => window.removeEventListener('keydown', alTeclear)
  }, [])

  if (r.errorCarga && !datos)
    return (
      <div className="page">
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{r.errorCarga}</span>
        </p>
      </div>
    )
  if (!datos)
    return (
      <div className="page">
        <p role="status">Cargando…</p>
      </div>
    )

  const valida = validaRol && datos.puedeValidar
  /** Why a typed row cannot be selected to validate, or null. */
  const bloqueo = (f: FilaResultado): string | null => {
    const res = f.resultado
    if (!res || res.estado !== 'ingresado') return 'No está por validar'
    if (res.valor === null) return 'Sin valor'
    if (cambiadas.has(f.analito.id)) return 'Guarde el cambio antes de validarlo'
    if (res.critico && !res.critico.comunicadoEn)
      return 'Valor crítico: registre la comunicación antes de validarlo'
    if (!datos.autovalidacion && res.ingresadoPor !== null && res.ingresadoPor === usuario?.nombre)
      return 'Lo ingresó usted: debe validarlo otra persona'
    return null
  }
  const validables = validablesDe(
    datos.examenes.flatMap((e) => e.filas),
    (f) => bloqueo(f) === null,
    marcadas,
  )
  const a = datos.atencion

  return (
    <div className="page laboratorio-atencion">
      <nav className="breadcrumb" aria-label="Ruta">
        <Link href={paths.laboratorio}>Laboratorio</Link>
      </nav>
      <CabeceraAtencion atencion={a} />
      {avisoMuestras && (
        <p className="alert alert--success" role="status">
          <IconCheck />
          <span>{avisoMuestras}</span>
        </p>
      )}
      <MuestrasPanel
        atencionId={id}
        muestras={muestras.datos}
        error={muestras.error}
        onCambio={(aviso) => {
          setAvisoMuestras(aviso)
          setRecargaMuestras((n) => n + 1)
          void r.recargar()
        }}
      />
      <section className="resultados-panel" aria-labelledby="resultados-titulo">
        <header className="resultados-panel__cabecera">
          <h2 id="resultados-titulo">Resultados</h2>
          {datos.hoja && (
            <span className="btn-row">
              <a
                className="btn btn--secondary btn--sm"
                href={urlHoja(id)}
                target="_blank"
                rel="noopener"
              >
                <IconFileText />
                Hoja de resultados (PDF)
              </a>
              {datos.hoja.parcial && <span className="badge badge--wait">Informe parcial</span>}
            </span>
          )}
        </header>
        <div className="resultados-panel__acciones">
          {ingresa && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={r.ocupado || !sucio}
              onClick={() => void r.guardar()}
              aria-keyshortcuts="Control+S"
            >
              {r.ocupado && <span className="spinner" aria-hidden="true" />}
              Guardar
            </button>
          )}
          <span className="muted small" role="status">
            {sucio
              ? r.cambiadas.length === 1
                ? '1 cambio sin guardar'
                : `${r.cambiadas.length} cambios sin guardar`
              : ''}
          </span>
          {valida && (
            <ValidarBarra
              validables={validables}
              bloqueo={sucio ? 'Guarde los cambios antes de validar' : null}
              ocupado={r.ocupado}
              onValidar={(cuales) =>
                void r.validar(cuales).then((e) => e === null && setMarcadas(new Set()))
              }
            />
          )}
        </div>
        {r.fallo && (
          <p className="alert alert--error" role="alert">
            <IconAlert />
            <span>{r.fallo}</span>
          </p>
        )}
        {r.aviso && (
          <p className="alert alert--success" role="status">
            <IconCheck />
            <span>{r.aviso}</span>
          </p>
        )}
        <div className="resultados-panel__examenes" onKeyDown={moverConEnter}>
          {datos.examenes.map((e) => (
            <ExamenTabla
              key={e.estudioId}
              examen={e}
              vista={vista}
              errores={r.errores}
              validando={valida}
              editable={(f, v) =>
                ingresa &&
                !v.noRecibida &&
                !f.analito.calculo &&
                f.resultado?.estado !== 'validado' &&
                !f.resultado?.importado
              }
              seleccion={(f) => ({
                bloqueo: bloqueo(f),
                marcada: marcadas.has(f.analito.id),
                onCambiar: (m) =>
                  setMarcadas((s) => {
                    const n = new Set(s)
                    if (m) n.add(f.analito.id)
                    else n.delete(f.analito.id)
                    return n
                  }),
              })}
              onEscribir={r.escribir}
              onComunicar={setComunicando}
              onCorregir={ingresa ? setCorrigiendo : null}
            />
          ))}
        </div>
      </section>
      {corrigiendo && (
        <CorregirDialogo
          fila={corrigiendo}
          onVolver={() => setCorrigiendo(null)}
          onCorregir={async (item) => {
            const error = await r.corregir(item)
            if (error === null) setCorrigiendo(null)
            return error
          }}
        />
      )}
      {comunicando?.resultado?.critico && (
        <ComunicarDialogo
          hallazgoId={comunicando.resultado.critico.hallazgoId}
          descripcion={`Valor crítico de ${a.paciente}: ${comunicando.analito.nombre} ${textoValor(
            comunicando.resultado.valor,
            comunicando.analito.decimales,
          )} ${comunicando.analito.unidad ?? ''} (${comunicando.resultado.bandera ?? ''}).`}
          onVolver={() => setComunicando(null)}
          onYaRegistrado={() => void r.recargar()}
          onRegistrado={() => {
            setComunicando(null)
            void r.recargar()
          }}
        />
      )}
    </div>
  )
}
