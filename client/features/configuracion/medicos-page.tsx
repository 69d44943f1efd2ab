// Configuración › Médicos solicitantes (docs/producto.md#médicos-solicitantes): the physicians who
// order studies, searched by surname, name or CMP (the active first); a new one, «Editar» of each,
// and «Desactivar»/«Activar», asked first. A physician is never deleted: atenciones name them.
import { useCallback, useEffect, useState } from 'react'
import type { MedicoSolicitante } from '../../../shared/medico-solicitante.js'
import { LIMITE_MEDICOS } from '../../../shared/medicos-solicitantes.js'
import { mensajeDe } from '../../api.js'
import { buscarMedicos, cambiarMedico } from '../../components/medico-solicitante/medicos-api.js'
import { useTitle } from '../../components/use-title.js'
import { Aviso, type AvisoSeccion } from './estado-seccion.js'
import { MedicoForm } from './medico-form.js'
import { BotonActivo, EstadoActivo, PreguntaActivo, TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

/** The pause after a key before the list is asked again. */
const PAUSA_MS = 250

const nombreDe = (m: MedicoSolicitante) => `${m.apellidos}, ${m.nombres}`

export default function MedicosPage() {
  useTitle('Médicos solicitantes')
  const [texto, setTexto] = useState('')
  const [consulta, setConsulta] = useState('')
  useEffect(() => {
    const espera = setTimeout(() => setConsulta(texto.trim()), PAUSA_MS)
    return () => clearTimeout(espera)
  }, [texto])
  const leer = useCallback(
    (signal?: AbortSignal) => buscarMedicos(consulta, LIMITE_MEDICOS.maximo, signal),
    [consulta],
  )
  const { lista, error, recargar } = useLista(leer, 'No se pudieron cargar los médicos')
  const [aviso, setAviso] = useState<AvisoSeccion | null>(null)
  /** The form open: a new physician, or the one being corrected. */
  const [abierto, setAbierto] = useState<MedicoSolicitante | 'nuevo' | null>(null)
  const [pregunta, setPregunta] = useState<MedicoSolicitante | null>(null)
  const [ocupado, setOcupado] = useState<number | null>(null)

  const hecho = (texto: string) => {
    setAbierto(null)
    void recargar()
    setAviso({ ok: true, texto })
  }

  const cambiarEstado = async (m: MedicoSolicitante) => {
    setOcupado(m.id)
    setAviso(null)
    try {
      const n = await cambiarMedico(m.id, { activo: !m.activo })
      hecho(
        n.activo
          ? `${nombreDe(n)} está activo de nuevo: se puede elegir en las atenciones.`
          : `${nombreDe(n)} quedó desactivado.`,
      )
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar el médico') })
    } finally {
      setOcupado(null)
    }
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {abierto && (
        <MedicoForm
          key={abierto === 'nuevo' ? 'nuevo' : abierto.id}
          medico={abierto === 'nuevo' ? undefined : abierto}
          onCancelar={() => setAbierto(null)}
          onGuardado={(m) =>
            hecho(
              abierto === 'nuevo'
                ? `${nombreDe(m)} (CMP ${m.cmp}) agregado.`
                : `${nombreDe(m)} guardado.`,
            )
          }
        />
      )}
      <TablaCatalogo
        id="medicos"
        titulo="Médicos solicitantes"
        filtros={
          <div className="catalogo__filtro catalogo__busqueda">
            <label htmlFor="medicos-buscar">Buscar</label>
            <input
              id="medicos-buscar"
              className="input"
              type="search"
              autoComplete="off"
              maxLength={100}
              placeholder="Apellido, nombre o CMP"
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
            />
          </div>
        }
        nuevo={
          abierto === 'nuevo'
            ? null
            : {
                texto: 'Nuevo médico',
                onClick: () => {
                  setAviso(null)
                  setAbierto('nuevo')
                },
              }
        }
        error={error}
        filas={lista}
        vacio={
          consulta
            ? `Ningún médico con «${consulta}».`
            : 'Aún no hay médicos solicitantes: recepción los agrega al registrar atenciones, o agréguelos aquí.'
        }
        columnas={[
          { titulo: 'Médico', celda: nombreDe },
          { titulo: 'CMP', className: 'mono nowrap', celda: (m) => m.cmp },
          {
            titulo: 'Especialidad',
            celda: (m) => m.especialidad ?? <span className="muted">—</span>,
          },
          {
            titulo: 'Contacto',
            className: 'catalogo__texto',
            celda: (m) =>
              m.correo || m.telefono ? (
                [m.correo, m.telefono].filter(Boolean).join(' · ')
              ) : (
                <span className="muted">—</span>
              ),
          },
          { titulo: 'Estado', celda: (m) => <EstadoActivo activo={m.activo} /> },
        ]}
        clave={(m) => m.id}
        testId={(m) => `medico-${m.cmp}`}
        acciones={(m) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-label={`Editar a ${nombreDe(m)} (CMP ${m.cmp})`}
              onClick={() => {
                setAviso(null)
                setAbierto(m)
              }}
            >
              Editar
            </button>
            <BotonActivo
              que={`a ${nombreDe(m)} (CMP ${m.cmp})`}
              activo={m.activo}
              ocupado={ocupado === m.id}
              clase="btn--ghost"
              onClick={() => setPregunta(m)}
            />
          </>
        )}
      />
      {lista?.length === LIMITE_MEDICOS.maximo && (
        <p className="muted catalogo__nota">
          Se muestran los primeros {LIMITE_MEDICOS.maximo}: escriba para acotar la búsqueda.
        </p>
      )}
      {pregunta && (
        <PreguntaActivo
          id="confirmar-medico"
          que={`a ${nombreDe(pregunta)}`}
          activar={!pregunta.activo}
          efecto={
            pregunta.activo
              ? 'Las atenciones que ya lo nombran lo conservan, y sus documentos firmados no cambian, pero no podrá elegirse para atenciones nuevas.'
              : 'Podrá elegirse de nuevo como médico solicitante de las atenciones.'
          }
          onVolver={() => setPregunta(null)}
          onConfirmar={() => {
            setPregunta(null)
            void cambiarEstado(pregunta)
          }}
        />
      )}
    </>
  )
}
