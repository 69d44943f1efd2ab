// Configuración › Sedes (docs/producto.md#sedes): every sede the clinic has had, a new one, and
// «Desactivar»/«Activar» (asked first). A sede is never renamed or deleted: atenciones store its
// name.
import { useState } from 'react'
import type { SedeCatalogo } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { Aviso } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos } from '../../state/catalogos.js'
import { cambiarSede, listarSedes } from './catalogos-api.js'
import { NuevaSedeForm } from './nueva-sede-form.js'
import { EstadoActivo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

type Aviso = { ok: boolean; texto: string }

export default function SedesPage() {
  useTitle('Sedes')
  const { lista: sedes, error, recargar } = useLista(listarSedes, 'No se pudieron cargar las sedes')
  const [aviso, setAviso] = useState<Aviso | null>(null)
  const [creando, setCreando] = useState(false)
  const [pregunta, setPregunta] = useState<SedeCatalogo | null>(null)
  const [ocupada, setOcupada] = useState<string | null>(null)

  const cambiarEstado = async (sede: SedeCatalogo) => {
    setOcupada(sede.nombre)
    setAviso(null)
    try {
      const s = await cambiarSede(sede.nombre, !sede.activa)
      await recargar()
      void revalidarCatalogos()
      setAviso({
        ok: true,
        texto: s.activa
          ? `La sede ${s.nombre} está activa de nuevo.`
          : `La sede ${s.nombre} quedó desactivada.`,
      })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar la sede') })
    } finally {
      setOcupada(null)
    }
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {creando && (
        <NuevaSedeForm
          onCancelar={() => setCreando(false)}
          onCreada={(s) => {
            setCreando(false)
            void recargar()
            void revalidarCatalogos()
            setAviso({ ok: true, texto: `Sede ${s.nombre} creada.` })
          }}
        />
      )}
      <TablaCatalogo
        id="sedes"
        titulo="Sedes"
        nuevo={
          creando
            ? null
            : {
                texto: 'Nueva sede',
                onClick: () => {
                  setAviso(null)
                  setCreando(true)
                },
              }
        }
        error={error}
        filas={sedes}
        columnas={[
          { titulo: 'Nombre', celda: (s) => s.nombre },
          {
            titulo: 'Estado',
            celda: (s) => <EstadoActivo activo={s.activa} etiquetas={['Activa', 'Inactiva']} />,
          },
        ]}
        clave={(s) => s.nombre}
        testId={(s) => `sede-${s.nombre}`}
        acciones={(s) => (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={ocupada === s.nombre}
            aria-label={`${s.activa ? 'Desactivar' : 'Activar'} la sede ${s.nombre}`}
            onClick={() => setPregunta(s)}
          >
            {s.activa ? 'Desactivar' : 'Activar'}
          </button>
        )}
      />

      {pregunta && (
        <DialogoConfirmar
          id="confirmar-sede"
          titulo={`¿${pregunta.activa ? 'Desactivar' : 'Activar'} la sede ${pregunta.nombre}?`}
          volver="Volver"
          confirmar={pregunta.activa ? 'Desactivar' : 'Activar'}
          onVolver={() => setPregunta(null)}
          onConfirmar={() => {
            setPregunta(null)
            void cambiarEstado(pregunta)
          }}
        >
          {pregunta.activa
            ? `Las atenciones ya registradas en ${pregunta.nombre} conservan su sede, pero ${pregunta.nombre} no podrá elegirse para atenciones nuevas.`
            : `${pregunta.nombre} podrá elegirse de nuevo para atenciones nuevas.`}
        </DialogoConfirmar>
      )}
    </>
  )
}
