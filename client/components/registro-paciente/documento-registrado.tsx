// A document someone already has (docs/producto.md#registro-de-paciente): asked of the server when
// Documento loses focus, or the type changes under a typed document, so the person learns it before
// filling the rest. Guardar's 409 says the same and marks the same patient.
import { useEffect, useRef, useState } from 'react'
import { useFormContext, type UseFormReturn } from 'react-hook-form'
import { Link } from 'wouter'
import { esTipoDocumento } from '../../../shared/catalogos.js'
import { errorDocumento, normalizarDocumento } from '../../../shared/documento.js'
import { LIMITES } from '../../../shared/paciente-campos.js'
import type { Paciente } from '../../../shared/paciente-datos.js'
import { MENSAJE_DOCUMENTO_REGISTRADO, type Duplicado } from '../../../shared/pacientes.js'
import { describe, Field } from '../../components/field.js'
import { paths } from '../../paths.js'
import type { ValoresPaciente } from './paciente-form-schema.js'
import { pacientePorDocumento } from './registro-api.js'

/** Who holds the document: the check's answer, or only the id a 409 gave. */
export type Titular = Pick<Duplicado, 'id'> & Partial<Pick<Duplicado, 'nombreCompleto'>>

export interface DocumentoRegistrado {
  titular: Titular | null
  comprobar(tipo: string, documento: string): void
  /** The document changed: what was known of the old one no longer applies. */
  olvidar(): void
  /** A 409 named this patient. */
  marcar(id: number): void
}

/** `propio`: the patient being corrected, whose own document is no one else's. */
export function useDocumentoRegistrado(
  form: UseFormReturn<ValoresPaciente>,
  propio?: Pick<Paciente, 'id' | 'tipoDocumento' | 'documento'>,
): DocumentoRegistrado {
  const [titular, setTitular] = useState<Titular | null>(null)
  // The document last asked about: an answer for an older one is dropped, and a second blur of the
  // same value asks nothing.
  const pedido = useRef('')

  const comprobar = (tipo: string, documento: string) => {
    const d = normalizarDocumento(documento)
    // Only a document that could be registered is asked about: a half-typed DNI holds nobody.
    const tipoValido = esTipoDocumento(tipo) ? tipo : null
    const preguntar =
      tipoValido !== null &&
      d !== '' &&
      errorDocumento(tipoValido, d) === null &&
      !(propio && tipo === propio.tipoDocumento && d === propio.documento)
    const clave = preguntar ? `${tipo}:${d}` : ''
    if (clave === pedido.current) return
    pedido.current = clave
    setTitular(null)
    if (!tipoValido || !clave) return
    pacientePorDocumento({ tipoDocumento: tipoValido, documento: d })
      .then(([p]) => {
        if (pedido.current === clave) setTitular(p && p.id !== propio?.id ? p : null)
      })
      .catch(() => {
        // A failed check only loses the early notice: Guardar still gets the 409. Asked again
        // on the next blur.
        if (pedido.current === clave) pedido.current = ''
      })
  }

  // A type chosen after the document asks again: the same number of another type is someone else.
  useEffect(() => {
    const { unsubscribe } = form.watch((v, { name }) => {
      if (name === 'tipoDocumento' && v.documento) comprobar(v.tipoDocumento ?? '', v.documento)
    })
    return unsubscribe
  }, [])

  return {
    titular,
    comprobar,
    olvidar: () => {
      pedido.current = ''
      setTitular(null)
    },
    marcar: (id) => setTitular((t) => (t?.id === id ? t : { id })),
  }
}

export function CampoDocumento({ documento }: { documento: DocumentoRegistrado }) {
  const { register, getValues, formState } = useFormContext<ValoresPaciente>()
  const { titular } = documento
  const mensaje =
    formState.errors.documento?.message ?? (titular ? MENSAJE_DOCUMENTO_REGISTRADO : '')
  const error =
    titular && mensaje === MENSAJE_DOCUMENTO_REGISTRADO ? (
      <span>
        {mensaje}
        {titular.nombreCompleto ? `: ${titular.nombreCompleto} (ID ${titular.id}). ` : '. '}
        <Link href={paths.paciente(titular.id)}>Ver el paciente ya registrado</Link>
      </span>
    ) : (
      mensaje
    )
  return (
    <Field id="documento" label="Documento" required error={error}>
      <input
        className="input"
        type="text"
        maxLength={LIMITES.documento}
        autoComplete="off"
        aria-required
        {...describe('documento', mensaje)}
        {...register('documento', {
          onChange: documento.olvidar,
          onBlur: (e: { target: HTMLInputElement }) =>
            documento.comprobar(getValues('tipoDocumento'), e.target.value),
        })}
      />
    </Field>
  )
}
