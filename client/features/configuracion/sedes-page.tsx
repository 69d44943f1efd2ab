// Configuración › Sedes (docs/producto.md#sedes): every sede the clinic has had, a new one,
// «Renombrar» (its atenciones, salas and accounts follow), «Desactivar»/«Activar», and its yes/no
// settings (sede-ajustes.ts: a second signature for its informes, the lab's self-validation), all
// asked first. A sede is never deleted: its atenciones keep it.
import { useState } from 'react'
import type { CambioSede, SedeCatalogo } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { Aviso } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos } from '../../state/catalogos.js'
import { cambiarSede, listarSedes } from './catalogos-api.js'
import { AJUSTES_SEDE, ajusteActivo, type AjusteSede } from './sede-ajustes.js'
import { SedeForm } from './sede-form.js'
import { BotonActivo, EstadoActivo, PreguntaActivo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

type Aviso = { ok: boolean; texto: string }

export default function SedesPage() {
  useTitle('Sedes')
  const { lista: sedes, error, recargar } = useLista(listarSedes, 'No se pudieron cargar las sedes')
  const [aviso, setAviso] = useState<Aviso | null>(null)
  /** The form open: a new sede, or the one being renamed. */
  const [abierta, setAbierta] = useState<SedeCatalogo | 'nueva' | null>(null)
  /** The question open: activating or deactivating a sede, or turning one of its settings. */
  const [pregunta, setPregunta] = useState<SedeCatalogo | null>(null)
  const [preguntaAjuste, setPreguntaAjuste] = useState<{
    sede: SedeCatalogo
    ajuste: AjusteSede
  } | null>(null)
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

  const cambiarAjuste = (sede: SedeCatalogo, ajuste: AjusteSede) =>
    cambiar(sede, { [ajuste.campo]: !ajusteActivo(sede, ajuste) }, (s) =>
      ajuste.hecho(s.nombre, ajusteActivo(s, ajuste)),
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
          ...AJUSTES_SEDE.map((a) => ({
            titulo: a.columna,
            celda: (s: SedeCatalogo) => (ajusteActivo(s, a) ? 'Sí' : 'No'),
            className: 'catalogo__dos-lineas',
            title: (s: SedeCatalogo) => (ajusteActivo(s, a) ? a.ayuda : undefined),
          })),
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
            {AJUSTES_SEDE.map((a) => (
              <button
                key={a.campo}
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={ocupada === s.nombre}
                aria-label={`${a.verbo(ajusteActivo(s, a))} en la sede ${s.nombre}`}
                onClick={() => setPreguntaAjuste({ sede: s, ajuste: a })}
              >
                {a.verbo(ajusteActivo(s, a))}
              </button>
            ))}
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

      {preguntaAjuste && (
        <PreguntaAjuste
          {...preguntaAjuste}
          onVolver={() => setPreguntaAjuste(null)}
          onConfirmar={() => {
            setPreguntaAjuste(null)
            void cambiarAjuste(preguntaAjuste.sede, preguntaAjuste.ajuste)
          }}
        />
      )}
    </>
  )
}

/** The question before a setting of a sede is turned on or off, saying what that does. */
function PreguntaAjuste({
  sede,
  ajuste,
  onVolver,
  onConfirmar,
}: {
  sede: SedeCatalogo
  ajuste: AjusteSede
  onVolver: () => void
  onConfirmar: () => void
}) {
  const activo = ajusteActivo(sede, ajuste)
  const verbo = ajuste.verbo(activo)
  return (
    <DialogoConfirmar
      id={`confirmar-${ajuste.campo}`}
      titulo={`¿${verbo} en la sede ${sede.nombre}?`}
      volver="Volver"
      confirmar={verbo}
      onVolver={onVolver}
      onConfirmar={onConfirmar}
    >
      {ajuste.efecto(sede.nombre, !activo)}
    </DialogoConfirmar>
  )
}
