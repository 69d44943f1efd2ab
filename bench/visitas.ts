// The visit of several modalities and its ticket (docs/presupuestos.md#visita-y-ticket): what the
// desk registers with the patient in front, and what it prints right after.
import type { Muestras } from './cases.js'
import type { Servidor } from './server.js'

/** The sede the bench's own writes go to, apart from the demo's: created once, then reused. */
export const SEDE_PRUEBA = 'Prueba de rendimiento'

export async function crearSedePrueba(s: Servidor): Promise<void> {
  const sede = await fetch(`${s.url}/configuracion/sedes`, {
    method: 'POST',
    headers: s.headers,
    body: JSON.stringify({ nombre: SEDE_PRUEBA }),
  })
  // 409: an earlier run made it.
  if (sede.status !== 201 && sede.status !== 409)
    throw new Error(`No se pudo crear la sede de la prueba: ${sede.status}`)
}

/** The day before `hoy`: arrivals that have happened, out of today's worklist. */
function ayer(hoy: string): string {
  const d = new Date(`${hoy}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}

/**
 * Visits of an X-ray and two lab tests for the sampled patients, at the bench's sede yesterday;
 * and the tickets to read: those of 50 visits registered here on the seed's full day (diaLleno)
 * at its busiest sede. Their turno was taken when they were registered (migration 0079), so a
 * full day costs their ticket nothing; the first of them starts that day's counter after the
 * seed's atenciones, which have none (they count as tickets did before, over the whole day).
 */
export async function preparaVisitas(s: Servidor, m: Muestras, sedeDelDia: string) {
  await crearSedePrueba(s)
  const fecha = ayer(m.hoy)
  let n = 0
  const cuerpo = (sede: string, fechaLlegada: string) => {
    const p = m.pacientes[n++ % m.pacientes.length]!
    return {
      path: `/pacientes/${p.id}/visitas`,
      body: JSON.stringify({
        sede,
        fechaLlegada,
        horaLlegada: '10:00',
        atenciones: [
          { modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }] },
          { modalidad: 'LAB', estudios: [{ nombre: 'Glucosa' }, { nombre: 'Hemograma completo' }] },
        ],
      }),
    }
  }
  const visita = () => ({ method: 'POST', ...cuerpo(SEDE_PRUEBA, fecha) })
  const ids: number[] = []
  for (let i = 0; i < 50; i++) {
    const { path, body } = cuerpo(sedeDelDia, m.diaLleno)
    const res = await fetch(`${s.url}${path}`, { method: 'POST', headers: s.headers, body })
    if (res.status !== 201) throw new Error(`No se pudo registrar la visita: ${res.status}`)
    ids.push(
      ...((await res.json()) as { atenciones: { id: number }[] }).atenciones.map((a) => a.id),
    )
  }
  return { visita, tickets: ids.map((id) => `/atenciones/${id}/ticket`) }
}
