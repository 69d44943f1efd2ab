// «Editar» of an analito in Configuración › Laboratorio: its name, LOINC code, unit, decimals,
// delta check and whether it is active; its code and type never change. Checked with the shared
// schema on the body it will send; the server's field errors show under their field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { ErrorCampo } from '../../../shared/contract.js'
import type { Analito } from '../../../shared/laboratorio.js'
import { AnalitoEntradaSchema, type AnalitoEntrada } from '../../../shared/laboratorio-config.js'
import { describe, Field } from '../../components/field.js'
import { CasillaActivo, FormularioCatalogo } from './formulario-catalogo.js'
import { cambiarAnalito } from './laboratorio-api.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

interface Valores {
  nombre: string
  loinc: string
  unidad: string
  decimales: string
  delta: string
  activo: boolean
}

export const TIPO_ANALITO = { numero: 'Número', opciones: 'Lista de opciones', texto: 'Texto' }
const AYUDA_LOINC = 'Opcional, p. ej. 2345-7'
const AYUDA_UNIDAD = 'Opcional, p. ej. mg/dL'
const AYUDA_DELTA =
  'Opcional: cambio frente al resultado anterior del paciente, en %, que se marca Δ para revisarlo'
const FIJOS = 'El código y el tipo de un analito no cambian'

/** A blank number stays blank (null); anything else is sent as typed for the schema to judge. */
const numero = (s: string): number | null => (s.trim() === '' ? null : Number(s.replace(',', '.')))

const cuerpo = (v: Valores, numerico: boolean): AnalitoEntrada => ({
  nombre: v.nombre.trim(),
  loinc: v.loinc.trim() || null,
  unidad: v.unidad.trim() || null,
  decimales: numerico ? numero(v.decimales) : null,
  activo: v.activo,
  deltaPorcentaje: numerico ? numero(v.delta) : null,
})

const PROPIOS: Record<string, keyof Valores> = {
  nombre: 'nombre',
  loinc: 'loinc',
  unidad: 'unidad',
  decimales: 'decimales',
  deltaPorcentaje: 'delta',
  activo: 'activo',
}
const ubicar = (e: ErrorCampo) =>
  PROPIOS[e.campo] ? { campo: PROPIOS[e.campo]!, mensaje: e.mensaje } : null

export function AnalitoForm({
  analito,
  onGuardado,
  onCancelar,
}: {
  analito: Analito
  onGuardado: (a: Analito) => void
  onCancelar: () => void
}) {
  const numerico = analito.tipo === 'numero'
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: {
      nombre: analito.nombre,
      loinc: analito.loinc ?? '',
      unidad: analito.unidad ?? '',
      decimales: analito.decimales === null ? '' : String(analito.decimales),
      delta: analito.deltaPorcentaje === null ? '' : String(analito.deltaPorcentaje),
      activo: analito.activo,
    },
    resolver: resolverDeCuerpo((v) =>
      erroresDeEsquema(AnalitoEntradaSchema, cuerpo(v, numerico)).flatMap((e) => ubicar(e) ?? []),
    ),
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      onGuardado(await cambiarAnalito(analito.id, cuerpo(v, numerico)))
    } catch (err) {
      const resto = erroresDelServidor(err, setError, ubicar)
      if (resto) setFallo(`No se pudo guardar el analito: ${resto}`)
    }
  }

  const e = (k: keyof Valores) => errors[k]?.message
  const px = 'analito'
  return (
    <FormularioCatalogo
      id={px}
      titulo={`Editar analito ${analito.codigo}`}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar="Guardar cambios"
    >
      <div className="form-grid">
        <Field id={`${px}-codigo`} label="Código y tipo" hint={FIJOS}>
          <input
            className="input mono"
            readOnly
            value={`${analito.codigo} · ${TIPO_ANALITO[analito.tipo]}`}
            {...describe(`${px}-codigo`, undefined, FIJOS)}
          />
        </Field>
        <Field id={`${px}-nombre`} label="Nombre" required error={e('nombre')}>
          <input
            className="input"
            autoComplete="off"
            maxLength={100}
            autoFocus
            {...describe(`${px}-nombre`, e('nombre'))}
            {...register('nombre')}
          />
        </Field>
        <Field id={`${px}-loinc`} label="Código LOINC" hint={AYUDA_LOINC} error={e('loinc')}>
          <input
            className="input mono"
            autoComplete="off"
            spellCheck={false}
            maxLength={9}
            {...describe(`${px}-loinc`, e('loinc'), AYUDA_LOINC)}
            {...register('loinc')}
          />
        </Field>
        <Field id={`${px}-unidad`} label="Unidad" hint={AYUDA_UNIDAD} error={e('unidad')}>
          <input
            className="input"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            {...describe(`${px}-unidad`, e('unidad'), AYUDA_UNIDAD)}
            {...register('unidad')}
          />
        </Field>
        {numerico && (
          <>
            <Field id={`${px}-decimales`} label="Decimales" required error={e('decimales')}>
              <input
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                max={4}
                step={1}
                {...describe(`${px}-decimales`, e('decimales'))}
                {...register('decimales')}
              />
            </Field>
            <Field
              id={`${px}-delta`}
              label="Control delta (%)"
              hint={AYUDA_DELTA}
              error={e('delta')}
            >
              <input
                className="input"
                inputMode="decimal"
                autoComplete="off"
                {...describe(`${px}-delta`, e('delta'), AYUDA_DELTA)}
                {...register('delta')}
              />
            </Field>
          </>
        )}
        <CasillaActivo registro={register('activo')} etiqueta="Activo" />
      </div>
    </FormularioCatalogo>
  )
}
