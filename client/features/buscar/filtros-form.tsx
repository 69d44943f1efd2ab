// The search's filters: «Nombre o documento» on top, searched while typing, then the ten filters of
// docs/producto.md#buscar-paciente with Estado and Prioridad, Limpiar beside a date once it has a
// value, Hoy and Buscar. On a phone the filters fold under «Filtros» so the list comes first.
import { useEffect, useState, type FormEvent } from 'react'
import {
  ESTADOS,
  ESTADOS_ABIERTOS,
  ESTADOS_PENDIENTES,
  PRIORIDADES,
  PRIORIDADES_ALERTA,
  TIPOS_DOCUMENTO,
  TIPO_DOCUMENTO_ETIQUETA,
} from '../../../shared/catalogos.js'
import { VALOR_CITA } from '../../../shared/busqueda.js'
import { LARGO_NOMBRE_O_DOCUMENTO } from '../../../shared/nombre-o-documento.js'
import { LIMITES } from '../../../shared/paciente-campos.js'
import { describe, Field } from '../../components/field.js'
import { IconCalendar, IconSearch } from '../../components/icons.js'
import type { Sala } from '../../../shared/configuracion.js'
import { CAMPOS, lista, type Campo, type Filtros } from '../../lib/filtros-busqueda.js'
import { modalidadesDe, nombresDeSedes, useCatalogos } from '../../state/catalogos.js'

/** The groups of estados and prioridades the dashboard counts, then each value. */
const OPCIONES_ESTADO: [string, string][] = [
  [lista(ESTADOS_PENDIENTES), 'Pendientes (Programado o En espera)'],
  [lista(ESTADOS_ABIERTOS), 'Sin completar'],
  ...ESTADOS.map((e): [string, string] => [e, e]),
]
const OPCIONES_PRIORIDAD: [string, string][] = [
  [lista(PRIORIDADES_ALERTA), 'Urgente o Emergencia'],
  ...PRIORIDADES.map((p): [string, string] => [p, p]),
]

/** Phones open the list first: the filters start folded there, open on wider screens. */
const ANCHO = '(min-width: 768px)'
function useFiltrosAbiertos(): [boolean, (abierto: boolean) => void] {
  const [abierto, setAbierto] = useState(() => window.matchMedia(ANCHO).matches)
  useEffect(() => {
    const mq = window.matchMedia(ANCHO)
    const alCambiar = () => mq.matches && setAbierto(true)
    mq.addEventListener('change', alCambiar)
    return () => mq.removeEventListener('change', alCambiar)
  }, [])
  return [abierto, setAbierto]
}

interface Props {
  filtros: Filtros
  errores: Partial<Record<Campo, string>>
  cargando: boolean
  /** The clinic's today, once the server said it: Hoy needs it. */
  hoy: string | null
  /** The sala this account last chose, for «Mi sala · En espera»; null for none. */
  miSala: Sala | null
  onChange: (campo: Campo, valor: string) => void
  onSubmit: () => void
  onHoy: () => void
  onMiSala: () => void
}

/** The salas the Sala filter offers: of the sede and modality chosen, named with their sede if not. */
function opcionesDeSala(salas: readonly Sala[], f: Filtros): [string, string][] {
  return salas
    .filter((s) => (!f.sede || s.sede === f.sede) && (!f.modalidad || s.modalidad === f.modalidad))
    .map((s) => [String(s.id), f.sede ? s.nombre : `${s.sede} · ${s.nombre}`])
}

export function FiltrosForm({
  filtros,
  errores,
  cargando,
  hoy,
  miSala,
  onChange,
  onSubmit,
  onHoy,
  onMiSala,
}: Props) {
  const catalogo = useCatalogos()
  const [abierto, setAbierto] = useFiltrosAbiertos()
  const activos = CAMPOS.filter((c) => c !== 'q' && filtros[c].trim()).length
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }

  const texto = (campo: Campo, label: string, max: number) => (
    <Field id={campo} label={label} error={errores[campo]}>
      <input
        className="input"
        type="search"
        maxLength={max}
        autoComplete="off"
        value={filtros[campo]}
        onChange={(e) => onChange(campo, e.target.value)}
        {...describe(campo, errores[campo])}
      />
    </Field>
  )

  const select = (campo: Campo, label: string, todos: string, opciones: [string, string][]) => {
    // A list from a link that is none of the options still shows as what it is.
    const propias =
      filtros[campo] && !opciones.some(([v]) => v === filtros[campo])
        ? [...opciones, [filtros[campo], filtros[campo]] as [string, string]]
        : opciones
    return (
      <Field id={campo} label={label} error={errores[campo]}>
        <select
          className="select"
          value={filtros[campo]}
          onChange={(e) => onChange(campo, e.target.value)}
          {...describe(campo, errores[campo])}
        >
          <option value="">{todos}</option>
          {propias.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </Field>
    )
  }

  const fecha = (campo: 'fechaInicial' | 'fechaFinal', label: string) => (
    <Field
      id={campo}
      label={label}
      error={errores[campo]}
      className="field--fecha"
      action={
        filtros[campo] && (
          <button
            type="button"
            className="btn btn--ghost btn--sm filtros__limpiar"
            onClick={() => onChange(campo, '')}
          >
            Limpiar<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )
      }
    >
      <input
        className="input"
        type="date"
        value={filtros[campo]}
        onChange={(e) => onChange(campo, e.target.value)}
        {...describe(campo, errores[campo])}
      />
    </Field>
  )

  return (
    <form
      className="card card__body filtros"
      onSubmit={submit}
      noValidate
      role="search"
      aria-label="Filtros de búsqueda"
    >
      <div className="filtros__principal">
        <Field id="q" label="Nombre o documento" error={errores.q} className="filtros__q">
          <input
            className="input"
            type="search"
            maxLength={LARGO_NOMBRE_O_DOCUMENTO}
            autoComplete="off"
            placeholder="Ej.: lucía núñez o 41234567"
            value={filtros.q}
            onChange={(e) => onChange('q', e.target.value)}
            {...describe('q', errores.q)}
          />
        </Field>
        <div className="filtros__actions">
          {miSala && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={!hoy || cargando}
              onClick={onMiSala}
              title={`Los pacientes en espera hoy en ${miSala.nombre} (${miSala.sede})`}
            >
              Mi sala · En espera
            </button>
          )}
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!hoy || cargando}
            onClick={onHoy}
            aria-label="Hoy: las atenciones de hoy"
          >
            <IconCalendar />
            Hoy
          </button>
          <button type="submit" className="btn btn--primary filtros__submit" disabled={cargando}>
            {cargando ? <span className="spinner" aria-hidden="true" /> : <IconSearch />}
            {cargando ? 'Buscando...' : 'Buscar'}
          </button>
        </div>
      </div>
      <details
        className="filtros__mas"
        open={abierto}
        onToggle={(e) => setAbierto(e.currentTarget.open)}
      >
        <summary className="filtros__resumen">
          Filtros{activos > 0 && ` (${activos} ${activos === 1 ? 'activo' : 'activos'})`}
        </summary>
        <div className="filtros__grid">
          <div className="filtros__fila" role="group" aria-label="Del paciente">
            {select(
              'tipoDocumento',
              'Tipo de documento',
              'Todos',
              TIPOS_DOCUMENTO.map((t) => [t, TIPO_DOCUMENTO_ETIQUETA[t]]),
            )}
            {texto('documento', 'Documento', LIMITES.documento)}
            {texto('primerNombre', 'Primer nombre', LIMITES.nombre)}
            {texto('segundoNombre', 'Segundo nombre', LIMITES.nombre)}
            {texto('primerApellido', 'Primer apellido', LIMITES.nombre)}
            {texto('segundoApellido', 'Segundo apellido', LIMITES.nombre)}
          </div>
          <div className="filtros__fila" role="group" aria-label="De la atención">
            {fecha('fechaInicial', 'Fecha inicial')}
            {fecha('fechaFinal', 'Fecha final')}
            {select(
              'sede',
              'Sede',
              'Todas',
              [
                ...new Set([...nombresDeSedes(catalogo), ...(filtros.sede ? [filtros.sede] : [])]),
              ].map((s) => [s, s]),
            )}
            {select(
              'modalidad',
              'Modalidad',
              'Todas',
              [
                ...modalidadesDe(catalogo),
                ...(filtros.modalidad &&
                !modalidadesDe(catalogo).some((m) => m.valor === filtros.modalidad)
                  ? [{ valor: filtros.modalidad, etiqueta: filtros.modalidad }]
                  : []),
              ].map((m) => [m.valor, m.etiqueta]),
            )}
            {select('sala', 'Sala', 'Todas', opcionesDeSala(catalogo?.salas ?? [], filtros))}
            {select('estado', 'Estado', 'Todos', OPCIONES_ESTADO)}
            {select('prioridad', 'Prioridad', 'Todas', OPCIONES_PRIORIDAD)}
            {select('cita', 'Tipo', 'Todas', [[VALOR_CITA, 'Solo citas']])}
          </div>
        </div>
      </details>
    </form>
  )
}
