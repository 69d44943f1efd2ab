// Configuración › Salas (docs/producto.md#salas): every sala, filtered by sede, with its week in
// one line; a new one (in an active sede) and «Editar» of each. A sala's sede and modalidad never
// change.
import { useState } from 'react'
import { MODALIDAD_INFO } from '../../../shared/catalogos.js'
import type { Sala } from '../../../shared/configuracion.js'
import { Aviso, BotonNuevo, CargaLista } from './estado-seccion.js'
import { useTitle } from '../../components/use-title.js'
import { revalidarCatalogos } from '../../state/catalogos.js'
import { listarSalas, listarSedes } from './catalogos-api.js'
import { resumenHorario } from './horario.js'
import { SalaForm } from './sala-form.js'
import { useLista } from './use-lista.js'

const sinDato = <span className="muted">—</span>

export default function SalasPage() {
  useTitle('Salas')
  const { lista: salas, error, recargar } = useLista(listarSalas, 'No se pudieron cargar las salas')
  const { lista: sedes } = useLista(listarSedes, 'No se pudieron cargar las sedes')
  const [sede, setSede] = useState('')
  const [aviso, setAviso] = useState<string | null>(null)
  /** The form open: a new sala, or the one being edited. */
  const [abierta, setAbierta] = useState<Sala | 'nueva' | null>(null)

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
      <section className="card" aria-labelledby="salas-titulo">
        <header className="card__header">
          <h2 id="salas-titulo">Salas</h2>
          <div className="catalogo__herramientas">
            <div className="catalogo__filtro">
              <label htmlFor="filtro-sede">Sede</label>
              <select
                id="filtro-sede"
                className="select"
                value={sede}
                onChange={(e) => setSede(e.target.value)}
              >
                <option value="">Todas</option>
                {(sedes ?? []).map((s) => (
                  <option key={s.nombre} value={s.nombre}>
                    {s.activa ? s.nombre : `${s.nombre} (inactiva)`}
                  </option>
                ))}
              </select>
            </div>
            {abierta !== 'nueva' && (
              <BotonNuevo
                texto="Nueva sala"
                disabled={!sedes}
                onClick={() => {
                  setAviso(null)
                  setAbierta('nueva')
                }}
              />
            )}
          </div>
        </header>
        <CargaLista error={error} cargada={Boolean(salas)} />
        {salas && vistas.length === 0 && (
          <p className="empty">{sede ? `${sede} no tiene salas.` : 'No hay salas.'}</p>
        )}
        {vistas.length > 0 && (
          <div className="table-wrap">
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">Sede</th>
                  <th scope="col">Modalidad</th>
                  <th scope="col">Nombre</th>
                  <th scope="col">Horario</th>
                  <th scope="col">AE title</th>
                  <th scope="col">Dirección</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {vistas.map((s) => (
                  <tr key={s.id} data-testid={`sala-${s.id}`}>
                    <td data-label="Sede">{s.sede}</td>
                    <td data-label="Modalidad" className="nowrap">
                      {MODALIDAD_INFO[s.modalidad].etiqueta}
                    </td>
                    <td data-label="Nombre">{s.nombre}</td>
                    <td data-label="Horario">{resumenHorario(s.horario)}</td>
                    <td data-label="AE title" className="mono">
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
                    </td>
                    <td data-label="Dirección" className="mono catalogo__texto">
                      {s.direccion ?? sinDato}
                    </td>
                    <td data-label="Estado">
                      <span className={s.activa ? 'badge badge--done' : 'badge badge--cancel'}>
                        {s.activa ? 'Activa' : 'Inactiva'}
                      </span>
                    </td>
                    <td data-label="Acciones">
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        aria-label={`Editar la sala ${s.nombre} de ${s.sede}`}
                        onClick={() => {
                          setAviso(null)
                          setAbierta(s)
                        }}
                      >
                        Editar
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}
