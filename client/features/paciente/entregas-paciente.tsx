// «Entregas» on the patient's record (docs/producto.md#ficha-del-paciente): quien registra
// pacientes records a printed copy handed over (which document, to whom, their document; «La
// recibe el propio paciente» fills in the patient's own name and document), checked as it is filled by the shared
// validarReceptor. Below, every delivery of the patient's documents: printed, emailed (the server
// writes it when the email leaves), downloaded from /resultados.
import { useEffect, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { TIPO_DOCUMENTO_ETIQUETA, TIPOS_DOCUMENTO } from '../../../shared/catalogos.js'
import type { DocumentoFirmado } from '../../../shared/correos.js'
import {
  ETIQUETAS_MEDIO_ENTREGA,
  LARGO_NOMBRE_RECIBE,
  validarReceptor,
  type Entrega,
  type EntregasPaciente as Datos,
} from '../../../shared/entregas.js'
import { nombreCompleto, type Paciente } from '../../../shared/paciente-datos.js'
import { puede } from '../../../shared/permisos.js'
import { ApiError, mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { fechaHora } from '../../components/format.js'
import { aErroresDeFormulario } from '../../lib/typebox-mensajes.js'
import { useLectura } from '../../lib/use-lectura.js'
import { sesion } from '../../state/sesion.js'
import { claveDocumento, nombreDocumento } from './documento-firmado.js'
import { entregasDePaciente, registrarEntrega } from './entregas-api.js'
import './entregas.css'

interface Valores {
  documento: string
  propio: boolean
  recibeNombre: string
  recibeTipoDocumento: string
  recibeDocumento: string
}

const resolver: Resolver<Valores> = async (values) => {
  const { errores } = validarReceptor(values)
  return errores.length > 0
    ? { values: {}, errors: aErroresDeFormulario<Valores>(errores) }
    : { values, errors: {} }
}

function detalle(e: Entrega): string {
  if (e.medio === 'impresa')
    return `Recibió ${e.recibeNombre} · ${TIPO_DOCUMENTO_ETIQUETA[e.recibeTipoDocumento!]} ${e.recibeDocumento}`
  if (e.medio === 'correo')
    return `A ${e.correo} (${e.destinatario === 'solicitante' ? 'médico solicitante' : 'paciente'})`
  if (e.destinatario === 'solicitante')
    return `Por el médico solicitante, con el enlace enviado a ${e.correo}`
  return 'Por el paciente, desde la página de resultados, con su código de acceso'
}

type PacienteEntrega = Pick<Paciente, 'id' | 'tipoDocumento' | 'documento'> &
  Parameters<typeof nombreCompleto>[0]

export function EntregasPaciente({ paciente }: { paciente: PacienteEntrega }) {
  const { usuario } = useSnapshot(sesion)
  const [lectura, setLectura] = useState(0)
  const { datos, error } = useLectura<Datos>(
    (signal) => entregasDePaciente(paciente.id, signal),
    `${paciente.id}:${lectura}`,
    'No se pudieron cargar las entregas',
  )
  const [hecho, setHecho] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const { register, handleSubmit, setError, setValue, getValues, reset, formState } =
    useForm<Valores>({
      resolver,
      defaultValues: {
        documento: '',
        propio: false,
        recibeNombre: '',
        recibeTipoDocumento: 'dni',
        recibeDocumento: '',
      },
    })
  const documentos = datos?.documentos ?? []
  const titulos = new Map(documentos.map((d) => [claveDocumento(d), d.titulo]))
  const puedeRegistrar = puede(usuario?.rol, 'pacientes.registrar')
  // The newest document is the one usually handed over: chosen once the list arrives.
  const primero = documentos[0] ? claveDocumento(documentos[0]) : ''
  useEffect(() => {
    if (primero && !getValues('documento')) setValue('documento', primero)
  }, [primero, getValues, setValue])

  const elegirPropio = (si: boolean) => {
    setValue('recibeNombre', si ? nombreCompleto(paciente) : '')
    setValue('recibeTipoDocumento', si ? paciente.tipoDocumento : 'dni')
    setValue('recibeDocumento', si ? paciente.documento : '')
  }

  const guardar = handleSubmit(async (v) => {
    setHecho(null)
    setFallo(null)
    const [tipo, id] = (v.documento || primero).split(':')
    try {
      const e = await registrarEntrega(paciente.id, {
        documento: tipo as DocumentoFirmado['tipo'],
        documentoId: Number(id),
        recibeNombre: v.recibeNombre,
        recibeTipoDocumento: v.recibeTipoDocumento,
        recibeDocumento: v.recibeDocumento,
      })
      setHecho(`Entrega registrada: ${e.recibeNombre} recibió la copia impresa.`)
      reset({
        ...v,
        propio: false,
        recibeNombre: '',
        recibeTipoDocumento: 'dni',
        recibeDocumento: '',
      })
      setLectura((n) => n + 1)
    } catch (err) {
      const errores = err instanceof ApiError ? err.errores : []
      for (const e of errores)
        setError(e.campo as keyof Valores, { type: 'server', message: e.mensaje })
      if (errores.length === 0) setFallo(mensajeDe(err, 'No se pudo registrar la entrega'))
    }
  })

  const errores = formState.errors
  return (
    <section className="card" aria-labelledby="entregas-paciente-titulo">
      <header className="card__header">
        <h2 id="entregas-paciente-titulo">Entregas</h2>
      </header>
      <div className="card__body entregas-paciente">
        {error && (
          <p className="text-error" role="alert">
            {error}
          </p>
        )}
        {datos === null && !error && <div className="skeleton historial-skeleton" />}
        {datos && documentos.length === 0 && (
          <p className="muted">Sin documentos firmados para entregar.</p>
        )}
        {datos && documentos.length > 0 && puedeRegistrar && (
          <form
            className="entregas-paciente__form"
            aria-label="Registrar copia impresa entregada"
            noValidate
            onSubmit={(e) => void guardar(e)}
          >
            <label className="field entregas-paciente__documento">
              <span className="field__label">Documento entregado</span>
              <select className="select" {...register('documento')}>
                {documentos.map((d) => (
                  <option key={claveDocumento(d)} value={claveDocumento(d)}>
                    {nombreDocumento(d)}
                  </option>
                ))}
              </select>
            </label>
            <label className="check entregas-paciente__propio">
              <input
                type="checkbox"
                {...register('propio', { onChange: (e) => elegirPropio(e.target.checked) })}
              />
              <span>La recibe el propio paciente</span>
            </label>
            <Field
              id="entrega-nombre"
              label="Nombre de quien recibe"
              required
              error={errores.recibeNombre?.message}
            >
              <input
                className="input"
                autoComplete="off"
                maxLength={LARGO_NOMBRE_RECIBE}
                aria-required
                {...describe('entrega-nombre', errores.recibeNombre?.message)}
                {...register('recibeNombre')}
              />
            </Field>
            <Field
              id="entrega-tipo"
              label="Tipo de documento"
              required
              error={errores.recibeTipoDocumento?.message}
            >
              <select
                className="select"
                {...describe('entrega-tipo', errores.recibeTipoDocumento?.message)}
                {...register('recibeTipoDocumento')}
              >
                {TIPOS_DOCUMENTO.map((t) => (
                  <option key={t} value={t}>
                    {TIPO_DOCUMENTO_ETIQUETA[t]}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="entrega-documento"
              label="Número de documento"
              required
              error={errores.recibeDocumento?.message}
            >
              <input
                className="input"
                autoComplete="off"
                maxLength={30}
                aria-required
                {...describe('entrega-documento', errores.recibeDocumento?.message)}
                {...register('recibeDocumento')}
              />
            </Field>
            <div className="entregas-paciente__acciones">
              <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Registrando…' : 'Registrar entrega'}
              </button>
            </div>
          </form>
        )}
        {hecho && (
          <p className="alert alert--success" role="status">
            {hecho}
          </p>
        )}
        {fallo && (
          <p className="text-error" role="alert">
            {fallo}
          </p>
        )}
        {datos && datos.entregas.length > 0 && (
          <div className="table-wrap">
            <table className="table table--cards entregas-paciente__tabla">
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Documento</th>
                  <th scope="col">Entrega</th>
                  <th scope="col">Detalle</th>
                </tr>
              </thead>
              <tbody>
                {datos.entregas.map((e) => (
                  <tr key={e.id} data-medio={e.medio}>
                    <td data-label="Fecha">
                      {fechaHora(e.en)}
                      {e.registradoPor && <span className="muted small"> · {e.registradoPor}</span>}
                    </td>
                    <td data-label="Documento">
                      {titulos.get(claveDocumento({ tipo: e.documento, id: e.documentoId })) ?? '—'}
                    </td>
                    <td data-label="Entrega">{ETIQUETAS_MEDIO_ENTREGA[e.medio]}</td>
                    <td data-label="Detalle" className="entregas-paciente__detalle">
                      {detalle(e)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  )
}
