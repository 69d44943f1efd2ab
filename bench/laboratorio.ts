// The laboratory's cases (docs/presupuestos.md#laboratorio). A tecnólogo of the bench's own lists
// and receives the tubes of new hemogramas at the bench's sede and saves their 16 typed analitos
// (guardarHemograma: each save names the ETag the previous answer for that atención gave, and
// alternates between two sets of values, so every one writes); the day's worklist and the
// per-analito grid (HGB) of a busy past weekday at each sede (listaLaboratorio, porAnalito); and the
// result sheet's PDF of atenciones a médico validated while preparing (hojaPdf, whose validations,
// each rendering a PDF, are timed too).
import type { RequestParams } from 'autocannon'
import { SEDES } from '../shared/catalogos.js'
import type { Analito, CatalogoLaboratorio } from '../shared/laboratorio.js'
import type { Muestra } from '../shared/muestras.js'
import { cookieDe } from '../server/test/process-session.js'
import type { Muestras, PacienteMuestra } from './cases.js'
import { pedir, exigir, enParalelo, MEDICO, sesionDe } from './cuentas.js'
import { medidaDe, type Medida } from './measure.js'
import type { Servidor } from './server.js'
import { crearSedePrueba, SEDE_PRUEBA } from './visitas.js'

export const PRESUPUESTO_HOJAS_RPS = 20
/** Atenciones the save case cycles over: one comes back only after all the others. */
const ATENCIONES_GUARDADO = 200
/** Sheets the PDF case reads, each validated while preparing. */
const HOJAS = 100
export const ANALITO_POR_ANALITO = 'HGB'

const TECNOLOGO = {
  usuario: 'banco.tecnologo',
  nombre: 'Lic. T.M. Banco de Pruebas',
  rol: 'tecnologo',
  colegiatura: 'CTMP 99999',
  contrasena: 'banco-de-pruebas-tecnologo',
}

/** The hemograma's analitos a person types (the calculated ones are the server's). */
async function hemograma(s: Servidor): Promise<{ tipeados: Analito[]; hgb: Analito }> {
  const cat = (await exigir(
    await pedir(s, 'GET', '/laboratorio/analitos'),
    'Catálogo del laboratorio',
  )) as unknown as CatalogoLaboratorio
  const examen = cat.examenes.find((e) => e.codigo === 'LAB-HEMOGRAMA')
  if (!examen) throw new Error('El catálogo no tiene LAB-HEMOGRAMA')
  const porCodigo = new Map(cat.analitos.map((a) => [a.codigo, a]))
  const tipeados = examen.analitos
    .map((x) => porCodigo.get(x.codigo)!)
    .filter((a) => a.tipo === 'numero' && !a.calculo)
  const hgb = porCodigo.get(ANALITO_POR_ANALITO)
  if (!hgb) throw new Error(`El catálogo no tiene ${ANALITO_POR_ANALITO}`)
  return { tipeados, hgb }
}

/** An adult's normal value of each analito, a little up or down: two saves never write the same. */
function valores(analitos: Analito[], arriba: boolean) {
  return analitos.map((a) => {
    const r = a.rangos.find((x) => x.edadHastaDias === null) ?? a.rangos[0]!
    const min = r.normalMin ?? (r.normalMax ?? 1) / 2
    const max = r.normalMax ?? min * 1.5
    const v = min + (max - min) * (arriba ? 0.55 : 0.45)
    return { analitoId: a.id, valor: Number(v.toFixed(a.decimales ?? 0)) }
  })
}

/**
 * `n` new hemogramas of sampled patients at the bench's sede, their tube listed and received and,
 * with `tipeados`, their values saved once; with each one's ETag.
 */
async function atencionesConMuestra(
  s: Servidor,
  m: Muestras,
  tecnologo: Record<string, string>,
  n: number,
  tipeados?: Analito[],
): Promise<Map<number, string>> {
  const etags = new Map<number, string>()
  await enParalelo(n, 4, async (i) => {
    const p = m.pacientes[i % m.pacientes.length]!
    const a = await exigir(
      await pedir(s, 'POST', `/pacientes/${p.id}/atenciones`, {
        sede: SEDE_PRUEBA,
        modalidad: 'LAB',
        estudios: [{ nombre: 'Hemograma completo' }],
        prioridad: 'Rutina',
      }),
      'Registrar la atención de laboratorio',
    )
    const id = a.id as number
    const tubos = (await exigir(
      await pedir(s, 'POST', `/atenciones/${id}/muestras`, undefined, tecnologo),
      'Registrar sus muestras',
    )) as unknown as Muestra[]
    for (const t of tubos)
      await exigir(
        await pedir(s, 'POST', `/muestras/${t.codigo}/recepcion`, undefined, tecnologo),
        'Recibir la muestra',
      )
    let res = await pedir(s, 'GET', `/atenciones/${id}/resultados`, undefined, tecnologo)
    await exigir(res, 'Leer los resultados')
    if (tipeados) {
      res = await pedir(
        s,
        'PUT',
        `/atenciones/${id}/resultados`,
        { resultados: valores(tipeados, i % 2 === 0) },
        { ...tecnologo, 'if-match': res.headers.get('etag')! },
      )
      await exigir(res, 'Guardar los resultados')
    }
    etags.set(id, res.headers.get('etag')!)
  })
  return etags
}

export interface Guardado {
  siguiente: (contexto: Record<string, unknown>) => RequestParams
  alResponder: (
    estado: number,
    cabeceras: Record<string, string>,
    c: Record<string, unknown>,
  ) => void
  /** Reads every atención's ETag again (a warm-up stopped with saves in flight leaves some unread). */
  leerVersiones: () => Promise<void>
}

/** guardarHemograma: PUT of the 16 typed analitos, If-Match from the last answer for the atención. */
export async function preparaGuardado(s: Servidor, m: Muestras): Promise<Guardado> {
  await crearSedePrueba(s)
  const tecnologo = await sesionDe(s, TECNOLOGO)
  const { tipeados } = await hemograma(s)
  const etags = await atencionesConMuestra(s, m, tecnologo, ATENCIONES_GUARDADO)
  const ids = [...etags.keys()]
  const cuerpos = [true, false].map((arriba) =>
    JSON.stringify({ resultados: valores(tipeados, arriba) }),
  )
  let i = 0
  return {
    siguiente(contexto) {
      const id = ids[i % ids.length]!
      const cuerpo = cuerpos[Math.floor(i / ids.length) % 2]!
      i++
      contexto.atencion = id
      return {
        method: 'PUT',
        path: `/atenciones/${id}/resultados`,
        headers: { cookie: tecnologo.cookie!, 'if-match': etags.get(id)! },
        body: cuerpo,
      }
    },
    alResponder(_estado, cabeceras, contexto) {
      const etag = Object.entries(cabeceras).find(([k]) => k.toLowerCase() === 'etag')?.[1]
      if (etag && typeof contexto.atencion === 'number') etags.set(contexto.atencion, etag)
    },
    async leerVersiones() {
      for (const id of ids) {
        const res = await pedir(s, 'GET', `/atenciones/${id}/resultados`, undefined, tecnologo)
        await exigir(res, 'Leer los resultados')
        etags.set(id, res.headers.get('etag')!)
      }
    },
  }
}

/**
 * The busiest past weekday among the sampled LAB atenciones, at each sede: what listaLaboratorio
 * and porAnalito ask for. Not today (the seed's inflated day) nor a Saturday (the seed folds
 * Sundays into it, so it holds two days).
 */
export function diasOcupados(m: Muestras): string[] {
  const porDia = new Map<string, number>()
  for (const a of m.atenciones) {
    const semana = new Date(`${a.fecha}T00:00:00Z`).getUTCDay()
    if (a.modalidad === 'LAB' && a.fecha < m.hoy && semana >= 1 && semana <= 5)
      porDia.set(a.fecha, (porDia.get(a.fecha) ?? 0) + 1)
  }
  const [fecha] = [...porDia].reduce((x, y) => (y[1] > x[1] ? y : x), ['', 0] as [string, number])
  if (!fecha) throw new Error('La muestra no tiene atenciones de laboratorio de días pasados')
  return SEDES.map((sede) => new URLSearchParams({ fecha, sede }).toString())
}

/** Reads each route once, saying how many rows it answers: how long a list is measured. */
async function filasDe(s: Servidor, rutas: string[], filas: (cuerpo: unknown) => number) {
  const n: string[] = []
  for (const ruta of rutas) {
    const cuerpo = await exigir(await pedir(s, 'GET', ruta), ruta)
    n.push(`${decodeURIComponent(ruta.split('?')[1] ?? '')}: ${filas(cuerpo)}`)
  }
  console.log(`  ${rutas[0]!.split('?')[0]}: ${n.join('; ')} filas`)
  return rutas
}

export const rutasListaLaboratorio = (s: Servidor, m: Muestras): Promise<string[]> =>
  filasDe(
    s,
    diasOcupados(m).map((q) => `/laboratorio/lista?${q}`),
    (c) => (c as unknown[]).length,
  )

export async function rutasPorAnalito(s: Servidor, m: Muestras): Promise<string[]> {
  const { hgb } = await hemograma(s)
  return filasDe(
    s,
    diasOcupados(m).map((q) => `/laboratorio/analitos/${hgb.id}/resultados?${q}`),
    (c) => (c as { filas: unknown[] }).filas.length,
  )
}

export interface Hojas {
  rutas: string[]
  /** The patients whose sheets they are, one per sheet (accesoResultados). */
  pacientes: PacienteMuestra[]
  /** Each sheet's verification code (verificarDocumento). */
  codigos: string[]
  /** Each validation's latency (it renders and stores the sheet's PDF). */
  validacion: Medida
}

/**
 * hojaPdf and verificarDocumento: hemogramas saved by the tecnólogo and validated by the médico, 4
 * validations at once; each answer names its sheet's code.
 */
export async function preparaHojas(s: Servidor, m: Muestras, conexiones: number): Promise<Hojas> {
  await crearSedePrueba(s)
  const tecnologo = await sesionDe(s, TECNOLOGO)
  const medico = await sesionDe(s, MEDICO)
  const { tipeados } = await hemograma(s)
  const etags = [...(await atencionesConMuestra(s, m, tecnologo, HOJAS, tipeados))]
  const latencias: number[] = []
  const estados: Record<string, number> = {}
  const codigos: string[] = []
  const inicio = performance.now()
  await enParalelo(etags.length, conexiones, async (i) => {
    const [id, etag] = etags[i]!
    const t = performance.now()
    const res = await pedir(
      s,
      'POST',
      `/atenciones/${id}/resultados/validar`,
      {},
      {
        ...medico,
        'if-match': etag,
      },
    )
    const cuerpo = (await res.json()) as { hoja?: { codigo: string } | null }
    latencias.push(performance.now() - t)
    estados[res.status] = (estados[res.status] ?? 0) + 1
    if (cuerpo.hoja) codigos.push(cuerpo.hoja.codigo)
  })
  const validacion = medidaDe(latencias, (performance.now() - inicio) / 1000, estados)
  return {
    rutas: etags.map(([id]) => `/atenciones/${id}/resultados/pdf`),
    pacientes: etags.map((_, i) => m.pacientes[i % m.pacientes.length]!),
    codigos,
    validacion,
  }
}

/**
 * accesoResultados: the patients of the sheets above, each with an access code the desk issued
 * (POST /pacientes/:id/codigo-acceso), typed at /resultados as a patient would, without a
 * session: each request the next patient's document and code. `cuerpos` are those requests'
 * bodies, one per patient.
 */
export async function preparaAccesos(
  s: Servidor,
  pacientes: PacienteMuestra[],
): Promise<{ siguiente: () => RequestParams; cuerpos: string[] }> {
  const cuerpos: string[] = []
  for (const p of pacientes) {
    const c = await exigir(
      await pedir(s, 'POST', `/pacientes/${p.id}/codigo-acceso`),
      'Emitir el código de acceso',
    )
    const codigo = c.codigo as string
    // As a patient types it from the ticket: in groups, lower case.
    const tecleado = codigo.replace(/(.{4})(?=.)/g, '$1-').toLowerCase()
    cuerpos.push(
      JSON.stringify({ tipoDocumento: p.tipoDocumento, documento: p.documento, codigo: tecleado }),
    )
  }
  let i = 0
  const siguiente = (): RequestParams => ({
    method: 'POST',
    path: '/resultados/acceso',
    headers: { cookie: '' },
    body: cuerpos[i++ % cuerpos.length]!,
  })
  return { siguiente, cuerpos }
}

/**
 * documentosPaciente: each of those patients signed in with their code once (the `cuerpos` of
 * preparaAccesos), then their documents and entregas read again with that cookie, as «Mis
 * resultados» does after a download: each request the next patient's cookie.
 */
export async function preparaDocumentos(
  s: Servidor,
  cuerpos: string[],
): Promise<() => RequestParams> {
  const cookies: string[] = []
  for (const cuerpo of cuerpos) {
    const res = await fetch(`${s.url}/resultados/acceso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url },
      body: cuerpo,
    })
    await exigir(res, 'Acceso del paciente')
    cookies.push(cookieDe(res))
  }
  let i = 0
  return () => ({
    method: 'GET',
    path: '/resultados/documentos',
    headers: { cookie: cookies[i++ % cookies.length]! },
  })
}
