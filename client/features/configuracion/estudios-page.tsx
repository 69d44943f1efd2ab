// Configuración › Estudios (docs/producto.md#estudios): every study, filtered by modality, with
// its duration and preparation; a new one, «Editar» of each, and «Desactivar»/«Activar» (asked
// first). A study is never deleted: atenciones name it.
import { useState } from 'react'
import type { Modalidad } from '../../../shared/catalogos.js'
import type { EstudioCatalogo } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { Aviso } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import {
  modalidadesDe,
  revalidarCatalogos,
  useCatalogos,
  useEtiquetaModalidad,
} from '../../state/catalogos.js'
import { cambiarEstudio, listarEstudios } from './catalogos-api.js'
import { DialogoEstudioActivo } from './estudio-activo.js'
import { EstudioForm } from './estudio-form.js'
import { BotonActivo, EstadoActivo, FiltroCatalogo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

type Aviso = { ok: boolean; texto: string }

/** A long preparation in the list: its start, the whole of it in the tooltip. */
const abreviar = (texto: string, largo = 60) =>
  texto.length <= largo ? texto : `${texto.slice(0, largo - 1).trimEnd()}…`

export default function EstudiosPage() {
  useTitle('Estudios')
  const {
    lista: estudios,
    error,
    recargar,
  } = useLista(listarEstudios, 'No se pudieron cargar los estudios')
  const [modalidad, setModalidad] = useState<Modalidad | ''>('')
  const catalogo = useCatalogos()
  const etiqueta = useEtiquetaModalidad()
  const [aviso, setAviso] = useState<Aviso | null>(null)
  /** The form open: a new study, or the one being edited. */
  const [abierto, setAbierto] = useState<EstudioCatalogo | 'nuevo' | null>(null)
  const [pregunta, setPregunta] = useState<EstudioCatalogo | null>(null)
  const [ocupado, setOcupado] = useState<number | null>(null)

  const vistos = (estudios ?? []).filter((e) => !modalidad || e.modalidad === modalidad)

  const guardado = (texto: string) => {
    setAbierto(null)
    void recargar()
    void revalidarCatalogos()
    setAviso({ ok: true, texto })
  }

  const cambiarEstado = async (e: EstudioCatalogo) => {
    setOcupado(e.id)
    setAviso(null)
    try {
      const n = await cambiarEstudio(e.id, { activo: !e.activo })
      guardado(
        n.activo
          ? `El estudio ${n.nombre} está activo de nuevo.`
          : `El estudio ${n.nombre} quedó desactivado.`,
      )
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar el estudio') })
    } finally {
      setOcupado(null)
    }
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {abierto && (
        <EstudioForm
          key={abierto === 'nuevo' ? 'nuevo' : abierto.id}
          estudio={abierto === 'nuevo' ? undefined : abierto}
          modalidad={modalidad || undefined}
          onCancelar={() => setAbierto(null)}
          onGuardado={(e) =>
            guardado(
              abierto === 'nuevo' ? `Estudio ${e.nombre} creado.` : `Estudio ${e.nombre} guardado.`,
            )
          }
        />
      )}
      <TablaCatalogo
        id="estudios"
        titulo="Estudios"
        filtros={
          <FiltroCatalogo
            id="filtro-modalidad"
            etiqueta="Modalidad"
            valor={modalidad}
            onCambio={setModalidad}
            opciones={modalidadesDe(catalogo).map((m) => [m.valor, m.etiqueta] as const)}
          />
        }
        nuevo={
          abierto === 'nuevo'
            ? null
            : {
                texto: 'Nuevo estudio',
                onClick: () => {
                  setAviso(null)
                  setAbierto('nuevo')
                },
              }
        }
        error={error}
        filas={estudios ? vistos : null}
        vacio="No hay estudios."
        columnas={[
          {
            titulo: 'Modalidad',
            className: 'nowrap',
            celda: (e) => etiqueta(e.modalidad),
          },
          { titulo: 'Código', className: 'mono nowrap', celda: (e) => e.codigo },
          { titulo: 'Nombre', celda: (e) => e.nombre },
          { titulo: 'Duración', className: 'nowrap', celda: (e) => `${e.duracionMinutos} min` },
          {
            titulo: 'Preparación',
            className: 'catalogo__texto',
            title: (e) => e.preparacion ?? undefined,
            celda: (e) =>
              e.preparacion ? abreviar(e.preparacion) : <span className="muted">—</span>,
          },
          { titulo: 'Estado', celda: (e) => <EstadoActivo activo={e.activo} /> },
        ]}
        clave={(e) => e.id}
        testId={(e) => `estudio-${e.codigo}`}
        acciones={(e) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-label={`Editar el estudio ${e.nombre} (${e.codigo})`}
              onClick={() => {
                setAviso(null)
                setAbierto(e)
              }}
            >
              Editar
            </button>
            <BotonActivo
              que={`el estudio ${e.nombre} (${e.codigo})`}
              activo={e.activo}
              ocupado={ocupado === e.id}
              clase="btn--ghost"
              onClick={() => setPregunta(e)}
            />
          </>
        )}
      />

      {pregunta && (
        <DialogoEstudioActivo
          estudio={pregunta}
          activo={!pregunta.activo}
          onVolver={() => setPregunta(null)}
          onConfirmar={() => {
            setPregunta(null)
            void cambiarEstado(pregunta)
          }}
        />
      )}
    </>
  )
}
