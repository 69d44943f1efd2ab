// /informes/:id: the informe of a study (docs/producto.md#informe). The médico who holds the draft
// writes each section; it saves itself every few seconds, when the tab is hidden and as the page
// closes, and keeps a copy in this tab until the server has it, so an expired session or a closed
// tab loses no word. A save another window made first shows both versions to choose from. Signing
// asks for the password again; a signed informe offers its PDF, an adenda and a corrección.
// Beside it: the images in the clinic's viewer, the patient's earlier reports and the phrases.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation, useParams } from 'wouter'
import {
  seccionesDe,
  textoDe,
  type Bloque,
  type ClaveSeccion,
  type ContenidoInforme,
  type Informe,
} from '../../../shared/informes.js'
import { ApiError, mensajeDe } from '../../api.js'
import { PrioridadBadge } from '../../components/badges.js'
import { fechaHora } from '../../components/format.js'
import { IconAlert, IconDownload } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import type { Editor } from '@tiptap/react'
import type { ContextoInforme } from '../../../shared/informes-paciente.js'
import {
  contextoInforme,
  guardarInforme,
  leerInforme,
  liberarInforme,
  tomarInforme,
  urlPdf,
} from '../../lib/informes-api.js'
import { paths } from '../../paths.js'
import { usePuede, sesion } from '../../state/sesion.js'
import { useCatalogos, useEtiquetaModalidad } from '../../state/catalogos.js'
import { FirmarDialogo, NuevaVersionDialogo } from './firmar-dialogo.js'
import { InformeLado } from './informe-lado.js'
import { SeccionEditor } from '../../components/seccion-editor.js'
import './informes.css'

/** How often a draft with unsaved changes is saved. */
const CADA_MS = 3000

type Guardado = 'guardado' | 'pendiente' | 'guardando' | 'error'
interface Copia {
  revision: number
  contenido: ContenidoInforme
}

const clave = (id: number) => `informe-borrador:${id}`
const leerCopia = (id: number): Copia | null => {
  try {
    return JSON.parse(sessionStorage.getItem(clave(id)) ?? 'null') as Copia | null
  } catch {
    return null
  }
}
const iguales = (a: ContenidoInforme, b: ContenidoInforme) =>
  JSON.stringify(a) === JSON.stringify(b)

const TEXTO_GUARDADO: Record<Guardado, string> = {
  guardado: 'Guardado',
  pendiente: 'Cambios sin guardar…',
  guardando: 'Guardando…',
  error: 'No se pudo guardar: se reintentará',
}

function Conflicto({
  mio,
  guardado,
  onMio,
  onGuardado,
}: {
  mio: ContenidoInforme
  guardado: Informe
  onMio: () => void
  onGuardado: () => void
}) {
  const secciones = seccionesDe(guardado.tipo)
  const columna = (titulo: string, c: ContenidoInforme) => (
    <div className="conflicto__version">
      <h3>{titulo}</h3>
      {secciones.map((s) => (
        <p key={s.clave}>
          <strong>{s.titulo}:</strong> {textoDe(c[s.clave]) || '—'}
        </p>
      ))}
    </div>
  )
  return (
    <section className="card conflicto" role="alert" aria-labelledby="conflicto-titulo">
      <h2 id="conflicto-titulo">Este informe se guardó desde otra ventana</h2>
      <p>
        Después de que usted lo abrió, se guardó otra versión (a las{' '}
        {fechaHora(guardado.actualizadoEn)}). Compare las dos y elija con cuál seguir.
      </p>
      <div className="conflicto__versiones">
        {columna('Lo que usted escribió', mio)}
        {columna('Lo guardado', guardado.contenido)}
      </div>
      <div className="conflicto__acciones">
        <button type="button" className="btn btn--primary" onClick={onMio}>
          Quedarme con lo mío
        </button>
        <button type="button" className="btn btn--secondary" onClick={onGuardado}>
          Usar lo guardado
        </button>
      </div>
    </section>
  )
}

export default function InformePage() {
  const { id: idTexto = '' } = useParams<{ id: string }>()
  const id = Number(idTexto)
  const [, navigate] = useLocation()
  const { usuario: cuenta } = useSnapshot(sesion)
  const yo = cuenta?.usuario
  const puedeRedactar = usePuede('informes.redactar')
  const puedeLiberar = usePuede('informes.liberar')
  const esAdmin = cuenta?.rol === 'admin'
  // The catalogue names the modality («DX (RX)»); asking for it loads it.
  useCatalogos()
  const etiqueta = useEtiquetaModalidad()
  const [informe, setInforme] = useState<Informe | null>(null)
  const [contenido, setContenido] = useState<ContenidoInforme>({})
  const [guardado, setGuardado] = useState<Guardado>('guardado')
  const [conflicto, setConflicto] = useState<Informe | null>(null)
  const [version, setVersion] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const [dialogo, setDialogo] = useState<'firmar' | 'adenda' | 'correccion' | null>(null)
  const [contexto, setContexto] = useState<ContextoInforme | null>(null)
  // Where a phrase chosen beside the editor goes: the section last written in.
  const editores = useRef(new Map<ClaveSeccion, Editor>())
  const enfocada = useRef<ClaveSeccion>('hallazgos')
  useTitle('Informe')

  useEffect(() => {
    const ctrl = new AbortController()
    setContexto(null)
    contextoInforme(id, ctrl.signal)
      .then(setContexto)
      // Without it the editor still works: the side shows nothing.
      .catch(() => {})
    return () => ctrl.abort()
  }, [id])
  const frases = useMemo(
    () => new Map((contexto?.frases ?? []).map((f) => [f.atajo, f.texto])),
    [contexto],
  )
  const insertarFrase = (texto: string) => {
    const editor = editores.current.get(enfocada.current) ?? editores.current.get('hallazgos')
    editor?.chain().focus().insertContent(texto).run()
  }

  // What the save in flight and the timer read: the latest, not the render's.
  const ref = useRef({ contenido, revision: 0, guardando: false, pendiente: false })

  const mostrar = useCallback((f: Informe, local?: ContenidoInforme) => {
    setInforme(f)
    setContenido(local ?? f.contenido)
    ref.current = { ...ref.current, contenido: local ?? f.contenido, revision: f.revision }
    setVersion((v) => v + 1)
  }, [])

  useEffect(() => {
    const ctrl = new AbortController()
    leerInforme(id, ctrl.signal)
      .then((f) => {
        const copia = f.estado === 'borrador' ? leerCopia(id) : null
        if (copia && !iguales(copia.contenido, f.contenido)) {
          if (copia.revision === f.revision) {
            // Written here and never saved (the session expired, the tab was closed): kept.
            mostrar(f, copia.contenido)
            ref.current.pendiente = true
            setGuardado('pendiente')
            setAviso('Se recuperó lo que escribió aquí y aún no se había guardado.')
            return
          }
          mostrar(f, copia.contenido)
          setConflicto(f)
          return
        }
        sessionStorage.removeItem(clave(id))
        mostrar(f)
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setError(mensajeDe(err, 'No se pudo abrir el informe'))
      })
    return () => ctrl.abort()
  }, [id, mostrar])

  const editable =
    informe !== null &&
    informe.estado === 'borrador' &&
    informe.tomadoPor?.usuario === yo &&
    conflicto === null

  const guardar = useCallback(
    async (keepalive = false) => {
      const r = ref.current
      if (!r.pendiente || r.guardando) return
      r.guardando = true
      const enviado = r.contenido
      setGuardado('guardando')
      try {
        const f = await guardarInforme(id, enviado, r.revision, keepalive)
        r.revision = f.revision
        setInforme(f)
        if (r.contenido === enviado) {
          r.pendiente = false
          sessionStorage.removeItem(clave(id))
          setGuardado('guardado')
        } else {
          sessionStorage.setItem(
            clave(id),
            JSON.stringify({ revision: f.revision, contenido: r.contenido }),
          )
          setGuardado('pendiente')
        }
      } catch (err) {
        if (err instanceof ApiError && err.status === 412) {
          setConflicto((err.cuerpo as { actual: Informe }).actual)
          setGuardado('pendiente')
        } else if (err instanceof ApiError && err.status === 409) {
          setError(err.message)
          setGuardado('error')
        } else setGuardado('error')
      } finally {
        r.guardando = false
      }
    },
    [id],
  )

  // Every few seconds while there is something to save, and when the tab is hidden or closed.
  useEffect(() => {
    if (!editable) return
    const cada = window.setInterval(() => void guardar(), CADA_MS)
    const alOcultar = () => {
      if (document.visibilityState === 'hidden') void guardar(true)
    }
    const alSalir = () => void guardar(true)
    document.addEventListener('visibilitychange', alOcultar)
    window.addEventListener('pagehide', alSalir)
    return () => {
      window.clearInterval(cada)
      document.removeEventListener('visibilitychange', alOcultar)
      window.removeEventListener('pagehide', alSalir)
      void guardar(true)
    }
  }, [editable, guardar])

  const cambiar = (seccion: ClaveSeccion, bloques: Bloque[]) => {
    // The editor also reports what did not change the text (a selection, a mark toggled on nothing).
    if (JSON.stringify(bloques) === JSON.stringify(ref.current.contenido[seccion] ?? [])) return
    const nuevo = { ...ref.current.contenido, [seccion]: bloques }
    ref.current.contenido = nuevo
    ref.current.pendiente = true
    sessionStorage.setItem(
      clave(id),
      JSON.stringify({ revision: ref.current.revision, contenido: nuevo }),
    )
    setContenido(nuevo)
    setGuardado('pendiente')
  }

  const tomar = async () => {
    setError(null)
    try {
      mostrar(await tomarInforme(id))
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo tomar el estudio'))
    }
  }

  const liberar = async () => {
    setError(null)
    try {
      // What was written stays: it is saved before the study is let go.
      await guardar()
      mostrar(await liberarInforme(id))
      setAviso('Estudio liberado: otro médico puede tomarlo.')
    } catch (err) {
      setError(mensajeDe(err, 'No se pudo liberar el estudio'))
    }
  }

  if (error && !informe)
    return (
      <div className="page">
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
        </p>
      </div>
    )
  if (!informe)
    return (
      <div className="page">
        <p role="status">Cargando…</p>
      </div>
    )

  const e = informe.estudio
  const deOtro = informe.tomadoPor !== null && informe.tomadoPor.usuario !== yo
  const puedeFirmar =
    puedeRedactar &&
    ((informe.estado === 'borrador' && informe.tomadoPor?.usuario === yo) ||
      (informe.estado === 'preliminar' && informe.preliminar?.nombre !== cuenta?.nombre))

  return (
    <div className="page informe-page">
      <header className="page__header informe__cabecera">
        <div>
          <h1>
            Informe N.º {informe.numero}
            {informe.tipo !== 'original' && (
              <span className="muted">
                {' '}
                · {informe.tipo === 'adenda' ? 'Adenda' : 'Corrección'}
              </span>
            )}
          </h1>
          <p className="informe__paciente">
            <strong>{e.paciente}</strong> · {e.documento} ·{' '}
            <PrioridadBadge prioridad={e.prioridad} />
          </p>
          <p className="muted">
            {etiqueta(e.modalidad)}: {e.estudios.join(', ')} · {e.sede} · Atención N.º{' '}
            {informe.atencionId}
            {informe.motivo && ` · Motivo: ${informe.motivo}`}
          </p>
        </div>
        <div className="informe__estado">
          <span className={`badge informe__badge informe__badge--${informe.estado}`}>
            {informe.estado === 'borrador'
              ? 'Borrador'
              : informe.estado === 'preliminar'
                ? 'Preliminar: falta la segunda firma'
                : informe.reemplazadoPor
                  ? 'Reemplazado por una corrección'
                  : 'Firmado'}
          </span>
          {editable && (
            <span className="muted small" role="status" data-testid="guardado">
              {TEXTO_GUARDADO[guardado]}
            </span>
          )}
        </div>
      </header>

      {aviso && (
        <p className="alert alert--success" role="status">
          <span>{aviso}</span>
        </p>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{error}</span>
        </p>
      )}
      {informe.estado === 'borrador' && deOtro && (
        <p className="alert alert--info">Lo está informando {informe.tomadoPor!.nombre}.</p>
      )}
      {informe.estado === 'borrador' && informe.tomadoPor === null && puedeRedactar && (
        <p className="informe__tomar">
          <span>Nadie está informando este estudio.</span>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void tomar()}>
            Tomar
          </button>
        </p>
      )}
      {conflicto && (
        <Conflicto
          mio={contenido}
          guardado={conflicto}
          onMio={() => {
            ref.current.revision = conflicto.revision
            ref.current.pendiente = true
            setConflicto(null)
            setGuardado('pendiente')
          }}
          onGuardado={() => {
            sessionStorage.removeItem(clave(id))
            ref.current.pendiente = false
            mostrar(conflicto)
            setConflicto(null)
            setGuardado('guardado')
          }}
        />
      )}

      <div className="informe__cuerpo">
        <div className="informe__principal">
          <div className="card informe__secciones">
            {seccionesDe(informe.tipo).map((s) => (
              <SeccionEditor
                key={`${s.clave}-${informe.id}`}
                id={`seccion-${s.clave}`}
                titulo={s.titulo}
                bloques={contenido[s.clave]}
                soloLectura={!editable}
                version={version}
                frases={frases}
                onEditor={(editor, enfocado) => {
                  editores.current.set(s.clave, editor)
                  if (enfocado) enfocada.current = s.clave
                }}
                onCambio={(b) => cambiar(s.clave, b)}
              />
            ))}
          </div>

          <div className="informe__acciones">
            {informe.estado === 'borrador' &&
              puedeLiberar &&
              informe.tomadoPor !== null &&
              (esAdmin || informe.tomadoPor.usuario === yo) && (
                <button type="button" className="btn btn--secondary" onClick={() => void liberar()}>
                  Liberar
                </button>
              )}
            {puedeFirmar && (
              <button
                type="button"
                className="btn btn--primary"
                onClick={async () => {
                  await guardar()
                  setDialogo('firmar')
                }}
              >
                Firmar
              </button>
            )}
            {informe.estado === 'final' && (
              <>
                <p className="informe__firma">
                  Firmado por {informe.firma!.nombre} ({informe.firma!.colegiatura}) el{' '}
                  {fechaHora(informe.firma!.en)}
                  {informe.importado ? (
                    ' en el sistema anterior de la clínica: su documento no está aquí'
                  ) : (
                    <>
                      {' '}
                      · Código <span className="mono">{informe.codigo}</span>
                    </>
                  )}
                </p>
                {!informe.importado && (
                  <a
                    className="btn btn--secondary"
                    href={urlPdf(informe.id)}
                    target="_blank"
                    rel="noopener"
                  >
                    <IconDownload /> Ver PDF
                  </a>
                )}
                {puedeRedactar && informe.reemplazadoPor === null && (
                  <>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      onClick={() => setDialogo('adenda')}
                    >
                      Adenda
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      onClick={() => setDialogo('correccion')}
                    >
                      Corrección
                    </button>
                  </>
                )}
              </>
            )}
          </div>
        </div>
        <InformeLado
          contexto={contexto}
          etiqueta={etiqueta}
          editable={editable}
          onFrase={insertarFrase}
        />
      </div>

      {dialogo === 'firmar' && (
        <FirmarDialogo
          informe={informe}
          onVolver={() => setDialogo(null)}
          onFirmado={(f) => {
            setDialogo(null)
            sessionStorage.removeItem(clave(id))
            mostrar(f)
            setAviso(
              f.estado === 'final'
                ? `Informe firmado. Código de verificación ${f.codigo}.`
                : 'Primera firma registrada: falta la de otro médico.',
            )
          }}
        />
      )}
      {(dialogo === 'adenda' || dialogo === 'correccion') && (
        <NuevaVersionDialogo
          informe={informe}
          tipo={dialogo}
          onVolver={() => setDialogo(null)}
          onCreada={(f) => {
            setDialogo(null)
            navigate(paths.informe(f.id))
          }}
        />
      )}
    </div>
  )
}
