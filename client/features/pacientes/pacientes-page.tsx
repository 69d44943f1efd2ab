// /pacientes: the registration form and the list; a new registration appears on top at once.
import { useRef } from 'react'
import { useTitle } from '../../components/use-title.js'
import { aResumen } from './pacientes-api.js'
import { PacientesList, type PacientesListHandle } from './pacientes-list.js'
import { RegistroForm } from '../../components/registro-paciente/registro-form.js'

export default function PacientesPage() {
  useTitle('Pacientes')
  const lista = useRef<PacientesListHandle>(null)
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Pacientes</h1>
          <p className="page__subtitle">Registre pacientes nuevos y consulte los ya registrados.</p>
        </div>
      </header>
      <div className="card card__body">
        <RegistroForm onRegistrado={(p) => lista.current?.agregar(aResumen(p))} />
      </div>
      <PacientesList ref={lista} />
    </div>
  )
}
