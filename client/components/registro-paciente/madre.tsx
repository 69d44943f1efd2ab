// «Madre» of a newborn registered by its CNV (docs/producto.md#registro-de-paciente): the desk
// finds her record by her document and the form sends its id (madreId). Found, she is named and
// linked, with «Cambiar»; not found, the form says to register her first. A correction shows the
// mother it has and does not change her.
import { useEffect, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import {
  TIPOS_DOCUMENTO,
  TIPO_DOCUMENTO_ETIQUETA,
  type TipoDocumento,
} from '../../../shared/catalogos.js'
import { ApiError } from '../../api.js'
import { FieldError } from '../field.js'
import { FamiliarEnlace } from '../familiar-enlace.js'
import type { Familiar as MadreLeida } from '../../../shared/pacientes.js'
import { pacientePorDocumento } from './registro-api.js'
import type { ValoresPaciente } from './paciente-form-schema.js'

/** The documents a mother may hold: every one but a newborn's. */
const SUYOS = TIPOS_DOCUMENTO.filter((t) => t !== 'cnv')

export function Madre({
  editable,
  conocida,
}: {
  editable: boolean
  /** The mother a correction's patient has, as its read named her. */
  conocida?: MadreLeida | null
}) {
  const { control, setValue } = useFormContext<ValoresPaciente>()
  const tipo = useWatch({ control, name: 'tipoDocumento' })
  const madreId = useWatch({ control, name: 'madreId' })
  // Another document type at registration: no mother goes with it.
  useEffect(() => {
    if (editable && tipo !== 'cnv' && madreId !== null) setValue('madreId', null)
  }, [editable, tipo, madreId, setValue])
  // Hidden, the block is gone with what was typed in it: the next newborn starts empty.
  if (tipo !== 'cnv' && (editable || madreId === null)) return null
  return <BloqueMadre editable={editable} madreId={madreId} conocida={conocida ?? undefined} />
}

function BloqueMadre({
  editable,
  madreId,
  conocida,
}: {
  editable: boolean
  madreId: number | null
  conocida?: MadreLeida
}) {
  const { setValue, formState } = useFormContext<ValoresPaciente>()
  const error = formState.errors.madreId?.message
  const [tipoMadre, setTipoMadre] = useState<TipoDocumento>('dni')
  const [documento, setDocumento] = useState('')
  const [buscando, setBuscando] = useState(false)
  const [aviso, setAviso] = useState<string | null>(null)
  const [encontrada, setEncontrada] = useState<MadreLeida | undefined>(conocida)
  const elegir = (id: number | null) =>
    setValue('madreId', id, { shouldDirty: true, shouldValidate: formState.isSubmitted })
  const buscar = async () => {
    setAviso(null)
    if (!documento.trim()) return setAviso('Escriba el documento de la madre')
    setBuscando(true)
    try {
      const [m] = await pacientePorDocumento({ tipoDocumento: tipoMadre, documento })
      if (!m) return setAviso('No hay una paciente con ese documento: regístrela primero')
      setEncontrada(m)
      elegir(m.id)
    } catch (err) {
      setAviso(
        err instanceof ApiError && err.message ? err.message : 'No se pudo buscar a la madre',
      )
    } finally {
      setBuscando(false)
    }
  }

  const errorId = error || aviso ? 'madre-error' : undefined
  return (
    <fieldset className="madre" aria-describedby={errorId}>
      <legend className="field__label">
        Madre{' '}
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      {madreId !== null ? (
        <p className="madre__elegida">
          {encontrada?.id === madreId ? (
            <FamiliarEnlace familiar={encontrada} />
          ) : (
            // A draft brought back with her id only.
            <span>Paciente {madreId}</span>
          )}
          {editable && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setEncontrada(undefined)
                elegir(null)
              }}
            >
              Cambiar
            </button>
          )}
        </p>
      ) : (
        editable && (
          <div className="madre__busqueda">
            <label className="visually-hidden" htmlFor="madre-tipo">
              Tipo de documento de la madre
            </label>
            <select
              id="madre-tipo"
              className="select"
              value={tipoMadre}
              onChange={(e) => setTipoMadre(e.target.value as TipoDocumento)}
            >
              {SUYOS.map((t) => (
                <option key={t} value={t}>
                  {TIPO_DOCUMENTO_ETIQUETA[t]}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor="madre-documento">
              Documento de la madre
            </label>
            <input
              id="madre-documento"
              className="input"
              autoComplete="off"
              maxLength={20}
              placeholder="Documento de la madre"
              value={documento}
              onChange={(e) => setDocumento(e.target.value)}
              onKeyDown={(e) => {
                // Enter looks her up; it does not send the registration.
                if (e.key === 'Enter') {
                  e.preventDefault()
                  void buscar()
                }
              }}
            />
            <button
              type="button"
              className="btn btn--secondary"
              disabled={buscando}
              onClick={() => void buscar()}
            >
              Buscar madre
            </button>
          </div>
        )
      )}
      {(aviso || error) && <FieldError id="madre-error">{aviso ?? error}</FieldError>}
    </fieldset>
  )
}
