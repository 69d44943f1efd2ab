// The DICOM cases: a modality's C-FIND for its day (a whole association each time, as equipment
// asks), and the HTTP p99 of other requests while C-FINDs of about 1,000 items are answered.
import { hoyEn } from '../shared/edad.js'
import { llamarDicom, peticion } from '../server/dicom/dimse.js'
import { MAXIMO_ITEMS } from '../server/queries/worklist.js'
import { medir, percentil, redondear, type Medida } from './measure.js'
import type { Servidor } from './server.js'

export const AE_BANCO = 'BANCO_RX'

/** The DICOM port the bench's server listens on (loopback only). */
export const ENV_DICOM = { DICOM_PORT: '11112', DICOM_HOST: '127.0.0.1' }

/** Registers the first active RX sala as this machine's equipment; its id. */
export async function registrarEquipo(s: Servidor): Promise<number> {
  const salas = (await (
    await fetch(`${s.url}/configuracion/salas`, { headers: s.headers })
  ).json()) as {
    id: number
    modalidad: string
    activa: boolean
    aeTitle: string | null
  }[]
  const sala = salas.find((x) => x.modalidad === 'RX' && x.activa)!
  const res = await fetch(`${s.url}/configuracion/salas/${sala.id}`, {
    method: 'PATCH',
    headers: s.headers,
    body: JSON.stringify({ aeTitle: AE_BANCO, direccion: '127.0.0.1' }),
  })
  if (res.status !== 200) throw new Error(`PATCH sala: ${res.status} ${await res.text()}`)
  return sala.id
}

const llamar = (consulta: Record<string, unknown>) =>
  llamarDicom(
    {
      host: '127.0.0.1',
      port: Number(ENV_DICOM.DICOM_PORT),
      llamante: AE_BANCO,
      llamado: 'CLINICA',
    },
    peticion.worklist(consulta),
  )

const consulta = (paso: Record<string, unknown>) => ({
  SpecificCharacterSet: 'ISO_IR 192',
  PatientName: '',
  PatientID: '',
  PatientBirthDate: '',
  PatientSex: '',
  AccessionNumber: '',
  StudyInstanceUID: '',
  RequestedProcedureDescription: '',
  ScheduledProcedureStepSequence: [
    {
      Modality: '',
      ScheduledStationAETitle: '',
      ScheduledProcedureStepStartDate: '',
      ScheduledProcedureStepStartTime: '',
      ScheduledProcedureStepDescription: '',
      ScheduledProcedureStepID: '',
      ...paso,
    },
  ],
})

/** Calls `una` one after another for at most `segundos` or `n` calls; every latency kept. */
async function secuencial(
  una: () => Promise<{ estado: number; items: unknown[] }>,
  n: number,
  segundos: number,
  continuar: () => boolean = () => true,
): Promise<Medida & { items: number }> {
  const latencias: number[] = []
  let errores = 0
  let items = 0
  const inicio = performance.now()
  while (continuar() && latencias.length < n && performance.now() - inicio < segundos * 1000) {
    const t = performance.now()
    const r = await una()
    latencias.push(performance.now() - t)
    if (r.estado !== 0) errores += 1
    items += r.items.length
  }
  const seg = (performance.now() - inicio) / 1000
  latencias.sort((a, b) => a - b)
  return {
    solicitudes: latencias.length,
    segundos: redondear(seg),
    rps: redondear(latencias.length / seg),
    p50: redondear(percentil(latencias, 50)),
    p90: redondear(percentil(latencias, 90)),
    p99: redondear(percentil(latencias, 99)),
    max: redondear(latencias[latencias.length - 1] ?? NaN),
    errores,
    no2xx: 0,
    estados: {},
    items: redondear(items / Math.max(1, latencias.length)),
  }
}

/** A modality's question: its modality, its AE title, today (CLINIC_TZ of the bench: Lima). */
export function medirWorklistDia(n: number, segundos: number) {
  const hoy = hoyEn('America/Lima').replaceAll('-', '')
  return secuencial(
    () =>
      llamar(
        consulta({
          Modality: 'DX',
          ScheduledStationAETitle: AE_BANCO,
          ScheduledProcedureStepStartDate: hoy,
        }),
      ),
    n,
    segundos,
  )
}

/** The widest day range around today whose answer stays within MAXIMO_ITEMS, near 1,000 items. */
async function consultaGrande(): Promise<{ consulta: Record<string, unknown>; items: number }> {
  const hoy = new Date(`${hoyEn('America/Lima')}T12:00:00Z`)
  const dia = (d: number) =>
    new Date(hoy.getTime() + d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')
  let mejor = { consulta: consulta({}), items: 0 }
  for (const dias of [0, 1, 2, 4, 8, 16, 32, 64]) {
    const q = consulta({ ScheduledProcedureStepStartDate: `${dia(-dias)}-${dia(dias)}` })
    const r = await llamar(q)
    if (r.estado !== 0) break
    mejor = { consulta: q, items: r.items.length }
    if (r.items.length >= 1000 || r.items.length >= MAXIMO_ITEMS) break
  }
  return mejor
}

/**
 * GET /pacientes/:id's latencies alone, then while one client after another asks the large C-FIND;
 * both with the same load, so the difference is what the C-FINDs cost the web app.
 */
export async function medirHttpConWorklist(
  s: Servidor,
  rutas: string[],
  segundos: number,
): Promise<{ sin: Medida; con: Medida; items: number; cfind: Medida }> {
  const grande = await consultaGrande()
  let i = 0
  const carga = () =>
    medir({
      url: s.url,
      siguiente: () => ({ method: 'GET', path: rutas[i++ % rutas.length]! }),
      conexiones: 4,
      maxSolicitudes: 1_000_000,
      maxSegundos: segundos,
      headers: { cookie: s.headers.cookie! },
    })
  const sin = await carga()
  let seguir = true
  const fondo = secuencial(
    () => llamar(grande.consulta),
    1_000_000,
    segundos + 5,
    () => seguir,
  )
  const con = await carga()
  seguir = false
  const cfind = await fondo
  return { sin, con, items: grande.items, cfind }
}
