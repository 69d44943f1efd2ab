// /pacientes/:id: the patient, their atenciones with estado changes, a new atención, Editar and
// the history of changes.
import { Fragment, useState, type ReactNode } from 'react'
import { Link, useParams } from 'wouter'
import type { Atencion } from '../../../shared/atenciones.js'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import {
  CAMPOS_PACIENTE,
  campo,
  camposDe,
  type CampoPaciente,
  type Seccion,
} from '../../../shared/paciente-campos.js'
import { CAMPOS_NOMBRE } from '../../../shared/paciente-datos.js'
import type { PacienteDetalle } from '../../../shared/pacientes.js'
import { valorCampo } from '../../components/campos-paciente.js'
import { edad, fecha, fechaHora } from '../../components/format.js'
import { PacienteNoCargado, usePacientePorId } from '../../components/paciente-por-id.js'
import { IconCheck, IconInfo } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { paths } from '../../paths.js'
import { FamiliarEnlace } from '../../components/familiar-enlace.js'
import { AtencionForm } from './atencion-form.js'
import { AtencionesTable } from './atenciones-table.js'
import { CorreosPaciente } from './correos-paciente.js'
import { EntregasPaciente } from './entregas-paciente.js'
import { Historial } from './historial.js'
import { InformesPaciente } from './informes-paciente.js'
import { ProximasCitas } from './proximas-citas.js'
import { ReemitirCodigo } from './reemitir-codigo.js'
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

/** The name and the document's type read in the header and in Documento, not on their own. */
const EN_CABECERA: readonly CampoPaciente[] = [...CAMPOS_NOMBRE, 'tipoDocumento']

/** A section's fields in the list's order (paciente-campos.ts), but those shown their own way. */
function DatosDe({
  paciente,
  seccion,
  especiales = {},
}: {
  paciente: PacienteDetalle
  seccion: Seccion
  especiales?: Partial<Record<CampoPaciente, ReactNode>>
}) {
  return (
    <Datos titulo={seccion}>
      {camposDe(seccion)
        .filter((c) => !EN_CABECERA.includes(c))
        .map((c) => (
          <Fragment key={c}>
            {c in especiales ? (
              especiales[c]
            ) : (
              <Dato label={campo(c).etiqueta} wide={campo(c).ancho}>
                {valorCampo(c, paciente[c])}
              </Dato>
            )}
          </Fragment>
        ))}
    </Datos>
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
        <div className="paciente-head__acciones">
          <ReemitirCodigo pacienteId={p.id} nombre={p.primerNombre} />
          <Link
            href={paths.editarPaciente(p.id)}
            className="btn btn--secondary"
            aria-label={`Editar los datos de ${p.nombreCompleto}`}
          >
            Editar
          </Link>
        </div>
      </header>
      {aviso && (
        <div className="alert alert--success" role="status">
          <IconCheck />
          <span>{aviso}</span>
        </div>
      )}

      <div className="paciente-grid">
        <div className="paciente-datos">
          <DatosDe
            paciente={p}
            seccion="Identificación"
            especiales={{
              documento: (
                <>
                  <Dato label={CAMPOS_PACIENTE.documento.etiqueta}>
                    {TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} {p.documento}
                  </Dato>
                  {p.madre && (
                    <Dato label="Madre" wide>
                      <FamiliarEnlace familiar={p.madre} />
                    </Dato>
                  )}
                  {p.hijos.length > 0 && (
                    <Dato label="Recién nacidos" wide>
                      <ul className="datos__familiares">
                        {p.hijos.map((h) => (
                          <li key={h.id}>
                            <FamiliarEnlace familiar={h} />, nació el {fecha(h.fechaNacimiento)}
                          </li>
                        ))}
                      </ul>
                    </Dato>
                  )}
                </>
              ),
              fechaNacimiento: (
                <>
                  <Dato label={CAMPOS_PACIENTE.fechaNacimiento.etiqueta}>
                    {fecha(p.fechaNacimiento)}
                  </Dato>
                  <Dato label="Edad">{edad(p.edad, p.tipoEdad)}</Dato>
                </>
              ),
            }}
          />
          <DatosDe paciente={p} seccion="Datos Demográficos" />
          <DatosDe paciente={p} seccion="Contacto" />
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
      <InformesPaciente pacienteId={p.id} />
      <CorreosPaciente pacienteId={p.id} />
      <EntregasPaciente paciente={p} />
      <Historial pacienteId={p.id} />
    </div>
  )
}
