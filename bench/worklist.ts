// The DICOM cases: a modality's C-FIND for its day (a whole association each time, as equipment
// asks), and the HTTP p99 of other requests while C-FINDs of about 1,000 items are answered.
import { Worker } from 'node:worker_threads'
import { MAXIMO_ITEMS } from '../server/queries/worklist.js'
import { hoyEn } from '../shared/edad.js'
import { medir, type Medida } from './measure.js'
import type { Servidor } from './server.js'
import { AE_BANCO, ENV_DICOM, type Orden, type Resultado } from './worklist-cliente.js'

export { AE_BANCO, ENV_DICOM }

/**
 * Registers the first active RX sala as this machine's equipment, answered in `juego` (an old
 * modality's Latin-1, or UTF-8); its id.
 */
export async function registrarEquipo(
  s: Servidor,
  juego: 'ISO_IR 192' | 'ISO_IR 100' = 'ISO_IR 192',
): Promise<number> {
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
    body: JSON.stringify({ aeTitle: AE_BANCO, direccion: '127.0.0.1', juegoCaracteres: juego }),
  })
  if (res.status !== 200) throw new Error(`PATCH sala: ${res.status} ${await res.text()}`)
  return sala.id
}

/** The C-FIND client in its own thread (worklist-cliente.ts); one per measurement. */
function clienteDicom() {
  const hilo = new Worker(new URL('./worklist-cliente.ts', import.meta.url))
  const pedir = <T extends Resultado>(orden: Orden) =>
    new Promise<T>((resolve, reject) => {
      const fallo = (err: Error) => reject(err)
      hilo.once('error', fallo)
      hilo.once('message', (m: { ok?: T; error?: string }) => {
        hilo.off('error', fallo)
        if (m.ok) resolve(m.ok)
        else reject(new Error(m.error))
      })
      hilo.postMessage(orden)
    })
  return {
    una: (consulta: Record<string, unknown>) =>
      pedir<{ estado: number; items: number }>({ tipo: 'una', consulta }),
    serie: (consulta: Record<string, unknown>, n: number, segundos: number) =>
      pedir<Medida & { items: number }>({ tipo: 'serie', consulta, n, segundos }),
    parar: () => hilo.postMessage({ tipo: 'parar' } satisfies Orden),
    cerrar: () => hilo.terminate(),
  }
}

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

/** 'YYYYMMDD' of the clinic day `d` days from today (CLINIC_TZ of the bench: Lima). */
function diaDicom(d: number): string {
  const hoy = new Date(`${hoyEn('America/Lima')}T12:00:00Z`)
  return new Date(hoy.getTime() + d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')
}

/**
 * A modality's question: its modality, its AE title, its day. Today, unless the generated data
 * leave the sala's today empty or past the answer's limit (the seed books citas from tomorrow and
 * a million-patient history piles thousands of arrivals on today): then the first of the next days
 * with a book of the sala's own.
 */
export async function medirWorklistDia(n: number, segundos: number) {
  const cliente = clienteDicom()
  const delDia = (dia: string) =>
    consulta({
      Modality: 'DX',
      ScheduledStationAETitle: AE_BANCO,
      ScheduledProcedureStepStartDate: dia,
    })
  try {
    let elegida = delDia(diaDicom(0))
    for (let d = 0; d <= 7; d += 1) {
      const r = await cliente.una(delDia(diaDicom(d)))
      if (r.estado === 0 && r.items > 0) {
        elegida = delDia(diaDicom(d))
        break
      }
    }
    return await cliente.serie(elegida, n, segundos)
  } finally {
    await cliente.cerrar()
  }
}

/** Days probed on each side of today for the large C-FIND. */
const DIAS_ALREDEDOR = 7
const OBJETIVO = 1000

/**
 * A question of about 1,000 items that is not refused, whatever the day the bench runs: the
 * generated data leave some days empty (a Sunday, the seed's today) and pile past the answer's
 * limit on others. Each day from a week before today to a week after is asked alone; the answer
 * is the run of consecutive days, none refused, whose items come closest to 1,000 without
 * passing the limit. When no run reaches 1,000 and a day was refused, the widest span of that
 * day's hours from midnight that is not refused is tried too.
 */
async function consultaGrande(
  cliente: ReturnType<typeof clienteDicom>,
): Promise<{ consulta: Record<string, unknown>; items: number }> {
  const dias: { dia: string; items: number | null }[] = []
  for (let d = -DIAS_ALREDEDOR; d <= DIAS_ALREDEDOR; d += 1) {
    const dia = diaDicom(d)
    const r = await cliente.una(consulta({ ScheduledProcedureStepStartDate: dia }))
    dias.push({ dia, items: r.estado === 0 ? r.items : null })
  }
  // Closer to 1,000 from below first, then the fewest items past it.
  const mejorQue = (a: number, b: number) =>
    Math.min(a, OBJETIVO) !== Math.min(b, OBJETIVO) ? a > b : a < b
  let mejor = { consulta: consulta({}), items: 0 }
  for (let i = 0; i < dias.length; i += 1) {
    let suma = 0
    for (let j = i; j < dias.length && dias[j]!.items !== null; j += 1) {
      suma += dias[j]!.items!
      if (suma > MAXIMO_ITEMS) break
      if (mejorQue(suma, mejor.items))
        mejor = {
          consulta: consulta({
            ScheduledProcedureStepStartDate: `${dias[i]!.dia}-${dias[j]!.dia}`,
          }),
          items: suma,
        }
    }
  }
  // The refused day nearest today.
  const lleno = dias
    .map((d, i) => ({ ...d, lejos: Math.abs(i - DIAS_ALREDEDOR) }))
    .filter((d) => d.items === null)
    .sort((a, b) => a.lejos - b.lejos)[0]
  if (mejor.items < OBJETIVO && lleno)
    for (let hora = 1; hora <= 23; hora += 1) {
      const q = consulta({
        ScheduledProcedureStepStartDate: lleno.dia,
        ScheduledProcedureStepStartTime: `000000-${String(hora).padStart(2, '0')}0000`,
      })
      const r = await cliente.una(q)
      if (r.estado !== 0) break
      if (mejorQue(r.items, mejor.items)) mejor = { consulta: q, items: r.items }
      if (r.items >= OBJETIVO) break
    }
  // The days' items add up; asked again as one question, to report what the case really asks.
  if (mejor.items > 0) {
    const r = await cliente.una(mejor.consulta)
    if (r.estado !== 0) throw new Error(`C-FIND grande rechazado (estado ${r.estado})`)
    mejor.items = r.items
  }
  if (mejor.items === 0)
    throw new Error('Ningún día de las dos semanas tiene ítems en la lista de trabajo')
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
  const cliente = clienteDicom()
  try {
    const grande = await consultaGrande(cliente)
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
    const fondo = cliente.serie(grande.consulta, 1_000_000, segundos + 5)
    const con = await carga()
    cliente.parar()
    const cfind = await fondo
    return { sin, con, items: grande.items, cfind }
  } finally {
    await cliente.cerrar()
  }
}
