// «Nueva sede»: just its name, checked with the shared schema as it will be sent (trimmed); a
// name already taken (409) shows under the field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { NuevaSedeSchema, type SedeCatalogo } from '../../../shared/configuracion.js'
import { describe, Field } from '../../components/field.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
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
    <FormularioCatalogo
      id="nueva-sede"
      titulo="Nueva sede"
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar="Crear sede"
    >
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
    </FormularioCatalogo>
  )
}
