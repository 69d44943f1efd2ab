// The measured cases and their request values, sampled from the loaded data so every request
// asks something different that exists (no single cached term).
import { randomInt } from 'node:crypto'
import { ORDEN_ATENCION, SEPARADOR_LISTA } from '../shared/busqueda.js'
import {
  ESTADOS_ABIERTOS,
  ESTADOS_PENDIENTES,
  PRIORIDADES_ALERTA,
  SEDES,
  type Sede,
  type Modalidad,
} from '../shared/catalogos.js'
import { hoyEn } from '../shared/edad.js'
import { feriadoNacional } from '../shared/feriados.js'
import { DEPARTAMENTOS, MUNICIPIOS } from '../shared/ubigeo.js'
import { PACIENTE_VACIO, type PacienteEntrada } from '../shared/paciente-datos.js'
import type { PacienteCambio } from '../shared/pacientes.js'
import type { Sql } from '../server/db.js'

export const CASOS_BUSQUEDA = [
  'documentoExacto',
  'documentoPrefijo',
  'apellidoPrefijo',
  'nombreSubcadena',
  'fechasSedeModalidad',
  'todosLosFiltros',
  'sinFiltro',
  'nombreODocumento',
  'pendientesHoy',
  'alertas',
] as const
export type CasoBusqueda = (typeof CASOS_BUSQUEDA)[number]
export type CasoId =
  | CasoBusqueda
  | 'apellidoBajoInundacion'
  | 'listaPacientes'
  | 'paginaDuplicados'
  | 'pacientePorId'
  | 'documentoRegistrado'
  | 'catalogos'
  | 'registrarPaciente'
  | 'editarPaciente'
  | 'exportarCsv'
  | 'agendaDia'
  | 'salaDeEspera'
  | 'porInformar'
  | 'hallazgosPendientes'
  | 'hallazgosComunicados'
  | 'tiempoInforme'
  | 'abrirInforme'
  | 'firmarInforme'
  | 'reservarCita'
  | 'registrarVisita'
  | 'ticket'
  | 'worklistDia'
  | 'worklistLatin1'
  | 'httpConWorklist'
  | 'respaldo'
  | 'vacuum'
  | 'guardarHemograma'
  | 'listaLaboratorio'
  | 'porAnalito'
  | 'hojaPdf'
  | 'verificarDocumento'
  | 'accesoResultados'
  | 'documentosPaciente'
  | 'accesoCodigoErrado'
  | 'accesoDocumentoInexistente'
  | 'registrarEntrega'
  | 'entregasPaciente'
  | 'pedirCorreo'

export const TITULOS: Record<CasoId, string> = {
  documentoExacto: 'documento exacto',
  documentoPrefijo: 'documento prefijo',
  apellidoPrefijo: 'primerApellido prefijo',
  nombreSubcadena: 'nombre subcadena sin tildes',
  fechasSedeModalidad: 'fechas + sede + modalidad',
  todosLosFiltros: 'todos los filtros',
  sinFiltro: 'sin filtro (recientes)',
  nombreODocumento: '«Nombre o documento» (q)',
  pendientesHoy: 'hoy + pendientes (+ sede)',
  alertas: 'urgentes sin completar (+ sede)',
  apellidoBajoInundacion: 'primerApellido prefijo + 200 conex. de términos vacíos',
  listaPacientes: 'GET /pacientes (página)',
  paginaDuplicados: 'GET /pacientes/duplicados (página)',
  pacientePorId: 'GET /pacientes/:id',
  documentoRegistrado: 'GET /pacientes/por-documento',
  catalogos: 'GET /catalogos con If-None-Match (304)',
  registrarPaciente: 'POST /pacientes',
  editarPaciente: 'PATCH /pacientes/:id',
  exportarCsv: 'GET /pacientes/buscar.csv (exportación)',
  agendaDia: 'GET /agenda (el día de una sede, con turnos libres)',
  salaDeEspera: 'lista de trabajo al abrir: un día de una sede en orden de atención',
  porInformar: 'GET /informes?estado=pendiente (Por informar, + sede, modalidad)',
  hallazgosPendientes: 'GET /hallazgos-criticos (Alertas del dashboard)',
  hallazgosComunicados: 'GET /hallazgos-criticos?estado=comunicados (primera página)',
  tiempoInforme: 'GET /estadisticas/informes (tiempo de informe del mes y por informar)',
  abrirInforme: 'GET /informes/:id y su contexto (informes anteriores, frases, visor)',
  firmarInforme: 'POST /informes/:id/firmar (contraseña, PDF e Informado, una tras otra)',
  reservarCita: 'POST /citas',
  registrarVisita: 'POST /pacientes/:id/visitas (RX + LAB, una visita)',
  ticket: 'GET /atenciones/:id/ticket (visitas y el día más lleno)',
  worklistDia: 'DICOM C-FIND: DX + AE title + su día',
  worklistLatin1: 'DICOM C-FIND: lo mismo, sala en Latin-1 (ISO_IR 100)',
  httpConWorklist: 'GET /pacientes/:id durante C-FIND de ~1.000 ítems',
  respaldo: 'GET /pacientes/:id durante npm run respaldo',
  vacuum: 'VACUUM / ANALYZE de cada tabla, una sentencia (solo embebida)',
  guardarHemograma: 'PUT /atenciones/:id/resultados (hemograma, 16 analitos, If-Match)',
  listaLaboratorio: 'GET /laboratorio/lista (un día lleno de una sede)',
  porAnalito: 'GET /laboratorio/analitos/:id/resultados (HGB, un día lleno de una sede)',
  hojaPdf: 'GET /atenciones/:id/resultados/pdf (hoja de resultados validada)',
  verificarDocumento: 'GET /v/:codigo (verificación de una hoja validada, JSON, sin sesión)',
  accesoResultados: 'POST /resultados/acceso (un paciente con su código, sin sesión)',
  documentosPaciente:
    'GET /resultados/documentos (los documentos de un paciente con la cookie de su código)',
  accesoCodigoErrado: 'POST /resultados/acceso (documento real con código, código equivocado: 401)',
  accesoDocumentoInexistente: 'POST /resultados/acceso (documento que nadie tiene: el mismo 401)',
  registrarEntrega: 'POST /pacientes/:id/entregas (copia impresa de una hoja validada)',
  entregasPaciente: 'GET /pacientes/:id/entregas (documentos firmados y entregas de un paciente)',
  pedirCorreo: 'POST /pacientes/:id/correos (aviso de una hoja validada al correo del paciente)',
}

export interface PacienteMuestra {
  id: number
  tipoDocumento: string
  documento: string
  primerNombre: string
  segundoNombre: string | null
  primerApellido: string
  segundoApellido: string | null
  fechaNacimiento: string
}

export interface AtencionMuestra extends PacienteMuestra {
  sede: Sede
  modalidad: Modalidad
  fecha: string
}

export interface Muestras {
  pacientes: PacienteMuestra[]
  atenciones: AtencionMuestra[]
  /** Today in the clinic's time zone: the worklist's default day. */
  hoy: string
  /**
   * The clinic day of the last week, today included, with the most arrivals: the day the
   * dashboard's and the worklist's «today» are measured on. The seed piles a share of its
   * atenciones on its own today, moved to the Saturday before when it runs on a Sunday (salas
   * close on Sundays), and a bench run days after the seed finds today nearly empty: measured on
   * today, those cases would depend on the day the bench runs.
   */
  diaLleno: string
}

/**
 * Connections that send searches with nothing to index beside a measured case, at most
 * TASA_INUNDACION a second in all: 200 such searches open at once, as an attacker or a stuck
 * client would send them, not a closed loop that only measures how fast 2 cores answer 400s.
 */
export const CONEXIONES_INUNDACION = 200
export const TASA_INUNDACION = 200

/** Terms with no letter or digit: each is refused (400) without touching a table. */
export const TERMINOS_VACIOS = [
  '%25%25%25',
  '___',
  '%5C%5C%5C',
  '%CC%81%CC%81',
  '-%25-',
  '%20%25%20',
].flatMap((t) =>
  ['primerNombre', 'primerApellido', 'documento'].map((campo) => `/pacientes/buscar?${campo}=${t}`),
)

/** A small seeded generator, so two runs ask the same things. */
export function azar(semilla: number): () => number {
  let a = semilla >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function barajar<T>(r: () => number, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j]!, xs[i]!]
  }
  return xs
}

const enteros = (r: () => number, n: number, min: number, max: number) =>
  Array.from({ length: n }, () => min + Math.floor(r() * (max - min + 1)))

/** Patients and atenciones picked by random id (index lookups, not a scan of the tables). */
export async function muestrear(
  sql: Sql,
  r: () => number,
  n: number,
  tz: string,
): Promise<Muestras> {
  const columnas = sql`p.id, p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre,
    p.primer_apellido, p.segundo_apellido, p.fecha_nacimiento`
  const [rp] = await sql<
    { min: number; max: number }[]
  >`select min(id)::int as min, max(id)::int as max from pacientes`
  const [ra] = await sql<
    { min: number; max: number }[]
  >`select min(id)::int as min, max(id)::int as max from atenciones`
  if (!rp?.max || !ra?.max)
    throw new Error('La base de datos no tiene pacientes o atenciones para medir')
  const pacientes = await sql<PacienteMuestra[]>`
    select ${columnas} from pacientes p where p.id = any(${enteros(r, n, rp.min, rp.max)}::int[]) order by p.id`
  const atenciones = await sql<AtencionMuestra[]>`
    select ${columnas}, a.sede, a.modalidad, to_char(a.llegada at time zone ${tz}, 'YYYY-MM-DD') as fecha
    from atenciones a join pacientes p on p.id = a.paciente_id
    where a.id = any(${enteros(r, n, ra.min, ra.max)}::int[]) order by a.id`
  const hoy = hoyEn(tz)
  const [lleno] = await sql<{ dia: string }[]>`
    select to_char(llegada at time zone ${tz}, 'YYYY-MM-DD') as dia from atenciones
    where llegada >= (${hoy}::date - 6)::timestamp at time zone ${tz}
      and llegada < (${hoy}::date + 1)::timestamp at time zone ${tz}
    group by 1 order by count(*) desc, 1 desc limit 1`
  return {
    pacientes: barajar(r, [...pacientes]),
    atenciones: barajar(r, [...atenciones]),
    hoy,
    diaLleno: lleno?.dia ?? hoy,
  }
}

const sinTildes = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '')
const tieneTilde = (s: string | null) => s !== null && s !== sinTildes(s)
const elegir = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!
/** As people type: sometimes all lower case. */
const tecleado = (r: () => number, s: string) => (r() < 0.5 ? s.toLowerCase() : s)

function restarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - dias)
  return d.toISOString().slice(0, 10)
}

function subcadena(r: () => number, s: string): string {
  const largo = Math.min(s.length, 3 + Math.floor(r() * 3))
  const desde = s.length > largo ? 1 + Math.floor(r() * (s.length - largo)) : 0
  return s.slice(desde, desde + largo)
}

/**
 * What the front desk types in «Nombre o documento»: a name and a surname, in either order, whole or
 * their first letters, sometimes with the second surname; or a document, whole or its start.
 */
function nombreODocumento(r: () => number, p: PacienteMuestra): string {
  const palabra = (s: string) => tecleado(r, r() < 0.6 ? sinTildes(s) : s)
  const inicio = (s: string) => s.slice(0, 3 + Math.floor(r() * 3))
  const x = r()
  if (x < 0.35) return `${palabra(p.primerNombre)} ${palabra(p.primerApellido)}`
  if (x < 0.55) return `${palabra(p.primerApellido)} ${palabra(p.primerNombre)}`
  if (x < 0.7) return `${palabra(inicio(p.primerNombre))} ${palabra(inicio(p.primerApellido))}`
  if (x < 0.8) {
    const segundo = p.segundoApellido ? ` ${palabra(p.segundoApellido)}` : ''
    return `${palabra(p.primerNombre)} ${palabra(p.primerApellido)}${segundo}`
  }
  return r() < 0.5 ? p.documento : p.documento.slice(0, 4 + Math.floor(r() * 4))
}

/** The query string of one request of a search case. */
export function consulta(caso: CasoBusqueda, m: Muestras, r: () => number): string {
  const p = elegir(r, m.pacientes)
  const a = elegir(r, m.atenciones)
  const q: Record<string, string> = {}
  switch (caso) {
    case 'documentoExacto':
      q.documento = p.documento
      break
    case 'documentoPrefijo':
      q.documento = p.documento.slice(0, 3 + Math.floor(r() * 4))
      break
    case 'apellidoPrefijo':
      q.primerApellido = tecleado(r, p.primerApellido.slice(0, 2 + Math.floor(r() * 5)))
      break
    case 'nombreSubcadena': {
      // Half the time a name written with accents, typed without them.
      const conTilde = m.pacientes.filter(
        (x) => tieneTilde(x.primerNombre) || tieneTilde(x.primerApellido),
      )
      const x = r() < 0.5 && conTilde.length > 0 ? elegir(r, conTilde) : p
      const campo = elegir(r, [
        'primerNombre',
        'segundoNombre',
        'primerApellido',
        'segundoApellido',
      ] as const)
      const valor = x[campo] ?? x.primerNombre
      q[x[campo] ? campo : 'primerNombre'] = sinTildes(subcadena(r, valor)).toLowerCase()
      break
    }
    case 'fechasSedeModalidad':
      q.fechaInicial = restarDias(a.fecha, elegir(r, [0, 6, 30]))
      q.fechaFinal = a.fecha
      q.sede = a.sede
      q.modalidad = a.modalidad
      break
    case 'todosLosFiltros':
      // Every filter at once, all taken from one real atención so the answer is not empty.
      q.tipoDocumento = a.tipoDocumento
      q.documento = a.documento.slice(0, 4)
      q.primerNombre = tecleado(r, a.primerNombre.slice(0, 3))
      if (a.segundoNombre) q.segundoNombre = tecleado(r, a.segundoNombre.slice(0, 2))
      q.primerApellido = sinTildes(subcadena(r, a.primerApellido)).toLowerCase()
      if (a.segundoApellido) q.segundoApellido = tecleado(r, a.segundoApellido.slice(0, 4))
      q.fechaInicial = restarDias(a.fecha, 30)
      q.fechaFinal = a.fecha
      q.sede = a.sede
      q.modalidad = a.modalidad
      break
    case 'sinFiltro':
      break
    case 'nombreODocumento':
      q.q = nombreODocumento(r, p)
      break
    case 'pendientesHoy':
      // The dashboard's Citas Pendientes, and the same at the user's sede.
      q.fechaInicial = m.diaLleno
      q.fechaFinal = m.diaLleno
      q.estado = ESTADOS_PENDIENTES.join(SEPARADOR_LISTA)
      if (r() < 0.7) q.sede = elegir(r, SEDES)
      break
    case 'alertas':
      // The dashboard's Alertas: any day, urgent or emergency, not yet done.
      q.prioridad = PRIORIDADES_ALERTA.join(SEPARADOR_LISTA)
      q.estado = ESTADOS_ABIERTOS.join(SEPARADOR_LISTA)
      if (r() < 0.5) q.sede = elegir(r, SEDES)
      break
  }
  return new URLSearchParams(q).toString()
}

export function consultas(caso: CasoBusqueda, m: Muestras, r: () => number, n: number): string[] {
  return Array.from({ length: n }, () => consulta(caso, m, r))
}

const LETRAS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

/**
 * Registration bodies with documents no earlier run used: a pasaporte of a tag drawn outside the
 * seeded generator (runs with the same seed must not collide) and a counter.
 */
export function registros(m: Muestras, r: () => number): () => PacienteEntrada {
  const etiqueta = 'B' + Array.from({ length: 5 }, () => LETRAS[randomInt(LETRAS.length)]).join('')
  let n = 0
  return () => {
    n += 1
    const p = m.pacientes[n % m.pacientes.length]!
    const departamento = elegir(r, DEPARTAMENTOS)
    return {
      ...PACIENTE_VACIO,
      tipoDocumento: 'pasaporte',
      documento: etiqueta + String(n).padStart(6, '0'),
      primerNombre: p.primerNombre,
      segundoNombre: p.segundoNombre ?? '',
      primerApellido: p.primerApellido,
      segundoApellido: p.segundoApellido ?? '',
      fechaNacimiento: p.fechaNacimiento,
      sexo: elegir(r, ['Masculino', 'Femenino'] as const),
      departamento,
      municipio: elegir(r, MUNICIPIOS[departamento]),
      zonaResidencial: 'Urbana',
      direccion: 'Av. Los Olivos 123',
      celular: '987654321',
      aceptaPolitica: true,
    }
  }
}

/** Patients the edit case corrects in turn: a patient comes back only after this many requests,
 * long after its previous correction answered (and gave the version the next one names). */
export const PACIENTES_EDICION = 500

/** Correction bodies: a new celular and address each time, as the front desk corrects them. */
export function ediciones(r: () => number): () => PacienteCambio {
  return () => ({
    celular: `9${String(Math.floor(r() * 1e8)).padStart(8, '0')}`,
    direccion: `Jr. ${elegir(r, ['Junín', 'Ucayali', 'Puno', 'Cusco', 'Áncash'])} ${1 + Math.floor(r() * 999)}`,
  })
}

/** The days the agenda case asks for: the sedes' next three weeks, as the desk moves through them. */
export function agendas(hoy: string, r: () => number, n: number): string[] {
  return Array.from({ length: n }, () => {
    const d = new Date(`${hoy}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() + Math.floor(r() * 21))
    const q = new URLSearchParams({
      sede: elegir(r, SEDES),
      fecha: d.toISOString().slice(0, 10),
      duracion: String(elegir(r, [10, 15, 20, 30, 40])),
    })
    return `/agenda?${q}`
  })
}

/**
 * The worklist as it opens: one day of a sede (or of every sede, as an account that never chose
 * one) in attention order, sometimes only its En espera. Half the full day of today (diaLleno),
 * half the day of a sampled atención, so days of every size are asked.
 */
export function salasDeEspera(m: Muestras, r: () => number, n: number): string[] {
  return Array.from({ length: n }, () => {
    const a = r() < 0.5 ? null : elegir(r, m.atenciones)
    const dia = a?.fecha ?? m.diaLleno
    const q: Record<string, string> = { fechaInicial: dia, fechaFinal: dia }
    if (r() < 0.85) q.sede = a?.sede ?? elegir(r, SEDES)
    if (r() < 0.3) q.estado = 'En espera'
    q.orden = ORDEN_ATENCION
    return `/pacientes/buscar?${new URLSearchParams(q)}`
  })
}

/**
 * «Por informar» as a radiologist opens it: every pending study, or a sede's, or a modality's
 * (the seed's modalities but the laboratory's, which is never reported).
 */
export function porInformar(r: () => number, n: number): string[] {
  return Array.from({ length: n }, () => {
    const q: Record<string, string> = { estado: 'pendiente' }
    if (r() < 0.6) q.sede = elegir(r, SEDES)
    if (r() < 0.4) q.modalidad = elegir(r, ['RX', 'Eco', 'MRI'])
    return `/informes?${new URLSearchParams(q)}`
  })
}

/** The dashboard's critical findings as it opens them: the ten oldest pending, or a page of recorded ones. */
export const hallazgosCriticos = (estado: 'pendientes' | 'comunicados'): string[] => [
  estado === 'pendientes'
    ? '/hallazgos-criticos?limite=10'
    : '/hallazgos-criticos?estado=comunicados',
]

/** Minutes of the booking case's study (LAB «Glucosa», migration 0022). */
export const MINUTOS_CITA_BENCH = 10

/**
 * Booking bodies that never collide: the salas were made for this run (open every day, all day),
 * and each body takes the next 10-minute slot of the next of them, from tomorrow on.
 */
export function reservas(
  m: Muestras,
  salas: readonly number[],
  manana: string,
): () => { pacienteId: number; salaId: number; inicio: string; estudios: { nombre: string }[] } {
  const porDia = Math.floor((23 * 60 + 50) / MINUTOS_CITA_BENCH)
  // Days from tomorrow on, but no feriado nacional: it takes no citas (shared/feriados.ts).
  const dias: string[] = []
  const dia = (i: number) => {
    while (dias.length <= i) {
      const d = new Date(`${dias.at(-1) ?? manana}T00:00:00Z`)
      if (dias.length > 0) d.setUTCDate(d.getUTCDate() + 1)
      while (feriadoNacional(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1)
      dias.push(d.toISOString().slice(0, 10))
    }
    return dias[i]!
  }
  let n = 0
  return () => {
    const k = Math.floor(n / salas.length)
    const salaId = salas[n % salas.length]!
    const p = m.pacientes[n % m.pacientes.length]!
    n += 1
    const fecha = dia(Math.floor(k / porDia))
    const minuto = (k % porDia) * MINUTOS_CITA_BENCH
    const hora = `${String(Math.floor(minuto / 60)).padStart(2, '0')}:${String(minuto % 60).padStart(2, '0')}`
    return {
      pacienteId: p.id,
      salaId,
      inicio: `${fecha}T${hora}`,
      estudios: [{ nombre: 'Glucosa' }],
    }
  }
}
