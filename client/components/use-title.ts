import { useEffect } from 'react'
import { nombreClinica, useClinica } from '../state/clinica.js'

/**
 * Every tab title the app sets. A closed list, so no caller can put a patient's name there: the
 * front desk's shared computers keep the titles in their history and show them to the next person.
 */
export type Titulo =
  | 'Iniciar sesión'
  | 'Dashboard'
  | 'Pacientes'
  | 'Crear paciente'
  | 'Buscar paciente'
  | 'Configuración'
  | 'Personal'
  | 'Sedes'
  | 'Feriados'
  | 'Salas'
  | 'Modalidades'
  | 'Estudios'
  | 'Médicos solicitantes'
  | 'Auditoría'
  | 'Respaldos'
  | 'Clínica'
  | 'Plantillas de informe'
  | 'Ficha del paciente'
  | 'Editar paciente'
  | 'Ticket de atención'
  | 'Posibles duplicados'
  | 'Fusionar registros'
  | 'Mi cuenta'
  | 'Citas'
  | 'Comprobante de cita'
  | 'Pasos de equipos sin atención'
  | 'Por informar'
  | 'Informe'
  | 'Laboratorio'
  | 'Resultados de laboratorio'
  | 'Laboratorio por analito'
  | 'Verificar documento'
  | 'Mis resultados'

/** Sets the tab's title for the current screen, followed by the clinic's name. */
export function useTitle(title: Titulo): void {
  const nombre = nombreClinica(useClinica())
  useEffect(() => {
    document.title = `${title} · ${nombre}`
  }, [title, nombre])
}
