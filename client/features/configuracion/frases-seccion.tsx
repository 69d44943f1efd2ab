// The editor's phrases for one study and for every study: a shortcut the médico types and then Tab
// (or picks beside the editor) for a sentence written once. Added, changed and removed here; a
// shortcut taken is the server's 409 under its field.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { EstudioCatalogo } from '../../../shared/configuracion.js'
import { FraseEntradaSchema, type Frase, type FraseEntrada } from '../../../shared/plantillas.js'
import { ApiError, mensajeDe } from '../../api.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { describe, Field } from '../../components/field.js'
import { Aviso, type AvisoSeccion } from './estado-seccion.js'
import { FormularioCatalogo } from './formulario-catalogo.js'
import { borrarFrase, cambiarFrase, crearFrase, listarFrases } from './plantillas-api.js'
import { TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'
import { erroresDeEsquema, erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

interface Valores {
  /** 'todos' or the study's id. */
  para: string
  atajo: string
  texto: string
}

const cuerpo = (v: Valores): FraseEntrada => ({
  estudioId: v.para === 'todos' ? null : Number(v.para),
  atajo: v.atajo.trim().toLowerCase(),
  texto: v.texto.trim(),
})
const resolver = resolverDeCuerpo<Valores>((v) =>
  erroresDeEsquema(FraseEntradaSchema, cuerpo(v)).map((e) =>
    e.campo === 'estudioId' ? { ...e, campo: 'para' } : e,
  ),
)

function FraseForm({
  estudio,
  frase,
  onListo,
  onCancelar,
}: {
  estudio: EstudioCatalogo
  frase: Frase | null
  onListo: (texto: string) => void
  onCancelar: () => void
}) {
  const { register, handleSubmit, setError, formState } = useForm<Valores>({
    defaultValues: {
      para: frase?.estudioId === null ? 'todos' : String(estudio.id),
      atajo: frase?.atajo ?? '',
      texto: frase?.texto ?? '',
    },
    resolver,
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      const b = cuerpo(v)
      if (frase) await cambiarFrase(frase.id, b)
      else await crearFrase(b)
      onListo(frase ? `Frase «${b.atajo}» cambiada.` : `Frase «${b.atajo}» agregada.`)
    } catch (err) {
      const resto = erroresDelServidor(err, setError, (e) =>
        e.campo === 'atajo' || e.campo === 'texto'
          ? { campo: e.campo, mensaje: e.mensaje }
          : e.campo === 'estudioId'
            ? { campo: 'para', mensaje: e.mensaje }
            : null,
      )
      // A shortcut taken is a 409 about the shortcut; anything else, above the form.
      if (resto && err instanceof ApiError && err.status === 409)
        setError('atajo', { type: 'server', message: resto })
      else if (resto) setFallo(`No se pudo guardar la frase: ${resto}`)
    }
  }

  return (
    <FormularioCatalogo
      id="frase"
      titulo={frase ? `Cambiar la frase «${frase.atajo}»` : 'Nueva frase'}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar={frase ? 'Guardar cambios' : 'Agregar frase'}
    >
      <div className="form-grid">
        <Field id="fr-para" label="Para" error={errors.para?.message}>
          <select
            className="select"
            {...describe('fr-para', errors.para?.message)}
            {...register('para')}
          >
            <option value={String(estudio.id)}>{estudio.nombre}</option>
            <option value="todos">Todos los estudios</option>
          </select>
        </Field>
        <Field
          id="fr-atajo"
          label="Atajo"
          required
          hint="De 2 a 20 letras o números, sin espacios ni tildes"
          error={errors.atajo?.message}
        >
          <input
            className="input mono"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            autoFocus
            {...describe('fr-atajo', errors.atajo?.message, 'hint')}
            {...register('atajo')}
          />
        </Field>
      </div>
      <Field id="fr-texto" label="Texto" required error={errors.texto?.message}>
        <textarea
          className="input plantillas__texto"
          rows={3}
          maxLength={2000}
          {...describe('fr-texto', errors.texto?.message)}
          {...register('texto')}
        />
      </Field>
    </FormularioCatalogo>
  )
}

export function FrasesSeccion({ estudio }: { estudio: EstudioCatalogo }) {
  const { lista, error, recargar } = useLista(listarFrases, 'No se pudieron cargar las frases')
  const [editando, setEditando] = useState<Frase | 'nueva' | null>(null)
  const [quitar, setQuitar] = useState<Frase | null>(null)
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)
  const filas = lista?.filter((f) => f.estudioId === null || f.estudioId === estudio.id) ?? null

  const quitarla = async (f: Frase) => {
    setQuitar(null)
    setAviso(null)
    try {
      await borrarFrase(f.id)
      await recargar()
      setAviso({ ok: true, texto: `Frase «${f.atajo}» quitada.` })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo quitar la frase') })
    }
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {editando && (
        <FraseForm
          key={editando === 'nueva' ? 'nueva' : editando.id}
          estudio={estudio}
          frase={editando === 'nueva' ? null : editando}
          onCancelar={() => setEditando(null)}
          onListo={(texto) => {
            setEditando(null)
            setAviso({ ok: true, texto })
            void recargar()
          }}
        />
      )}
      <TablaCatalogo
        id="frases"
        titulo={`Frases de ${estudio.nombre} y de todos los estudios`}
        nuevo={editando ? null : { texto: 'Nueva frase', onClick: () => setEditando('nueva') }}
        error={error}
        filas={filas}
        vacio="Aún no hay frases para este estudio."
        clave={(f) => f.id}
        testId={(f) => `frase-${f.atajo}`}
        columnas={[
          { titulo: 'Atajo', celda: (f) => <span className="mono">{f.atajo}</span> },
          { titulo: 'Texto', celda: (f) => f.texto, className: 'plantillas__frase' },
          {
            titulo: 'Para',
            celda: (f) => (f.estudioId === null ? 'Todos los estudios' : estudio.nombre),
          },
        ]}
        acciones={(f) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => setEditando(f)}
            >
              Cambiar
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => setQuitar(f)}
            >
              Quitar
            </button>
          </>
        )}
      />
      {quitar && (
        <DialogoConfirmar
          id="quitar-frase"
          titulo={`¿Quitar la frase «${quitar.atajo}»?`}
          volver="Volver"
          confirmar="Quitar"
          onVolver={() => setQuitar(null)}
          onConfirmar={() => void quitarla(quitar)}
        >
          Los informes ya escritos no cambian; el atajo deja de funcionar en el editor.
        </DialogoConfirmar>
      )}
    </>
  )
}
