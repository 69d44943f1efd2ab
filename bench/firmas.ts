// The informe's cases (docs/presupuestos.md#informes): opening a study with its priors, and
// signing. A médico of the bench's own signs `firmas` informes (1000, --firmas) of new chest X-rays
// at the bench's sede, `conexiones` at once: each signature checks the password again (argon2),
// freezes the content, renders and stores the PDF with its SHA-256 and takes the atención to
// Informado. Held to at least PRESUPUESTO_FIRMAS_RPS a second, with the server's resident memory
// flat: what it holds after the last may exceed what it held after the first hundred by
// CRECIMIENTO_MAXIMO_MB at most (the allocator's arenas and V8's heap settle over the first
// thousands; a leak of 50 KB a signature, a PDF kept, passes it).
import type { Muestras } from './cases.js'
import { enParalelo, exigir, MEDICO, pedir, sesionDe } from './cuentas.js'
import { medidaDe, redondear, type Medida } from './measure.js'
import type { Servidor } from './server.js'
import { crearSedePrueba, SEDE_PRUEBA } from './visitas.js'

export const PRESUPUESTO_FIRMAS_RPS = 20
export const CRECIMIENTO_MAXIMO_MB = 50

/**
 * «Opening a study»: the informe and what the editor shows beside it (the patient's priors, the
 * phrases, the viewer link), for informes of sampled patients who have earlier reports.
 */
export async function rutasAbrirInforme(s: Servidor, m: Muestras): Promise<string[]> {
  const rutas: string[] = []
  for (const p of m.pacientes.slice(0, 400)) {
    const atenciones = (await (await pedir(s, 'GET', `/pacientes/${p.id}/informes`)).json()) as {
      versiones: { id: number }[]
    }[]
    if (atenciones.length < 2) continue
    for (const a of atenciones)
      rutas.push(`/informes/${a.versiones[0]!.id}`, `/informes/${a.versiones[0]!.id}/contexto`)
  }
  if (rutas.length === 0) throw new Error('Ningún paciente de la muestra tiene informes anteriores')
  return rutas
}

export interface ResultadoFirmas {
  medida: Medida
  rss: { antesMb: number; trasCienMb: number; maxMb: number; despuesMb: number }
  /** The server's resident memory after each hundred signatures, in MB. */
  cadaCien: number[]
}

export async function medirFirmas(
  s: Servidor,
  m: Muestras,
  conexiones: number,
  firmas: number,
): Promise<ResultadoFirmas> {
  await crearSedePrueba(s)
  const medico = await sesionDe(s, MEDICO)

  // The studies to sign: chest X-rays completed now, each with the draft its template begins.
  const informes: number[] = []
  await enParalelo(firmas, 4, async (i) => {
    const p = m.pacientes[i % m.pacientes.length]!
    const a = await exigir(
      await pedir(s, 'POST', `/pacientes/${p.id}/atenciones`, {
        sede: SEDE_PRUEBA,
        modalidad: 'RX',
        estudios: [{ nombre: 'Tórax PA' }],
        prioridad: 'Rutina',
      }),
      'Registrar la atención',
    )
    for (const estado of ['En proceso', 'Completado'])
      await exigir(await pedir(s, 'PATCH', `/atenciones/${a.id}`, { estado }), estado)
    const f = await exigir(
      await pedir(s, 'POST', `/atenciones/${a.id}/informe`, undefined, medico),
      'Abrir el informe',
    )
    informes.push(f.id as number)
  })

  const latencias: number[] = []
  const estados: Record<string, number> = {}
  const antesMb = s.rssMb()
  let trasCienMb = antesMb
  let maxMb = antesMb
  const muestras: number[] = []
  const inicio = performance.now()
  await enParalelo(informes.length, conexiones, async (i) => {
    const t = performance.now()
    const res = await pedir(
      s,
      'POST',
      `/informes/${informes[i]}/firmar`,
      { contrasena: MEDICO.contrasena },
      medico,
    )
    await res.arrayBuffer()
    latencias.push(performance.now() - t)
    estados[res.status] = (estados[res.status] ?? 0) + 1
    const rss = s.rssMb()
    maxMb = Math.max(maxMb, rss)
    if (latencias.length === 100) trasCienMb = rss
    if (latencias.length % 100 === 0) muestras.push(redondear(rss))
  })
  const segundos = (performance.now() - inicio) / 1000
  return {
    medida: medidaDe(latencias, segundos, estados),
    rss: {
      antesMb: redondear(antesMb),
      trasCienMb: redondear(trasCienMb),
      maxMb: redondear(maxMb),
      despuesMb: redondear(s.rssMb()),
    },
    cadaCien: muestras,
  }
}
