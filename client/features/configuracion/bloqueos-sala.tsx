// A sala's blocked periods (docs/producto.md#salas): the ones that have not ended, each with
// «Quitar», and «Bloquear» a new one from a start, an end and a reason. A new block names the
// citas left inside it, linked to their patients, for the desk to move.
import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import {
  BloqueoEntradaSchema,
  fechaHoraLegible,
  periodoConFecha,
  type Bloqueo,
  type CitaBloqueada,
} from '../../../shared/bloqueos.js'
import type { Sala } from '../../../shared/configuracion.js'
import { mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { plural } from '../../components/format.js'
import { paths } from '../../paths.js'
import { borrarBloqueo, crearBloqueo, listarBloqueos } from './catalogos-api.js'
import { Aviso, type AvisoSeccion } from './estado-seccion.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { useLista } from './use-lista.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

interface Valores {
  inicio: string
  fin: string
  motivo: string
}

const cuerpo = (v: Valores) => ({ inicio: v.inicio, fin: v.fin, motivo: v.motivo.trim() })
const resolver = resolverDeCuerpo<Valores>((v) => erroresDeEsquema(BloqueoEntradaSchema, cuerpo(v)))
const periodo = (b: Bloqueo) => periodoConFecha(b.inicio, b.fin)

export function BloqueosSala({ sala, onCerrar }: { sala: Sala; onCerrar: () => void }) {
  const leer = useCallback((signal?: AbortSignal) => listarBloqueos(sala.id, signal), [sala.id])
  const { lista, error, recargar } = useLista(leer, 'No se pudieron cargar los bloqueos')
  const { register, handleSubmit, setError, reset, formState } = useForm<Valores>({
    defaultValues: { inicio: '', fin: '', motivo: '' },
    resolver,
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)
  const [dentro, setDentro] = useState<CitaBloqueada[]>([])

  const enviar = async (v: Valores) => {
    setFallo(null)
    setAviso(null)
    try {
      const r = await crearBloqueo(sala.id, cuerpo(v))
      reset()
      setDentro(r.citas)
      setAviso({ ok: true, texto: `Sala ${sala.nombre} bloqueada: ${periodo(r.bloqueo)}.` })
      await recargar()
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) =>
        e.campo === 'inicio' || e.campo === 'fin' || e.campo === 'motivo'
          ? { campo: e.campo, mensaje: e.mensaje }
          : null,
      )
      if (resto) setFallo(`No se pudo bloquear la sala: ${resto}`)
    }
  }

  const quitar = async (b: Bloqueo) => {
    setAviso(null)
    try {
      await borrarBloqueo(b.id)
      await recargar()
      setAviso({ ok: true, texto: `Bloqueo quitado: ${periodo(b)}.` })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo quitar el bloqueo') })
    }
  }

  const e = (k: keyof Valores) => errors[k]?.message
  return (
    <FormularioCatalogo
      id="bloqueos"
      titulo={`Bloqueos de ${sala.nombre} (${sala.sede})`}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCerrar}
      enviando={isSubmitting}
      enviar="Bloquear"
    >
      <Aviso aviso={aviso} />
      {dentro.length > 0 && (
        <div className="alert alert--warning" role="status">
          <div>
            <p>
              {`${dentro.length === 1 ? 'Queda' : 'Quedan'} ${plural(dentro.length, 'cita', 'citas')} dentro del bloqueo: reprográmelas o avise al paciente.`}
            </p>
            <ul className="bloqueos__citas">
              {dentro.map((c) => (
                <li key={c.id}>
                  {fechaHoraLegible(c.inicio)} ·{' '}
                  <Link href={paths.paciente(c.pacienteId)}>{c.paciente}</Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {error ? (
        <p className="alert alert--error">{error}</p>
      ) : lista && lista.length > 0 ? (
        <ul className="bloqueos__lista" aria-label="Bloqueos vigentes">
          {lista.map((b) => (
            <li key={b.id} className="bloqueos__item">
              <span>
                <strong className="nowrap">{periodo(b)}</strong> · {b.motivo}
              </span>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                aria-label={`Quitar el bloqueo: ${periodo(b)}`}
                onClick={() => void quitar(b)}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      ) : (
        lista && <p className="muted">La sala no tiene bloqueos vigentes.</p>
      )}
      <div className="form-grid">
        <Field id="bl-inicio" label="Desde" required error={e('inicio')}>
          <input
            className="input"
            type="datetime-local"
            {...describe('bl-inicio', e('inicio'))}
            {...register('inicio')}
          />
        </Field>
        <Field id="bl-fin" label="Hasta" required error={e('fin')}>
          <input
            className="input"
            type="datetime-local"
            {...describe('bl-fin', e('fin'))}
            {...register('fin')}
          />
        </Field>
        <Field id="bl-motivo" label="Motivo" required error={e('motivo')}>
          <input
            className="input"
            autoComplete="off"
            maxLength={120}
            placeholder="Mantenimiento del equipo"
            {...describe('bl-motivo', e('motivo'))}
            {...register('motivo')}
          />
        </Field>
      </div>
    </FormularioCatalogo>
  )
}
