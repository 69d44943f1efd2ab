// Configuración › Sedes (docs/producto.md#sedes): every sede the clinic has had, a new one,
// «Renombrar» (its atenciones, salas and accounts follow), «Desactivar»/«Activar» and «Pedir
// segunda firma»/«Quitar segunda firma» for its informes (both asked first). A sede is never
// deleted: its atenciones keep it.
import { useState } from 'react'
import type { CambioSede, SedeCatalogo } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { Aviso } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos } from '../../state/catalogos.js'
import { cambiarSede, listarSedes } from './catalogos-api.js'
import { SedeForm } from './sede-form.js'
import { BotonActivo, EstadoActivo, PreguntaActivo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

type Aviso = { ok: boolean; texto: string }

/** What the second signature does, as the column's hint and the question before turning it on. */
const SEGUNDA_FIRMA =
  'Los informes de esta sede necesitan la firma de un segundo médico para quedar finales'

/** The row button that turns the second signature on or off, and its question's answer. */
const verboFirma = (s: SedeCatalogo) =>
  s.informeDobleFirma ? 'Quitar segunda firma' : 'Pedir segunda firma'

export default function SedesPage() {
  useTitle('Sedes')
  const { lista: sedes, error, recargar } = useLista(listarSedes, 'No se pudieron cargar las sedes')
  const [aviso, setAviso] = useState<Aviso | null>(null)
  /** The form open: a new sede, or the one being renamed. */
  const [abierta, setAbierta] = useState<SedeCatalogo | 'nueva' | null>(null)
  /** The question open: activating or deactivating a sede, or its second signature. */
  const [pregunta, setPregunta] = useState<SedeCatalogo | null>(null)
  const [preguntaFirma, setPreguntaFirma] = useState<SedeCatalogo | null>(null)
  const [ocupada, setOcupada] = useState<string | null>(null)

  const cambiar = async (
    sede: SedeCatalogo,
    cambio: CambioSede,
    hecho: (s: SedeCatalogo) => string,
  ) => {
    setOcupada(sede.nombre)
    setAviso(null)
    try {
      const s = await cambiarSede(sede.nombre, cambio)
      await recargar()
      void revalidarCatalogos()
      setAviso({ ok: true, texto: hecho(s) })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar la sede') })
    } finally {
      setOcupada(null)
    }
  }

  const cambiarEstado = (sede: SedeCatalogo) =>
    cambiar(sede, { activa: !sede.activa }, (s) =>
      s.activa
        ? `La sede ${s.nombre} está activa de nuevo.`
        : `La sede ${s.nombre} quedó desactivada.`,
    )

  const cambiarFirma = (sede: SedeCatalogo) =>
    cambiar(sede, { informeDobleFirma: !sede.informeDobleFirma }, (s) =>
      s.informeDobleFirma
        ? `Los informes de la sede ${s.nombre} necesitan ahora una segunda firma.`
        : `Los informes de la sede ${s.nombre} quedan finales con una sola firma.`,
    )

  return (
    <>
      <Aviso aviso={aviso} />
      {abierta && (
        <SedeForm
          key={abierta === 'nueva' ? 'nueva' : abierta.nombre}
          sede={abierta === 'nueva' ? undefined : abierta}
          onCancelar={() => setAbierta(null)}
          onGuardada={(s) => {
            const antes = abierta === 'nueva' ? null : abierta.nombre
            setAbierta(null)
            void recargar()
            void revalidarCatalogos()
            setAviso({
              ok: true,
              texto:
                antes === null
                  ? `Sede ${s.nombre} creada.`
                  : antes === s.nombre
                    ? `La sede ${s.nombre} no cambió de nombre.`
                    : `La sede ${antes} ahora se llama ${s.nombre}.`,
            })
          }}
        />
      )}
      <TablaCatalogo
        id="sedes"
        titulo="Sedes"
        nuevo={
          abierta === 'nueva'
            ? null
            : {
                texto: 'Nueva sede',
                onClick: () => {
                  setAviso(null)
                  setAbierta('nueva')
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
          {
            titulo: 'Segunda firma',
            celda: (s) => (s.informeDobleFirma ? 'Sí' : 'No'),
            className: 'catalogo__dos-lineas',
            title: (s) => (s.informeDobleFirma ? SEGUNDA_FIRMA : undefined),
          },
        ]}
        clave={(s) => s.nombre}
        testId={(s) => `sede-${s.nombre}`}
        acciones={(s) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-label={`Renombrar la sede ${s.nombre}`}
              onClick={() => {
                setAviso(null)
                setAbierta(s)
              }}
            >
              Renombrar
            </button>
            <BotonActivo
              que={`la sede ${s.nombre}`}
              activo={s.activa}
              ocupado={ocupada === s.nombre}
              onClick={() => setPregunta(s)}
            />
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={ocupada === s.nombre}
              aria-label={`${verboFirma(s)} en la sede ${s.nombre}`}
              onClick={() => setPreguntaFirma(s)}
            >
              {verboFirma(s)}
            </button>
          </>
        )}
      />

      {pregunta && (
        <PreguntaActivo
          id="confirmar-sede"
          que={`la sede ${pregunta.nombre}`}
          activar={!pregunta.activa}
          efecto={
            pregunta.activa
              ? `Las atenciones ya registradas en ${pregunta.nombre} conservan su sede, pero ${pregunta.nombre} no podrá elegirse para atenciones nuevas.`
              : `${pregunta.nombre} podrá elegirse de nuevo para atenciones nuevas.`
          }
          onVolver={() => setPregunta(null)}
          onConfirmar={() => {
            setPregunta(null)
            void cambiarEstado(pregunta)
          }}
        />
      )}

      {preguntaFirma && (
        <DialogoConfirmar
          id="confirmar-firma-sede"
          titulo={`¿${verboFirma(preguntaFirma)} en la sede ${preguntaFirma.nombre}?`}
          volver="Volver"
          confirmar={verboFirma(preguntaFirma)}
          onVolver={() => setPreguntaFirma(null)}
          onConfirmar={() => {
            setPreguntaFirma(null)
            void cambiarFirma(preguntaFirma)
          }}
        >
          {preguntaFirma.informeDobleFirma
            ? `Los informes nuevos de ${preguntaFirma.nombre} quedarán finales con la firma de un solo médico. Los que ya están preliminares siguen esperando la firma de otro médico.`
            : `${SEGUNDA_FIRMA}: la primera firma los deja preliminares y la de otro médico, finales. Los informes ya firmados no cambian.`}
        </DialogoConfirmar>
      )}
    </>
  )
}
