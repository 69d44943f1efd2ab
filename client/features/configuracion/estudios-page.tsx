// Configuración › Estudios (docs/producto.md#estudios): every study, filtered by modality, with
// its duration and preparation; a new one, «Editar» of each, and «Desactivar»/«Activar» (asked
// first). A study is never deleted: atenciones name it.
import { useState } from 'react'
import { MODALIDADES, MODALIDAD_INFO, type Modalidad } from '../../../shared/catalogos.js'
import type { EstudioCatalogo } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { Aviso, BotonNuevo, CargaLista } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos } from '../../state/catalogos.js'
import { cambiarEstudio, listarEstudios } from './catalogos-api.js'
import { DialogoEstudioActivo } from './estudio-activo.js'
import { EstudioForm } from './estudio-form.js'
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
      <section className="card" aria-labelledby="estudios-titulo">
        <header className="card__header">
          <h2 id="estudios-titulo">Estudios</h2>
          <div className="catalogo__herramientas">
            <div className="catalogo__filtro">
              <label htmlFor="filtro-modalidad">Modalidad</label>
              <select
                id="filtro-modalidad"
                className="select"
                value={modalidad}
                onChange={(e) => setModalidad(e.target.value as Modalidad | '')}
              >
                <option value="">Todas</option>
                {MODALIDADES.map((m) => (
                  <option key={m} value={m}>
                    {MODALIDAD_INFO[m].etiqueta}
                  </option>
                ))}
              </select>
            </div>
            {abierto !== 'nuevo' && (
              <BotonNuevo
                texto="Nuevo estudio"
                onClick={() => {
                  setAviso(null)
                  setAbierto('nuevo')
                }}
              />
            )}
          </div>
        </header>
        <CargaLista error={error} cargada={Boolean(estudios)} />
        {estudios && vistos.length === 0 && <p className="empty">No hay estudios.</p>}
        {vistos.length > 0 && (
          <div className="table-wrap">
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">Modalidad</th>
                  <th scope="col">Código</th>
                  <th scope="col">Nombre</th>
                  <th scope="col">Duración</th>
                  <th scope="col">Preparación</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {vistos.map((e) => (
                  <tr key={e.id} data-testid={`estudio-${e.codigo}`}>
                    <td data-label="Modalidad" className="nowrap">
                      {MODALIDAD_INFO[e.modalidad].etiqueta}
                    </td>
                    <td data-label="Código" className="mono nowrap">
                      {e.codigo}
                    </td>
                    <td data-label="Nombre">{e.nombre}</td>
                    <td data-label="Duración" className="nowrap">
                      {e.duracionMinutos} min
                    </td>
                    <td
                      data-label="Preparación"
                      className="catalogo__texto"
                      title={e.preparacion ?? undefined}
                    >
                      {e.preparacion ? abreviar(e.preparacion) : <span className="muted">—</span>}
                    </td>
                    <td data-label="Estado">
                      <span className={e.activo ? 'badge badge--done' : 'badge badge--cancel'}>
                        {e.activo ? 'Activo' : 'Inactivo'}
                      </span>
                    </td>
                    <td data-label="Acciones">
                      <div className="catalogo__acciones">
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
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          disabled={ocupado === e.id}
                          aria-label={`${e.activo ? 'Desactivar' : 'Activar'} el estudio ${e.nombre} (${e.codigo})`}
                          onClick={() => setPregunta(e)}
                        >
                          {e.activo ? 'Desactivar' : 'Activar'}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

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
