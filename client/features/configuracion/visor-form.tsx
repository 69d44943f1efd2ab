// The clinic's image viewer (docs/producto.md#informes-en-configuración): a URL template the
// informe opens its study with, {studyInstanceUid} and {accessionNumber} replaced by the study's.
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { esVisorValido, MENSAJES_PLANTILLAS as M } from '../../../shared/plantillas.js'
import { mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { Aviso, type AvisoSeccion } from './estado-seccion.js'
import { guardarVisor, leerVisor } from './plantillas-api.js'

const EJEMPLO = 'https://pacs.clinica.pe/viewer?StudyInstanceUIDs={studyInstanceUid}'

export function VisorForm() {
  const { register, handleSubmit, reset, formState } = useForm<{ url: string }>({
    defaultValues: { url: '' },
  })
  const { errors, isSubmitting } = formState
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)

  useEffect(() => {
    const ctrl = new AbortController()
    leerVisor(ctrl.signal)
      .then((v) => reset({ url: v.url ?? '' }))
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo leer la dirección del visor') })
      })
    return () => ctrl.abort()
  }, [reset])

  const enviar = async ({ url }: { url: string }) => {
    setAviso(null)
    try {
      const v = await guardarVisor(url.trim() || null)
      reset({ url: v.url ?? '' })
      setAviso({
        ok: true,
        texto: v.url ? 'Dirección del visor guardada.' : 'Se quitó el visor de imágenes.',
      })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo guardar la dirección del visor') })
    }
  }

  return (
    <section className="card" aria-labelledby="visor-titulo">
      <header className="card__header">
        <h2 id="visor-titulo">Visor de imágenes</h2>
      </header>
      <form className="card__body plantillas__visor" noValidate onSubmit={handleSubmit(enviar)}>
        <Aviso aviso={aviso} />
        <Field
          id="visor-url"
          label="Dirección del visor"
          hint={`Con {studyInstanceUid} o {accessionNumber}, por ejemplo ${EJEMPLO}. Vacía: sin visor.`}
          error={errors.url?.message}
        >
          <input
            className="input"
            type="url"
            autoComplete="off"
            maxLength={500}
            placeholder={EJEMPLO}
            {...describe('visor-url', errors.url?.message, 'hint')}
            {...register('url', {
              validate: (v) => v.trim() === '' || esVisorValido(v.trim()) || M.visor,
            })}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner" aria-hidden="true" />}
            Guardar dirección
          </button>
        </div>
      </form>
    </section>
  )
}
