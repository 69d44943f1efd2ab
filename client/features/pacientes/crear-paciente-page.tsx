// /pacientes/crear: the registration form alone.
import { useTitle } from '../../components/use-title.js'
import { RegistroForm } from '../../components/registro-paciente/registro-form.js'

export default function CrearPacientePage() {
  useTitle('Crear paciente')
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Crear paciente</h1>
          <p className="page__subtitle">
            Complete los datos del paciente para registrarlo en la clínica.
          </p>
        </div>
      </header>
      <div className="card card__body">
        <RegistroForm />
      </div>
    </div>
  )
}
