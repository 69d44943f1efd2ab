// «Nueva sede»: just its name, checked with the shared schema as it will be sent (trimmed); a
// name already taken (409) shows under the field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { NuevaSedeSchema, type SedeCatalogo } from '../../../shared/configuracion.js'
import { describe, Field } from '../../components/field.js'
import { IconAlert } from '../../components/icons.js'
import { crearSede } from './catalogos-api.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

interface Valores {
  nombre: string
}

const resolver = resolverDeCuerpo<Valores>((v) =>
  erroresDeEsquema(NuevaSedeSchema, { nombre: v.nombre.trim() }),
)

export function NuevaSedeForm({
  onCreada,
  onCancelar,
}: {
  onCreada: (s: SedeCatalogo) => void
  onCancelar: () => void
}) {
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: { nombre: '' },
    resolver,
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      onCreada(await crearSede(v.nombre.trim()))
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) =>
        e.campo === 'nombre' ? { campo: 'nombre', mensaje: e.mensaje } : null,
      )
      if (resto) setFallo(`No se pudo crear la sede: ${resto}`)
    }
  }

  const error = errors.nombre?.message
  return (
    <section className="card" aria-labelledby="nueva-sede-titulo">
      <header className="card__header">
        <h2 id="nueva-sede-titulo">Nueva sede</h2>
      </header>
      <form className="card__body catalogo__form" noValidate onSubmit={handleSubmit(enviar)}>
        {fallo && (
          <p className="alert alert--error" role="alert">
            <IconAlert />
            <span>{fallo}</span>
          </p>
        )}
        <div className="form-grid">
          <Field id="ns-nombre" label="Nombre" required error={error}>
            <input
              className="input"
              autoComplete="off"
              maxLength={60}
              autoFocus
              {...describe('ns-nombre', error)}
              {...register('nombre')}
            />
          </Field>
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={onCancelar}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner" aria-hidden="true" />}
            Crear sede
          </button>
        </div>
      </form>
    </section>
  )
}
