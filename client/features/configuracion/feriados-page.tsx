// Configuración › Feriados (docs/producto.md#feriados): the year's days the salas take no citas,
// Peru's national ones and the clinic's own; a clinic that works one says so («Atender»), one of
// its own can be removed, and a new one closes every sede or one.
import { useCallback, useState } from 'react'
import type { Feriado } from '../../../shared/feriados.js'
import { mensajeDe } from '../../api.js'
import { fecha } from '../../components/format.js'
import { useTitle } from '../../components/use-title.js'
import { hoyClinica } from '../../lib/hoy.js'
import { Aviso } from './estado-seccion.js'
import { borrarFeriado, cambiarFeriado, listarFeriados } from './feriados-api.js'
import { NuevoFeriadoForm } from './nuevo-feriado-form.js'
import { TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

type Aviso = { ok: boolean; texto: string }

const DIAS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']
const diaDeLaSemana = (iso: string) => DIAS[new Date(`${iso}T00:00:00Z`).getUTCDay()]!
const cuando = (f: Feriado) => `${f.nombre} del ${fecha(f.fecha)}`

export default function FeriadosPage() {
  useTitle('Feriados')
  const esteAnio = Number(hoyClinica().slice(0, 4))
  const [anio, setAnio] = useState(esteAnio)
  const leer = useCallback((signal?: AbortSignal) => listarFeriados(anio, signal), [anio])
  const { lista, error, recargar } = useLista(leer, 'No se pudieron cargar los feriados')
  const [aviso, setAviso] = useState<Aviso | null>(null)
  const [creando, setCreando] = useState(false)
  const [ocupado, setOcupado] = useState<number | null>(null)

  const hacer = async (f: Feriado, trabajo: () => Promise<unknown>, hecho: string) => {
    setOcupado(f.id)
    setAviso(null)
    try {
      await trabajo()
      await recargar()
      setAviso({ ok: true, texto: hecho })
    } catch (err) {
      setAviso({ ok: false, texto: mensajeDe(err, 'No se pudo cambiar el feriado') })
    } finally {
      setOcupado(null)
    }
  }

  return (
    <>
      <Aviso aviso={aviso} />
      {creando && (
        <NuevoFeriadoForm
          onCancelar={() => setCreando(false)}
          onCreado={(f) => {
            setCreando(false)
            setAnio(Number(f.fecha.slice(0, 4)))
            void recargar()
            setAviso({ ok: true, texto: `Feriado agregado: ${cuando(f)}.` })
          }}
        />
      )}
      <TablaCatalogo
        id="feriados"
        titulo="Feriados"
        filtros={
          <label className="catalogo__filtro">
            <span>Año</span>
            <select
              className="select"
              value={anio}
              onChange={(e) => setAnio(Number(e.target.value))}
            >
              {[esteAnio - 1, esteAnio, esteAnio + 1].map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
        }
        nuevo={
          creando
            ? null
            : {
                texto: 'Nuevo feriado',
                onClick: () => {
                  setAviso(null)
                  setCreando(true)
                },
              }
        }
        error={error}
        filas={lista}
        vacio="Sin feriados este año."
        columnas={[
          { titulo: 'Fecha', celda: (f) => `${diaDeLaSemana(f.fecha)} ${fecha(f.fecha)}` },
          { titulo: 'Nombre', celda: (f) => f.nombre },
          { titulo: 'Sede', celda: (f) => f.sede ?? 'Todas' },
          { titulo: 'Tipo', celda: (f) => (f.nacional ? 'Nacional' : 'De la clínica') },
          {
            titulo: 'Citas',
            // Closed is the feriado's normal state, not a cancelled one: no strike-through.
            celda: (f) => (
              <span className={f.atiende ? 'badge badge--done' : 'badge badge--wait'}>
                {f.atiende ? 'Atiende' : 'Cerrado'}
              </span>
            ),
          },
        ]}
        clave={(f) => f.id}
        testId={(f) => `feriado-${f.fecha}-${f.sede ?? 'todas'}`}
        acciones={(f) => (
          <>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={ocupado === f.id}
              aria-label={`${f.atiende ? 'Cerrar' : 'Atender'} el feriado ${cuando(f)}`}
              onClick={() =>
                void hacer(
                  f,
                  () => cambiarFeriado(f.id, !f.atiende),
                  f.atiende
                    ? `${cuando(f)}: las salas no atienden citas.`
                    : `${cuando(f)}: la clínica atiende, con el horario de cada sala.`,
                )
              }
            >
              {f.atiende ? 'Cerrar' : 'Atender'}
            </button>
            {!f.nacional && (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={ocupado === f.id}
                aria-label={`Quitar el feriado ${cuando(f)}`}
                onClick={() =>
                  void hacer(f, () => borrarFeriado(f.id), `Feriado quitado: ${cuando(f)}.`)
                }
              >
                Quitar
              </button>
            )}
          </>
        )}
      />
    </>
  )
}
