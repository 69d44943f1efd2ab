// /pacientes/:id/editar: the registration form filled in with the patient, to correct it
// (docs/producto.md#editar-paciente). Saved, back to the patient's page.
import { Link, useLocation, useParams } from 'wouter'
import { PacienteNoCargado, usePacientePorId } from '../../components/paciente-por-id.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { obtenerParaEditar } from '../../components/registro-paciente/registro-api.js'
import { RegistroForm, type Edicion } from '../../components/registro-paciente/registro-form.js'
import './pacientes.css'

/** What the patient's page shows once after a saved correction (history.state). */
export const AVISO_GUARDADO = 'Cambios guardados.'

export default function EditarPacientePage() {
  const { id = '' } = useParams<{ id: string }>()
  const [, navegar] = useLocation()
  const [edicion, error] = usePacientePorId<Edicion>(id, obtenerParaEditar)
  useTitle('Editar paciente')

  if (error) return <PacienteNoCargado id={id} error={error} />

  if (!edicion) {
    return (
      <div className="page" aria-busy="true">
        <div className="skeleton editar-skeleton" />
      </div>
    )
  }

  const p = edicion.paciente
  const volver = (aviso?: string) =>
    navegar(paths.paciente(p.id), aviso ? { state: { aviso } } : undefined)
  return (
    <div className="page">
      <nav aria-label="Ruta de navegación" className="breadcrumb">
        <Link href={paths.pacientes}>Pacientes</Link>
        <span aria-hidden="true">/</span>
        <Link href={paths.paciente(p.id)}>ID {p.id}</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">Editar</span>
      </nav>
      <header className="page__header">
        <div>
          <h1>Editar paciente</h1>
          <p className="page__subtitle">
            {p.nombreCompleto} · ID {p.id}. Corrija los datos y guarde: cada cambio queda en el
            historial del paciente.
          </p>
        </div>
      </header>
      <div className="card card__body">
        <RegistroForm
          edicion={edicion}
          onGuardado={() => volver(AVISO_GUARDADO)}
          onCancelar={() => volver()}
        />
      </div>
    </div>
  )
}
