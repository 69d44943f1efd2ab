// Search results: one row per atención with its patient (docs/datos.md#fila-de-resultado).
import { Link } from 'wouter'
import { MODALIDAD_INFO, TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import type { BusquedaFila } from '../../../shared/busqueda.js'
import { EstadoBadge, ModalidadIcon, PrioridadBadge } from '../../components/badges.js'
import { edad, fecha, texto } from '../../components/format.js'
import { paths } from '../../paths.js'

export function ResultadosTable({ filas }: { filas: readonly BusquedaFila[] }) {
  return (
    <div className="table-wrap">
      <table className="table table--cards table--compact" aria-label="Resultados de la búsqueda">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Documento</th>
            <th scope="col">Paciente</th>
            <th scope="col">Edad</th>
            <th scope="col">Estudios</th>
            <th scope="col">Modalidad</th>
            <th scope="col">Sede</th>
            <th scope="col">Estado</th>
            <th scope="col">Procedencia</th>
            <th scope="col">Llegada</th>
            <th scope="col">Prioridad</th>
          </tr>
        </thead>
        <tbody>
          {filas.map((f) => (
            <tr key={`${f.id}-${f.atencionId ?? 'p'}`}>
              <td data-label="ID" className="mono">
                {f.id}
              </td>
              <td data-label="Documento" className="nowrap">
                <span className="cell-sub">{TIPO_DOCUMENTO_ETIQUETA[f.tipoDocumento]}</span>
                {f.documento}
              </td>
              <td data-label="Paciente" className="col-nombre">
                <Link href={paths.paciente(f.id)} className="cell-link">
                  {f.nombreCompleto}
                </Link>
              </td>
              <td data-label="Edad" className="nowrap">
                {edad(f.edad, f.tipoEdad)}
              </td>
              <td data-label="Estudios">
                {f.estudios.length ? f.estudios.map((e) => e.nombre).join(', ') : '—'}
              </td>
              <td data-label="Modalidad">
                {f.modalidad ? (
                  <span className="modalidad-cell">
                    <ModalidadIcon modalidad={f.modalidad} />
                    <span aria-hidden="true">{MODALIDAD_INFO[f.modalidad].etiqueta}</span>
                  </span>
                ) : (
                  '—'
                )}
              </td>
              <td data-label="Sede">{texto(f.sede)}</td>
              <td data-label="Estado">
                <EstadoBadge estado={f.estado} />
              </td>
              <td data-label="Procedencia">{texto(f.procedencia)}</td>
              <td data-label="Llegada" className="nowrap">
                {f.fechaLlegada ? (
                  <>
                    {fecha(f.fechaLlegada)}{' '}
                    <span className="cell-sub cell-sub--inline">{f.horaLlegada}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td data-label="Prioridad">
                <PrioridadBadge prioridad={f.prioridad} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
