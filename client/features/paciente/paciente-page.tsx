// /pacientes/:id: the patient, their atenciones with estado changes, a new atención, Editar and
// the history of changes.
import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'wouter'
import type { Atencion } from '../../../shared/atenciones.js'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import type { PacienteDetalle } from '../../../shared/pacientes.js'
import { edad, fecha, fechaHora, texto } from '../../components/format.js'
import { PacienteNoCargado, usePacientePorId } from '../../components/paciente-por-id.js'
import { IconCheck, IconInfo } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { AtencionForm } from './atencion-form.js'
import { AtencionesTable } from './atenciones-table.js'
import { Historial } from './historial.js'
import { ProximasCitas } from './proximas-citas.js'
import { obtenerPaciente } from './paciente-api.js'
import './paciente.css'

function Datos({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section className="card datos" aria-label={titulo}>
      <h2 className="datos__title">{titulo}</h2>
      <dl className="datos__list">{children}</dl>
    </section>
  )
}

function Dato({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'datos__item datos__item--wide' : 'datos__item'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export default function PacientePage() {
  const { id = '' } = useParams<{ id: string }>()
  const [paciente, error, setPaciente] = usePacientePorId<PacienteDetalle>(id, obtenerPaciente)
  // Shown once after a saved correction (the edit page navigates here with it in history.state).
  const [aviso] = useState<string | null>(() => {
    const estado = window.history.state as { aviso?: unknown } | null
    return typeof estado?.aviso === 'string' ? estado.aviso : null
  })
  useTitle('Ficha del paciente')

  const agregar = (a: Atencion) =>
    setPaciente((p) => (p ? { ...p, atenciones: [a, ...p.atenciones] } : p))
  const actualizar = (a: Atencion) =>
    setPaciente((p) =>
      p ? { ...p, atenciones: p.atenciones.map((x) => (x.id === a.id ? a : x)) } : p,
    )

  if (error) return <PacienteNoCargado id={id} error={error} />

  if (!paciente) {
    return (
      <div className="page" aria-busy="true">
        <div className="skeleton paciente-skeleton" />
        <div className="skeleton paciente-skeleton paciente-skeleton--tall" />
      </div>
    )
  }

  const p = paciente
  return (
    <div className="page">
      <nav aria-label="Ruta de navegación" className="breadcrumb">
        <Link href={paths.pacientes}>Pacientes</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">ID {p.id}</span>
      </nav>
      {String(p.id) !== id && (
        // A merged record's id answers the record it was merged into (docs/datos.md#fusión-de-registros).
        <p className="alert alert--warning" role="status" data-testid="fusionado">
          <IconInfo />
          <span>
            El registro {id} se fusionó con este paciente: se muestra el registro que se conserva
            (ID {p.id}).
          </span>
        </p>
      )}
      <header className="paciente-head card">
        <span className="paciente-head__avatar" aria-hidden="true">
          {p.primerNombre.charAt(0)}
          {p.primerApellido.charAt(0)}
        </span>
        <div className="paciente-head__text">
          <h1>{p.nombreCompleto}</h1>
          <p className="paciente-head__meta">
            <span>
              {TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} {p.documento}
            </span>
            <span>{edad(p.edad, p.tipoEdad)}</span>
            <span>{p.sexo}</span>
            {p.grupoSanguineo && <span>Grupo {p.grupoSanguineo}</span>}
            <span>ID {p.id}</span>
          </p>
        </div>
        <Link
          href={paths.editarPaciente(p.id)}
          className="btn btn--secondary paciente-head__acciones"
          aria-label={`Editar los datos de ${p.nombreCompleto}`}
        >
          Editar
        </Link>
      </header>
      {aviso && (
        <div className="alert alert--success" role="status">
          <IconCheck />
          <span>{aviso}</span>
        </div>
      )}

      <div className="paciente-grid">
        <div className="paciente-datos">
          <Datos titulo="Identificación">
            <Dato label="Documento">
              {TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} {p.documento}
            </Dato>
            <Dato label="Fecha de nacimiento">{fecha(p.fechaNacimiento)}</Dato>
            <Dato label="Edad">{edad(p.edad, p.tipoEdad)}</Dato>
            <Dato label="Sexo">{p.sexo}</Dato>
            <Dato label="Grupo sanguíneo">{texto(p.grupoSanguineo)}</Dato>
          </Datos>
          <Datos titulo="Datos Demográficos">
            <Dato label="Departamento">{p.departamento}</Dato>
            <Dato label="Municipio">{p.municipio}</Dato>
            <Dato label="Zona residencial">{p.zonaResidencial}</Dato>
            <Dato label="Barrio">{texto(p.barrio)}</Dato>
            <Dato label="Dirección" wide>
              {texto(p.direccion)}
            </Dato>
          </Datos>
          <Datos titulo="Contacto">
            <Dato label="Celular">{texto(p.celular)}</Dato>
            <Dato label="Teléfono">{texto(p.telefono)}</Dato>
            <Dato label="Teléfono 2">{texto(p.telefono2)}</Dato>
            <Dato label="Código postal">{texto(p.codigoPostal)}</Dato>
            <Dato label="Correo electrónico" wide>
              {texto(p.correoElectronico)}
            </Dato>
            <Dato label="Acudiente">{texto(p.acudiente)}</Dato>
          </Datos>
          <Datos titulo="Registro y consentimiento">
            <Dato label="Registrado">{fechaHora(p.creadoEn)}</Dato>
            <Dato label="Política de privacidad" wide>
              Aceptada el {fechaHora(p.politicaAceptadaEn)} (versión {p.politicaVersion})
            </Dato>
          </Datos>
        </div>
        <div className="card card__body solo-pantalla">
          <AtencionForm pacienteId={p.id} onCreada={agregar} />
        </div>
      </div>

      <section className="card" aria-labelledby="atenciones-titulo">
        <header className="card__header">
          <h2 id="atenciones-titulo">Atenciones</h2>
          <span className="muted small">
            {p.atenciones.length === 1 ? '1 atención' : `${p.atenciones.length} atenciones`}
          </span>
        </header>
        <AtencionesTable atenciones={p.atenciones} onCambio={actualizar} />
      </section>

      <ProximasCitas pacienteId={p.id} />
      <Historial pacienteId={p.id} />
    </div>
  )
}
