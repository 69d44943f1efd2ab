// One study's template: the sections a new informe of that study starts with, written in the same
// editor the médico uses. Saved on «Guardar plantilla»; informes already begun keep their text.
import { useEffect, useState } from 'react'
import { SECCIONES_INFORME, type Bloque, type ContenidoInforme } from '../../../shared/informes.js'
import { mensajeDe } from '../../api.js'
import { fechaHora } from '../../components/format.js'
import { SeccionEditor } from '../../components/seccion-editor.js'
import { Aviso, type AvisoSeccion } from './estado-seccion.js'
import { guardarPlantilla, leerPlantilla } from './plantillas-api.js'

export function PlantillaEditor({
  estudioId,
  onCambios,
}: {
  estudioId: number
  /** Whether there are changes not saved yet (the page keeps the study until they are). */
  onCambios: (hay: boolean) => void
}) {
  const [contenido, setContenido] = useState<ContenidoInforme | null>(null)
  const [actualizada, setActualizada] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const [cambios, setCambios] = useState(false)
  const [guardando, setGuardando] = useState(false)
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)

  const cargar = (signal?: AbortSignal) =>
    leerPlantilla(estudioId, signal)
      .then((p) => {
        setContenido(p.contenido)
        setActualizada(p.actualizadoEn)
        setVersion((v) => v + 1)
        setCambios(false)
        onCambios(false)
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo leer la plantilla') })
      })

  useEffect(() => {
    const ctrl = new AbortController()
    setContenido(null)
    setAviso(null)
    void cargar(ctrl.signal)
    return () => ctrl.abort()
    // A new study reloads; `cargar` is rebuilt each render.
  }, [estudioId])

  const cambiar = (clave: string, bloques: Bloque[]) => {
    setContenido((c) => ({ ...c, [clave]: bloques }))
    if (!cambios) {
      setCambios(true)
      onCambios(true)
    }
  }

  const guardar = async () => {
    if (!contenido) return
    setGuardando(true)
    setAviso(null)
    try {
      const p = await guardarPlantilla(estudioId, contenido)
      setActualizada(p.actualizadoEn)
      setCambios(false)
      onCambios(false)
      setAviso({ ok: true, texto: 'Plantilla guardada: los informes que se comiencen la usarán.' })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo guardar la plantilla') })
    } finally {
      setGuardando(false)
    }
  }

  if (!contenido)
    return (
      <div className="card__body">
        <Aviso aviso={aviso} />
        {!aviso && <p role="status">Cargando…</p>}
      </div>
    )
  return (
    <div className="card__body plantilla">
      <Aviso aviso={aviso} />
      <p className="muted small">
        {actualizada
          ? `Guardada el ${fechaHora(actualizada)}.`
          : 'Este estudio aún no tiene plantilla: sus informes empiezan en blanco.'}{' '}
        Escriba «___» donde el médico debe completar una medida.
      </p>
      {SECCIONES_INFORME.map((s) => (
        <SeccionEditor
          key={`${estudioId}-${s.clave}`}
          id={`plantilla-${s.clave}`}
          titulo={s.titulo}
          bloques={contenido[s.clave]}
          soloLectura={false}
          version={version}
          onCambio={(b) => cambiar(s.clave, b)}
        />
      ))}
      <div className="form-actions">
        {cambios && (
          <button type="button" className="btn btn--secondary" onClick={() => void cargar()}>
            Descartar cambios
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          disabled={!cambios || guardando}
          onClick={() => void guardar()}
        >
          {guardando && <span className="spinner" aria-hidden="true" />}
          Guardar plantilla
        </button>
      </div>
    </div>
  )
}
