// Who and what the atención's results are of: patient, document, age and sex on its day, sede,
// prioridad, estado and arrival.
import { Link } from 'wouter'
import type { Estado } from '../../../shared/catalogos.js'
import type { ResultadosAtencion } from '../../../shared/resultados.js'
import { EstadoBadge, PrioridadBadge } from '../../components/badges.js'
import { fechaHora } from '../../components/format.js'
import { paths } from '../../paths.js'
import { edadSexo } from './edad-sexo.js'

export function CabeceraAtencion({ atencion: a }: { atencion: ResultadosAtencion['atencion'] }) {
  return (
    <header className="page__header cabecera-lab">
      <div>
        <h1>
          <Link href={paths.paciente(a.pacienteId)} className="cabecera-lab__paciente">
            {a.paciente}
          </Link>
        </h1>
        <p className="cabecera-lab__datos">
          <span className="mono">{a.documento}</span>
          <span>{edadSexo(a.fechaNacimiento, a.sexo, a.llegada)}</span>
          <span>Sede {a.sede}</span>
          <span>Llegó {fechaHora(a.llegada)}</span>
        </p>
      </div>
      <div className="cabecera-lab__estado">
        <PrioridadBadge prioridad={a.prioridad} />
        <EstadoBadge estado={a.estado as Estado} />
        <span className="muted small">Atención N.º {a.id}</span>
      </div>
    </header>
  )
}
