// Configuración › Salas (docs/producto.md#salas): every sala, filtered by sede, with its week in
// one line; a new one (in an active sede), «Editar» of each and its «Bloqueos». A sala's sede and
// modalidad never change.
import { useState } from 'react'
import type { Sala } from '../../../shared/configuracion.js'
import { Aviso } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos, useEtiquetaModalidad } from '../../state/catalogos.js'
import { listarSalas, listarSedes } from './catalogos-api.js'
import { resumenHorario } from './horario.js'
import { BloqueosSala } from './bloqueos-sala.js'
import { SalaForm } from './sala-form.js'
import { EstadoActivo, FiltroCatalogo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

const sinDato = <span className="muted">—</span>

export default function SalasPage() {
  useTitle('Salas')
  const etiqueta = useEtiquetaModalidad()
  const { lista: salas, error, recargar } = useLista(listarSalas, 'No se pudieron cargar las salas')
  const { lista: sedes } = useLista(listarSedes, 'No se pudieron cargar las sedes')
  const [sede, setSede] = useState('')
  const [aviso, setAviso] = useState<string | null>(null)
  /** The form open: a new sala, or the one being edited. */
  const [abierta, setAbierta] = useState<Sala | 'nueva' | null>(null)
  /** The sala whose blocked periods are open. */
  const [bloqueos, setBloqueos] = useState<Sala | null>(null)

  const activas = (sedes ?? []).filter((s) => s.activa).map((s) => s.nombre)
  const vistas = (salas ?? []).filter((s) => !sede || s.sede === sede)

  const guardada = (s: Sala, nueva: boolean) => {
    setAbierta(null)
    void recargar()
    void revalidarCatalogos()
    setAviso(nueva ? `Sala ${s.nombre} creada en ${s.sede}.` : `Sala ${s.nombre} guardada.`)
  }

  return (
    <>
      <Aviso aviso={aviso ? { ok: true, texto: aviso } : null} />
      {abierta && sedes && (
        <SalaForm
          // A new key per sala: switching from one to another starts the form afresh.
          key={abierta === 'nueva' ? 'nueva' : abierta.id}
          sala={abierta === 'nueva' ? undefined : abierta}
          sedes={activas}
          onCancelar={() => setAbierta(null)}
          onGuardada={(s) => guardada(s, abierta === 'nueva')}
        />
      )}
      {bloqueos && (
        <BloqueosSala key={bloqueos.id} sala={bloqueos} onCerrar={() => setBloqueos(null)} />
      )}
      <TablaCatalogo
        id="salas"
        titulo="Salas"
        filtros={
          <FiltroCatalogo
            id="filtro-sede"
            etiqueta="Sede"
            valor={sede}
            onCambio={setSede}
            opciones={(sedes ?? []).map(
              (s) => [s.nombre, s.activa ? s.nombre : `${s.nombre} (inactiva)`] as const,
            )}
          />
        }
        nuevo={
          abierta === 'nueva'
            ? null
            : {
                texto: 'Nueva sala',
                disabled: !sedes,
                onClick: () => {
                  setAviso(null)
                  setAbierta('nueva')
                },
              }
        }
        error={error}
        filas={salas ? vistas : null}
        vacio={sede ? `${sede} no tiene salas.` : 'No hay salas.'}
        columnas={[
          { titulo: 'Sede', celda: (s) => s.sede },
          {
            titulo: 'Modalidad',
            className: 'nowrap',
            celda: (s) => etiqueta(s.modalidad),
          },
          { titulo: 'Nombre', celda: (s) => s.nombre },
          { titulo: 'Horario', celda: (s) => resumenHorario(s.horario) },
          {
            titulo: 'AE title',
            className: 'mono',
            celda: (s) => (
              <>
                {s.aeTitle ?? sinDato}
                {s.aeTitle && (s.modalidadDicom || s.juegoCaracteres === 'ISO_IR 100') && (
                  <span className="muted">
                    {' '}
                    (
                    {[s.modalidadDicom, s.juegoCaracteres === 'ISO_IR 100' && 'Latin-1']
                      .filter(Boolean)
                      .join(', ')}
                    )
                  </span>
                )}
              </>
            ),
          },
          {
            titulo: 'Dirección',
            className: 'mono catalogo__texto',
            celda: (s) => s.direccion ?? sinDato,
          },
          {
            titulo: 'Estado',
            celda: (s) => <EstadoActivo activo={s.activa} etiquetas={['Activa', 'Inactiva']} />,
          },
        ]}
        clave={(s) => s.id}
        testId={(s) => `sala-${s.id}`}
        acciones={(s) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-label={`Editar la sala ${s.nombre} de ${s.sede}`}
              onClick={() => {
                setAviso(null)
                setBloqueos(null)
                setAbierta(s)
              }}
            >
              Editar
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-label={`Bloqueos de la sala ${s.nombre} de ${s.sede}`}
              onClick={() => {
                setAviso(null)
                setAbierta(null)
                setBloqueos(s)
              }}
            >
              Bloqueos
            </button>
          </>
        )}
      />
    </>
  )
}
