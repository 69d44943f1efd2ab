// «Nueva sede» and «Renombrar» of one: just its name, checked with the shared schema as it will
// be sent (trimmed); a name another sede has (409) shows under the field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { NuevaSedeSchema, type SedeCatalogo } from '../../../shared/configuracion.js'
import { describe, Field } from '../../components/field.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { cambiarSede, crearSede } from './catalogos-api.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

const AYUDA_RENOMBRAR = 'Sus atenciones, salas y cuentas pasan a llamarla así'

interface Valores {
  nombre: string
}

const resolver = resolverDeCuerpo<Valores>((v) =>
  erroresDeEsquema(NuevaSedeSchema, { nombre: v.nombre.trim() }),
)

export function SedeForm({
  sede,
  onGuardada,
  onCancelar,
}: {
  /** The sede to rename; none: a new one. */
  sede?: SedeCatalogo
  onGuardada: (s: SedeCatalogo) => void
  onCancelar: () => void
}) {
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: { nombre: sede?.nombre ?? '' },
    resolver,
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      const nombre = v.nombre.trim()
      if (!sede) return onGuardada(await crearSede(nombre))
      onGuardada(nombre === sede.nombre ? sede : await cambiarSede(sede.nombre, { nombre }))
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) =>
        e.campo === 'nombre' ? { campo: 'nombre', mensaje: e.mensaje } : null,
      )
      if (resto) setFallo(`No se pudo ${sede ? 'renombrar' : 'crear'} la sede: ${resto}`)
    }
  }

  const error = errors.nombre?.message
  return (
    <FormularioCatalogo
      id={sede ? 'renombrar-sede' : 'nueva-sede'}
      titulo={sede ? `Renombrar la sede ${sede.nombre}` : 'Nueva sede'}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar={sede ? 'Guardar nombre' : 'Crear sede'}
    >
      <div className="form-grid">
        <Field
          id="ns-nombre"
          label="Nombre"
          required
          error={error}
          hint={sede ? AYUDA_RENOMBRAR : undefined}
        >
          <input
            className="input"
            autoComplete="off"
            maxLength={60}
            autoFocus
            {...describe('ns-nombre', error, sede ? AYUDA_RENOMBRAR : undefined)}
            {...register('nombre')}
          />
        </Field>
      </div>
    </FormularioCatalogo>
  )
}
