// The search filters: labels and options of docs/producto.md#buscar-paciente, Limpiar beside a
// date once it has a value.
import type { FormEvent } from 'react'
import {
  MODALIDADES,
  MODALIDAD_INFO,
  SEDES,
  TIPOS_DOCUMENTO,
  TIPO_DOCUMENTO_ETIQUETA,
} from '../../../shared/catalogos.js'
import { LIMITES } from '../../../shared/paciente-datos.js'
import { describe, Field } from '../../components/field.js'
import { IconSearch, IconX } from '../../components/icons.js'
import type { Campo, Filtros } from './filtros.js'

interface Props {
  filtros: Filtros
  errores: Partial<Record<Campo, string>>
  cargando: boolean
  onChange: (campo: Campo, valor: string) => void
  onSubmit: () => void
}

export function FiltrosForm({ filtros, errores, cargando, onChange, onSubmit }: Props) {
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

  const select = (campo: Campo, label: string, todos: string, opciones: [string, string][]) => (
    <Field id={campo} label={label} error={errores[campo]}>
      <select
        className="select"
        value={filtros[campo]}
        onChange={(e) => onChange(campo, e.target.value)}
        {...describe(campo, errores[campo])}
      >
        <option value="">{todos}</option>
        {opciones.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </Field>
  )

  const fecha = (campo: 'fechaInicial' | 'fechaFinal', label: string) => (
    <Field id={campo} label={label} error={errores[campo]}>
      <div className="input-with-btn">
        <input
          className="input"
          type="date"
          value={filtros[campo]}
          onChange={(e) => onChange(campo, e.target.value)}
          {...describe(campo, errores[campo])}
        />
        {filtros[campo] && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onChange(campo, '')}
          >
            <IconX className="icon--sm" />
            Limpiar<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
    </Field>
  )

  return (
    <form
      className="card card__body filtros"
      onSubmit={submit}
      role="search"
      aria-label="Filtros de búsqueda"
    >
      <div className="filtros__grid">
        {select(
          'tipoDocumento',
          'Tipo de documento',
          'Todos',
          TIPOS_DOCUMENTO.map((t) => [t, TIPO_DOCUMENTO_ETIQUETA[t]]),
        )}
        {texto('documento', 'Documento', LIMITES.documento)}
        {select(
          'sede',
          'Sede',
          'Todas',
          SEDES.map((s) => [s, s]),
        )}
        {select(
          'modalidad',
          'Modalidad',
          'Todas',
          MODALIDADES.map((m) => [m, MODALIDAD_INFO[m].etiqueta]),
        )}
        {texto('primerNombre', 'Primer nombre', LIMITES.nombre)}
        {texto('segundoNombre', 'Segundo nombre', LIMITES.nombre)}
        {texto('primerApellido', 'Primer apellido', LIMITES.nombre)}
        {texto('segundoApellido', 'Segundo apellido', LIMITES.nombre)}
        {fecha('fechaInicial', 'Fecha inicial')}
        {fecha('fechaFinal', 'Fecha final')}
        <div className="filtros__actions">
          <button type="submit" className="btn btn--primary filtros__submit" disabled={cargando}>
            {cargando ? <span className="spinner" aria-hidden="true" /> : <IconSearch />}
            {cargando ? 'Buscando...' : 'Buscar'}
          </button>
        </div>
      </div>
    </form>
  )
}
