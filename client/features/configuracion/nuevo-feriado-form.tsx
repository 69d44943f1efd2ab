// «Nuevo feriado»: a date, its name and the sede it closes (or all of them), checked with the
// shared schema as it will be sent; what the server refuses (a feriado nacional, one already on
// that day) shows under its field or above the form.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FeriadoEntradaSchema, type Feriado } from '../../../shared/feriados.js'
import { describe, Field } from '../../components/field.js'
import { nombresDeSedes, useCatalogos } from '../../state/catalogos.js'
import { crearFeriado } from './feriados-api.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

interface Valores {
  fecha: string
  nombre: string
  /** '' for every sede. */
  sede: string
}

const cuerpo = (v: Valores) => ({
  fecha: v.fecha,
  nombre: v.nombre.trim(),
  sede: v.sede === '' ? null : v.sede,
})

const resolver = resolverDeCuerpo<Valores>((v) => erroresDeEsquema(FeriadoEntradaSchema, cuerpo(v)))

export function NuevoFeriadoForm({
  onCreado,
  onCancelar,
}: {
  onCreado: (f: Feriado) => void
  onCancelar: () => void
}) {
  const catalogo = useCatalogos()
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: { fecha: '', nombre: '', sede: '' },
    resolver,
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      onCreado(await crearFeriado(cuerpo(v)))
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) =>
        e.campo === 'fecha' || e.campo === 'nombre' || e.campo === 'sede'
          ? { campo: e.campo, mensaje: e.mensaje }
          : null,
      )
      if (resto) setFallo(`No se pudo agregar el feriado: ${resto}`)
    }
  }

  return (
    <FormularioCatalogo
      id="nuevo-feriado"
      titulo="Nuevo feriado"
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar="Agregar feriado"
    >
      <div className="form-grid">
        <Field id="nf-fecha" label="Fecha" required error={errors.fecha?.message}>
          <input
            className="input"
            type="date"
            autoFocus
            {...describe('nf-fecha', errors.fecha?.message)}
            {...register('fecha')}
          />
        </Field>
        <Field id="nf-nombre" label="Nombre" required error={errors.nombre?.message}>
          <input
            className="input"
            autoComplete="off"
            maxLength={80}
            {...describe('nf-nombre', errors.nombre?.message)}
            {...register('nombre')}
          />
        </Field>
        <Field id="nf-sede" label="Sede" error={errors.sede?.message}>
          <select
            className="select"
            {...describe('nf-sede', errors.sede?.message)}
            {...register('sede')}
          >
            <option value="">Todas las sedes</option>
            {(catalogo ? nombresDeSedes(catalogo) : []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </FormularioCatalogo>
  )
}
