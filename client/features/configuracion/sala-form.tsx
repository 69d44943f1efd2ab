// «Nueva sala» and «Editar» of one: its sede (an active one) and modalidad, fixed once created;
// its name, week, AE title and DICOM address, and (editing) whether it is active. Checked with
// the shared schemas on the body it will send; a repeated name or AE title (409) and the server's
// field errors show under their field.
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { JUEGOS_CARACTERES, type JuegoCaracteres } from '../../../shared/catalogos.js'
import type { Sala } from '../../../shared/configuracion.js'
import { describe, Field } from '../../components/field.js'
import { modalidadesDe, useCatalogos } from '../../state/catalogos.js'
import { CasillaActivo, FormularioCatalogo } from './formulario-catalogo.js'
import { cambiarSala, crearSala } from './catalogos-api.js'
import { HorarioEditor } from './horario-editor.js'
import { aDias, SEMANA_HABITUAL } from './horario.js'
import { cambio, errores, nueva, ubicar, type Valores } from './sala-valores.js'
import { erroresDelServidor, resolverDeCuerpo } from './validar-catalogo.js'

const AYUDA_AE = 'Opcional: el título DICOM con que el equipo pide su lista de trabajo'
const FIJAS = 'La sede y la modalidad de una sala no cambian'
const AYUDA_DIRECCION = 'Opcional: dónde escucha el equipo, p. ej. 10.0.5.20:104'
const AYUDA_CODIGO = 'Cómo ve el equipo sus estudios en la lista de trabajo (Modality)'
const AYUDA_JUEGO = 'Los equipos antiguos solo leen Latin-1: lo que no cabe se translitera'
const JUEGO_ETIQUETA: Record<JuegoCaracteres, string> = {
  'ISO_IR 192': 'UTF-8 (ISO_IR 192)',
  'ISO_IR 100': 'Latin-1 (ISO_IR 100)',
}

export function SalaForm({
  sala,
  sedes,
  onGuardada,
  onCancelar,
}: {
  /** The sala to edit; none: a new one. */
  sala?: Sala
  /** The active sedes, where a new sala may go. */
  sedes: readonly string[]
  onGuardada: (s: Sala) => void
  onCancelar: () => void
}) {
  const editada = sala !== undefined
  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<Valores>({
    defaultValues: sala
      ? {
          sede: sala.sede,
          modalidad: sala.modalidad,
          nombre: sala.nombre,
          dias: aDias(sala.horario),
          aeTitle: sala.aeTitle ?? '',
          direccion: sala.direccion ?? '',
          modalidadDicom: sala.modalidadDicom ?? '',
          juegoCaracteres: sala.juegoCaracteres,
          activa: sala.activa,
        }
      : {
          sede: sedes.length === 1 ? sedes[0] : '',
          modalidad: '',
          nombre: '',
          dias: SEMANA_HABITUAL,
          aeTitle: '',
          direccion: '',
          modalidadDicom: '',
          juegoCaracteres: 'ISO_IR 192',
          activa: true,
        },
    resolver: resolverDeCuerpo((v) => errores(v, editada)),
  })
  const { errors, isSubmitting } = formState
  const [fallo, setFallo] = useState<string | null>(null)
  const dias = watch('dias')
  const catalogo = useCatalogos()
  const modalidades = modalidadesDe(catalogo)
  const modalidad = sala?.modalidad ?? watch('modalidad')
  const deLaSala = modalidades.find((m) => m.valor === modalidad)
  // The DICOM fields only for a modality whose equipment reads the worklist (not LAB).
  const codigos = deLaSala?.codigosDicom ?? []
  // Another modality of a new sala: its own usual code, not the last one's choice.
  useEffect(() => {
    if (!sala) setValue('modalidadDicom', '')
  }, [modalidad, sala, setValue])

  const enviar = async (v: Valores) => {
    setFallo(null)
    try {
      if (!sala) return onGuardada(await crearSala(nueva(v)))
      const c = cambio(v, sala)
      onGuardada(Object.keys(c).length ? await cambiarSala(sala.id, c) : sala)
    } catch (err) {
      const resto = erroresDelServidor(err, setError, ubicar(v.dias))
      if (resto) setFallo(`No se pudo guardar la sala: ${resto}`)
    }
  }

  const e = (k: keyof Valores) => errors[k]?.message
  const px = editada ? 'es' : 'ns'
  const titulo = sala ? `Editar sala ${sala.nombre} (${sala.sede})` : 'Nueva sala'
  return (
    <FormularioCatalogo
      id={px}
      titulo={titulo}
      fallo={fallo}
      onSubmit={handleSubmit(enviar)}
      onCancelar={onCancelar}
      enviando={isSubmitting}
      enviar={editada ? 'Guardar cambios' : 'Crear sala'}
    >
      <div className="form-grid">
        {sala ? (
          <>
            <Field id={`${px}-sede`} label="Sede">
              <input id={`${px}-sede`} className="input" readOnly value={sala.sede} />
            </Field>
            <Field id={`${px}-modalidad`} label="Modalidad" hint={FIJAS}>
              <input
                className="input"
                readOnly
                {...describe(`${px}-modalidad`, undefined, FIJAS)}
                value={deLaSala?.etiqueta ?? sala.modalidad}
              />
            </Field>
          </>
        ) : (
          <>
            <Field id={`${px}-sede`} label="Sede" required error={e('sede')}>
              <select
                className="select"
                autoFocus
                {...describe(`${px}-sede`, e('sede'))}
                {...register('sede')}
              >
                <option value="">Elija una sede</option>
                {sedes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${px}-modalidad`} label="Modalidad" required error={e('modalidad')}>
              <select
                className="select"
                {...describe(`${px}-modalidad`, e('modalidad'))}
                {...register('modalidad')}
              >
                <option value="">Elija una modalidad</option>
                {modalidades.map((m) => (
                  <option key={m.valor} value={m.valor}>
                    {m.etiqueta}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        <Field id={`${px}-nombre`} label="Nombre" required error={e('nombre')}>
          <input
            className="input"
            autoComplete="off"
            maxLength={60}
            autoFocus={editada}
            {...describe(`${px}-nombre`, e('nombre'))}
            {...register('nombre')}
          />
        </Field>
        <Field id={`${px}-ae`} label="AE title" hint={AYUDA_AE} error={e('aeTitle')}>
          <input
            className="input mono"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            {...describe(`${px}-ae`, e('aeTitle'), AYUDA_AE)}
            {...register('aeTitle')}
          />
        </Field>
        <Field
          id={`${px}-direccion`}
          label="Dirección DICOM"
          hint={AYUDA_DIRECCION}
          error={e('direccion')}
        >
          <input
            className="input mono"
            autoComplete="off"
            spellCheck={false}
            maxLength={255}
            {...describe(`${px}-direccion`, e('direccion'), AYUDA_DIRECCION)}
            {...register('direccion')}
          />
        </Field>
        {codigos.length > 0 && (
          <>
            <Field
              id={`${px}-codigo`}
              label="Código DICOM"
              hint={AYUDA_CODIGO}
              error={e('modalidadDicom')}
            >
              <select
                className="select"
                {...describe(`${px}-codigo`, e('modalidadDicom'), AYUDA_CODIGO)}
                {...register('modalidadDicom')}
              >
                {codigos.map((c, i) => (
                  <option key={c} value={i === 0 ? '' : c}>
                    {i === 0 ? `${c} (habitual)` : c}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id={`${px}-juego`}
              label="Caracteres"
              hint={AYUDA_JUEGO}
              error={e('juegoCaracteres')}
            >
              <select
                className="select"
                {...describe(`${px}-juego`, e('juegoCaracteres'), AYUDA_JUEGO)}
                {...register('juegoCaracteres')}
              >
                {JUEGOS_CARACTERES.map((j) => (
                  <option key={j} value={j}>
                    {JUEGO_ETIQUETA[j]}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {editada && <CasillaActivo registro={register('activa')} etiqueta="Activa" />}
      </div>
      <HorarioEditor
        id={`${px}-horario`}
        dias={dias}
        registrar={(c) => register(c)}
        onDias={(d) => setValue('dias', d, { shouldDirty: true })}
        error={errors.dias?.message}
      />
    </FormularioCatalogo>
  )
}
