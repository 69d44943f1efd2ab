// Configuración › Respaldos (README, «Operación»): whether the clinic's data is being backed up.
// The last backup's time, size and result come first, a failed one as an error, never hidden;
// then the schedule and the recent ones.
import { useCallback } from 'react'
import type { EstadoRespaldos, Respaldo } from '../../../shared/respaldos.js'
import { fechaHora, numero } from '../../components/format.js'
import { IconAlert, IconCheck } from '../../components/icons.js'
import { useTitle } from '../../components/use-title.js'
import { estadoRespaldos } from './respaldos-api.js'
import { TablaCatalogo } from './tabla-catalogo.js'
import { useLista } from './use-lista.js'

const tamano = (bytes: number | null) =>
  bytes === null
    ? '—'
    : bytes < 1024 * 1024
      ? `${numero(Math.max(1, Math.round(bytes / 1024)))} KB`
      : `${numero(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`

const ORIGEN: Record<Respaldo['origen'], string> = { diario: 'Diario', manual: 'A pedido' }

function Ultimo({ estado }: { estado: EstadoRespaldos }) {
  const r = estado.recientes[0]
  if (!r)
    return (
      <p className="alert alert--error" role="alert">
        <IconAlert />
        <span>
          Aún no hay ningún respaldo.{' '}
          {estado.diario
            ? `El primero se toma hoy después de las ${estado.diario.hora}.`
            : 'Tome uno con «npm run respaldo» (README, «Operación»).'}
        </span>
      </p>
    )
  if (r.error)
    return (
      <p className="alert alert--error" role="alert">
        <IconAlert />
        <span>
          El último respaldo ({fechaHora(r.inicio)}) falló: {r.error}
        </span>
      </p>
    )
  return (
    <p className="alert alert--success" role="status">
      <IconCheck />
      <span>
        Último respaldo: {fechaHora(r.inicio)}, {tamano(r.bytes)}, {r.archivo}.
      </span>
    </p>
  )
}

export default function RespaldosPage() {
  useTitle('Respaldos')
  const leer = useCallback(async (signal?: AbortSignal) => [await estadoRespaldos(signal)], [])
  const { lista, error } = useLista(leer, 'No se pudo leer el estado de los respaldos')
  const estado = lista?.[0] ?? null

  return (
    <>
      {estado && (
        <section className="card" aria-labelledby="respaldos-estado">
          <header className="card__header">
            <h2 id="respaldos-estado">Respaldos</h2>
          </header>
          <div className="card__body">
            <Ultimo estado={estado} />
            <p className="respaldos__como">
              {estado.diario
                ? `La base embebida se respalda sola cada día después de las ${estado.diario.hora} (hora de la clínica) en ${estado.diario.directorio}; se conservan los últimos ${estado.diario.conservar}.`
                : estado.casa === 'embebida'
                  ? 'El respaldo diario está apagado (RESPALDO_HORA=no): programe «npm run respaldo».'
                  : 'Con PostgreSQL, programe «npm run respaldo» (por ejemplo, con cron) o use las herramientas de su servidor.'}{' '}
              Copie los respaldos fuera de este equipo: un respaldo en el mismo disco no sobrevive a
              ese disco.
            </p>
          </div>
        </section>
      )}
      <TablaCatalogo<Respaldo>
        id="respaldos"
        titulo="Últimos respaldos"
        nuevo={null}
        error={error}
        filas={estado?.recientes ?? null}
        vacio="Ningún respaldo todavía."
        columnas={[
          { titulo: 'Fecha', celda: (r) => fechaHora(r.inicio) },
          { titulo: 'Origen', celda: (r) => ORIGEN[r.origen] },
          { titulo: 'Archivo', celda: (r) => r.archivo ?? '—' },
          { titulo: 'Tamaño', celda: (r) => tamano(r.bytes) },
          {
            titulo: 'Resultado',
            celda: (r) =>
              r.error ? (
                <>
                  <span className="badge badge--urgent">Falló</span>
                  <span className="respaldos__error small">{r.error}</span>
                </>
              ) : (
                <span className="badge badge--done">Correcto</span>
              ),
          },
        ]}
        clave={(r) => r.inicio}
        testId={(r) => `respaldo-${r.inicio}`}
      />
    </>
  )
}
