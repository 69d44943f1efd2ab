// Registro de Paciente (docs/producto.md#registro-de-paciente): three sections, Guardar and
// Cancelar, errors under their fields (the shared schema's and the server's), possible duplicates
// beside the form. With `edicion` the same form corrects a stored patient
// (docs/producto.md#editar-paciente): filled in, it sends the changed fields with the version it
// opened, and if someone else changed the patient meanwhile it shows their values beside the user's.
import { useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { calcularEdad } from '../../../shared/edad.js'
import type { Paciente } from '../../../shared/paciente-datos.js'
import { ApiError } from '../../api.js'
import { hoyClinica } from '../../lib/hoy.js'
import { pedirSalida, PREGUNTA_SALIR, protegerSalida } from '../../state/salida.js'
import { AvisoResultado, type Resultado } from './aviso-resultado.js'
import { ConfirmarDuplicados } from './confirmar-duplicados.js'
import type { Familiar } from '../../../shared/pacientes.js'
import { AvisoConflicto, resolverConflicto, type Conflicto } from './conflicto-edicion.js'
import { CampoDocumento, useDocumentoRegistrado } from './documento-registrado.js'
import { DuplicadosPanel } from './duplicados.js'
import {
  aValores,
  cambiosDe,
  pacienteResolver,
  VALORES_INICIALES,
  type ValoresPaciente,
} from './paciente-form-schema.js'
import { crearPaciente, editarPaciente } from './registro-api.js'
import { Consentimiento, Contacto, Demograficos, Identificacion } from './registro-secciones.js'
import { PREGUNTA_DESCARTAR, useAvisoSalida } from './use-aviso-salida.js'
import { useBorrador } from './use-borrador.js'
import { useDuplicados } from './use-duplicados.js'
import './registro.css'

/** After logging in again: the form as it was when the session ended. */
const RECUPERADO =
  'Su sesión había terminado. El formulario conserva los datos que usted ingresó: revíselos y pulse Guardar.'

/** The stored patient a correction starts from, and its version (GET's ETag). */
export interface Edicion {
  /** With its mother, if a newborn's, as GET /pacientes/:id names her. */
  paciente: Paciente & { madre?: Familiar | null }
  etag: string
}

export function RegistroForm({
  onRegistrado,
  edicion,
  onGuardado,
  onCancelar,
  iniciales,
}: {
  onRegistrado?: (p: Paciente) => void
  /** What a new registration starts with (the document the booking's search typed, say). */
  iniciales?: Partial<ValoresPaciente>
  /** Correct this patient instead of registering a new one. */
  edicion?: Edicion
  onGuardado?: (p: Paciente) => void
  onCancelar?: () => void
}) {
  const form = useForm<ValoresPaciente>({
    defaultValues: edicion ? aValores(edicion.paciente) : { ...VALORES_INICIALES, ...iniciales },
    resolver: pacienteResolver,
  })
  const { handleSubmit, watch, reset, setError, formState } = form
  // What the correction is made against: the values and version last read from the server.
  const [base, setBase] = useState(() => (edicion ? aValores(edicion.paciente) : null))
  const [etag, setEtag] = useState(edicion?.etag ?? '')
  const [conflicto, setConflicto] = useState<Conflicto | null>(null)
  const [resultado, setResultado] = useState<Resultado | null>(null)
  const [guardando, setGuardando] = useState(false)
  // Valid values Guardar holds back until the person confirms the possible duplicates.
  const [porConfirmar, setPorConfirmar] = useState<{
    valores: ValoresPaciente
    cantidad: number
  } | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)

  const [fechaNacimiento, primerNombre, segundoNombre, primerApellido, segundoApellido] = watch([
    'fechaNacimiento',
    'primerNombre',
    'segundoNombre',
    'primerApellido',
    'segundoApellido',
  ])
  const hoy = hoyClinica()
  const mostrar = (r: Resultado) => {
    setResultado(r)
    requestAnimationFrame(() =>
      alertRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    )
  }

  const documento = useDocumentoRegistrado(form, edicion?.paciente)
  useAvisoSalida(formState.isDirty)
  useBorrador(
    form,
    () => ({ base, etag }),
    ({ valores, extra }) => {
      reset(valores, { keepDefaultValues: true })
      setBase(extra.base)
      setEtag(extra.etag)
      documento.comprobar(valores.tipoDocumento, valores.documento)
      mostrar({ tipo: 'info', texto: RECUPERADO })
    },
  )
  const { estado: duplicados, asegurar } = useDuplicados(
    { primerNombre, segundoNombre, primerApellido, segundoApellido, fechaNacimiento },
    edicion?.paciente.id,
  )

  const errorDelServidor = (e: ApiError | null, prefijo: string) => {
    for (const fe of e?.errores ?? []) {
      if (fe.campo in VALORES_INICIALES)
        setError(fe.campo as keyof ValoresPaciente, { type: 'server', message: fe.mensaje })
    }
    if (e?.status === 409) {
      setError('documento', { type: 'server', message: e.message })
      if (e.id !== undefined) documento.marcar(e.id)
    }
    mostrar({
      tipo: 'error',
      // Only a message the server sent counts (docs/producto.md#mensajes); a failed connection
      // has none.
      texto: `${prefijo}: ${(e && e.status > 0 && e.message) || 'Error al guardar paciente'}`,
      id: e?.status === 409 ? e.id : undefined,
    })
  }

  const corregir = async (valores: ValoresPaciente) => {
    const cambios = cambiosDe(valores, base!)
    if (Object.keys(cambios).length === 0) {
      protegerSalida(false)
      onGuardado?.(edicion!.paciente)
      return
    }
    setGuardando(true)
    setResultado(null)
    try {
      const { paciente } = await editarPaciente(edicion!.paciente.id, cambios, etag)
      protegerSalida(false) // saved: going back to the patient's page asks nothing
      onGuardado?.(paciente)
    } catch (err) {
      const e = err instanceof ApiError ? err : null
      if (e?.status === 412) {
        setConflicto(null)
        try {
          const r = await resolverConflicto(edicion!.paciente.id, valores, base!, e.message)
          // The current values are the new defaults; the user's changes over them still count as
          // not saved.
          reset(r.actuales)
          reset(r.valores, { keepDefaultValues: true })
          documento.olvidar()
          setBase(r.actuales)
          setEtag(r.etag)
          setConflicto(r.conflicto)
        } catch (otro) {
          errorDelServidor(otro instanceof ApiError ? otro : null, 'Error al guardar los cambios')
        }
      } else {
        errorDelServidor(e, 'Error al guardar los cambios')
      }
    } finally {
      setGuardando(false)
    }
  }

  const guardar = async (valores: ValoresPaciente) => {
    if (edicion) return corregir(valores)
    setGuardando(true)
    setResultado(null)
    try {
      // edad goes along as the registration's call has always carried it; the server ignores it
      // (docs/api.md#registrar-un-paciente).
      const paciente = await crearPaciente({
        ...valores,
        edad: calcularEdad(valores.fechaNacimiento, hoyClinica()),
      })
      reset(VALORES_INICIALES)
      documento.olvidar()
      mostrar({
        tipo: 'ok',
        texto: `¡Paciente registrado con éxito! ID: ${paciente.id}`,
        id: paciente.id,
      })
      onRegistrado?.(paciente)
    } catch (err) {
      errorDelServidor(err instanceof ApiError ? err : null, 'Error al registrar paciente')
    } finally {
      setGuardando(false)
    }
  }

  // A correction is not asked to confirm: the panel beside the form still shows the look-alikes.
  // A registration waits for the check of the very values it sends, however fast Guardar came.
  const onValid = async (valores: ValoresPaciente) => {
    if (edicion) return guardar(valores)
    setGuardando(true)
    const parecidos = await asegurar(valores)
    if (parecidos.length === 0) return guardar(valores)
    setGuardando(false)
    setPorConfirmar({ valores, cantidad: parecidos.length })
  }

  // A correction goes back to the patient's page; a registration empties the form (and, where
  // the form was opened for a moment, as in the booking panel, goes back). Either asks first when
  // something typed would be lost.
  const cancelar = () =>
    pedirSalida(
      () => {
        if (edicion) return onCancelar?.()
        reset(VALORES_INICIALES)
        documento.olvidar()
        setResultado(null)
        onCancelar?.()
      },
      edicion ? PREGUNTA_SALIR : PREGUNTA_DESCARTAR,
    )

  return (
    <div className="registro">
      <FormProvider {...form}>
        <form
          className="registro__form"
          onSubmit={handleSubmit(onValid)}
          noValidate
          aria-labelledby="registro-titulo"
        >
          <h2 id="registro-titulo" className="registro__title">
            {edicion ? 'Datos del paciente' : 'Registro de Paciente'}
          </h2>
          <p className="registro__intro">
            Los campos marcados con <span className="field__required">*</span> son obligatorios.
          </p>

          {resultado && (
            <AvisoResultado
              ref={alertRef}
              resultado={resultado}
              onCerrar={() => setResultado(null)}
            />
          )}

          {conflicto && (
            <AvisoConflicto
              conflicto={conflicto}
              onDescartar={() => {
                reset(base!)
                documento.olvidar()
                setConflicto(null)
              }}
            />
          )}

          <Identificacion
            hoy={hoy}
            documento={<CampoDocumento documento={documento} />}
            editable={!edicion}
            madre={edicion?.paciente.madre}
          />
          <Demograficos />
          <Contacto />
          <Consentimiento paciente={edicion?.paciente} />

          <div className="form-actions">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={cancelar}
              disabled={guardando}
            >
              Cancelar
            </button>
            <button type="submit" className="btn btn--primary" disabled={guardando}>
              {guardando && <span className="spinner" aria-hidden="true" />}
              {edicion ? 'Guardar cambios' : 'Guardar'}
            </button>
          </div>
        </form>
      </FormProvider>

      <DuplicadosPanel estado={duplicados} />

      {porConfirmar && (
        <ConfirmarDuplicados
          cantidad={porConfirmar.cantidad}
          onConfirmar={() => {
            setPorConfirmar(null)
            void guardar(porConfirmar.valores)
          }}
          onCancelar={() => setPorConfirmar(null)}
        />
      )}
    </div>
  )
}
