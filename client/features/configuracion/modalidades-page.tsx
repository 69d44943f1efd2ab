// Configuración › Modalidades (docs/producto.md#modalidades): every modality the clinic has had,
// with its code, its Spanish name and its DICOM codes; a new one (a CT, a mammograph, a
// densitometer), «Editar» of each, and «Desactivar»/«Activar» (asked first). A modality is never
// deleted: atenciones, salas and estudios keep it.
import { useState } from 'react'
import type { ModalidadFila } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { ModalidadIcon } from '../../components/badges.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos } from '../../state/catalogos.js'
import { cambiarModalidad, listarModalidades } from './catalogos-api.js'
import { Aviso } from './estado-seccion.js'
import { ModalidadForm } from './modalidad-form.js'
import { BotonActivo, EstadoActivo, PreguntaActivo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

type Aviso = { ok: boolean; texto: string }

export default function ModalidadesPage() {
  useTitle('Modalidades')
  const {
    lista: modalidades,
    error,
    recargar,
  } = useLista(listarModalidades, 'No se pudieron cargar las modalidades')
  const [aviso, setAviso] = useState<Aviso | null>(null)
  /** The form open: a new modality, or the one being edited. */
  const [abierta, setAbierta] = useState<ModalidadFila | 'nueva' | null>(null)
  const [pregunta, setPregunta] = useState<ModalidadFila | null>(null)
  const [ocupada, setOcupada] = useState<string | null>(null)

  const guardada = (texto: string) => {
    setAbierta(null)
    void recargar()
    void revalidarCatalogos()
    setAviso({ ok: true, texto })
  }

  const cambiarEstado = async (m: ModalidadFila) => {
    setOcupada(m.valor)
    setAviso(null)
    try {
      const n = await cambiarModalidad(m.valor, { activa: !m.activa })
      guardada(
        n.activa
          ? `La modalidad ${n.etiqueta} está activa de nuevo.`
          : `La modalidad ${n.etiqueta} quedó desactivada.`,
      )
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar la modalidad') })
    } finally {
      setOcupada(null)
    }
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {abierta && (
        <ModalidadForm
          key={abierta === 'nueva' ? 'nueva' : abierta.valor}
          modalidad={abierta === 'nueva' ? undefined : abierta}
          onCancelar={() => setAbierta(null)}
          onGuardada={(m) =>
            guardada(
              abierta === 'nueva'
                ? `Modalidad ${m.etiqueta} creada: agregue sus salas y sus estudios.`
                : `Modalidad ${m.etiqueta} guardada.`,
            )
          }
        />
      )}
      <TablaCatalogo
        id="modalidades"
        titulo="Modalidades"
        nuevo={
          abierta === 'nueva'
            ? null
            : {
                texto: 'Nueva modalidad',
                onClick: () => {
                  setAviso(null)
                  setAbierta('nueva')
                },
              }
        }
        error={error}
        filas={modalidades}
        columnas={[
          {
            titulo: 'Nombre',
            celda: (m) => (
              <span className="modalidad-cell">
                <ModalidadIcon modalidad={m.valor} />
                <span aria-hidden="true">{m.etiqueta}</span>
              </span>
            ),
          },
          { titulo: 'Código', celda: (m) => m.valor },
          {
            titulo: 'DICOM',
            celda: (m) =>
              m.codigosDicom.length > 0 ? (
                m.codigosDicom.join(', ')
              ) : (
                <span className="muted">Sin equipos DICOM</span>
              ),
          },
          {
            titulo: 'Estado',
            celda: (m) => <EstadoActivo activo={m.activa} etiquetas={['Activa', 'Inactiva']} />,
          },
        ]}
        clave={(m) => m.valor}
        testId={(m) => `modalidad-${m.valor}`}
        acciones={(m) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-label={`Editar la modalidad ${m.etiqueta}`}
              onClick={() => {
                setAviso(null)
                setAbierta(m)
              }}
            >
              Editar
            </button>
            <BotonActivo
              que={`la modalidad ${m.etiqueta}`}
              activo={m.activa}
              ocupado={ocupada === m.valor}
              onClick={() => setPregunta(m)}
            />
          </>
        )}
      />

      {pregunta && (
        <PreguntaActivo
          id="confirmar-modalidad"
          que={`la modalidad ${pregunta.etiqueta}`}
          activar={!pregunta.activa}
          efecto={
            pregunta.activa
              ? `Las atenciones ya registradas de ${pregunta.etiqueta} la conservan y se siguen buscando por ella, pero no podrá elegirse para atenciones, salas ni estudios nuevos. Antes desactive sus salas.`
              : `${pregunta.etiqueta} podrá elegirse de nuevo para atenciones, salas y estudios nuevos.`
          }
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
