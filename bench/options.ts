// `npm run bench -- [flags]`: which home, how much data, how hard and how long.
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ROOT } from '../server/paths.js'
import { CASOS_BUSQUEDA, type CasoId } from './cases.js'

export const AYUDA = `Uso: npm run bench -- [opciones]

  --embedded                 la base embebida (PGlite) en bench/data/embebida, 100.000 pacientes
  --postgres-propio          un PostgreSQL propio en bench/data/postgres, con shared_buffers de servidor
                             de producción (1/4 de la memoria) y los datos precalentados
  --soak                     carga mixta durante --duracion segundos: sin errores y memoria estable
  --pacientes N              pacientes a cargar (1.000.000; 100.000 con --embedded)
  --conexiones N             conexiones concurrentes de las lecturas (4)
  --conexiones-registro N    conexiones concurrentes de POST /pacientes y POST /citas (32)
  --solicitudes N            tope de solicitudes medidas por caso (3000)
  --segundos N               tope de segundos por caso (15)
  --calentamiento N          segundos de calentamiento por caso, sin medir (2)
  --baseline-solicitudes N   tope de solicitudes por caso en la línea base ingenua (60)
  --baseline-segundos N      tope de segundos por caso en la línea base (20)
  --sin-baseline             no medir la línea base
  --solo-planes              solo revisar los planes (EXPLAIN ANALYZE) y sus tiempos, sin servidor
  --casos a,b,...            solo estos casos (${CASOS_BUSQUEDA.join(', ')}, apellidoBajoInundacion, listaPacientes, paginaDuplicados, pacientePorId, documentoRegistrado, catalogos, registrarPaciente, editarPaciente, exportarCsv, agendaDia, salaDeEspera, porInformar, hallazgosPendientes, hallazgosComunicados, tiempoInforme, abrirInforme, firmarInforme, reservarCita, registrarVisita, ticket, worklistDia, worklistLatin1, httpConWorklist, respaldo, vacuum, guardarHemograma, listaLaboratorio, porAnalito, hojaPdf, verificarDocumento, accesoResultados, documentosPaciente, accesoCodigoErrado, accesoDocumentoInexistente, registrarEntrega, entregasPaciente, pedirCorreo)
  --firmas N                 informes que firma el caso firmarInforme (1000)
  --duracion N               segundos de --soak (300)
  --semilla N                semilla de los términos de búsqueda (1)
  --perfil DIR               el servidor escribe en DIR su perfil de CPU (.cpuprofile, de V8) al
                             terminar: dónde se va cada milisegundo del lado de Node
  --comparar DIR             mide después los mismos casos con el build de otra copia del proyecto
                             (DIR, construida con npm run build) sobre los mismos datos, dos veces,
                             y otra vez con este (este, otro, otro, este), e imprime la CPU por
                             solicitud de cada corrida y la razón entre las medias

PostgreSQL: DATABASE_URL, o postgres://postgres@127.0.0.1:5432/clinica_bench (se crea si falta).
Resultados: bench/results/<fecha>-<modo>.json`

export interface Opciones {
  embebida: boolean
  postgresPropio: boolean
  soak: boolean
  databaseUrl: string | undefined
  dataDir: string
  pacientes: number
  conexiones: number
  conexionesRegistro: number
  solicitudes: number
  segundos: number
  calentamiento: number
  baselineSolicitudes: number
  baselineSegundos: number
  baseline: boolean
  soloPlanes: boolean
  casos: CasoId[] | null
  duracion: number
  semilla: number
  firmas: number
  /** Where the server writes its V8 CPU profile, or null. */
  perfil: string | null
  /** Another copy of the project, built, whose server measures the same cases after this one's. */
  comparar: string | null
}

const URL_POR_DEFECTO = 'postgres://postgres@127.0.0.1:5432/clinica_bench'

export function leerOpciones(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Opciones | 'ayuda' {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      embedded: { type: 'boolean', default: false },
      'postgres-propio': { type: 'boolean', default: false },
      soak: { type: 'boolean', default: false },
      pacientes: { type: 'string' },
      conexiones: { type: 'string', default: '4' },
      'conexiones-registro': { type: 'string', default: '32' },
      solicitudes: { type: 'string', default: '3000' },
      segundos: { type: 'string', default: '15' },
      calentamiento: { type: 'string', default: '2' },
      'baseline-solicitudes': { type: 'string', default: '60' },
      'baseline-segundos': { type: 'string', default: '20' },
      'sin-baseline': { type: 'boolean', default: false },
      'solo-planes': { type: 'boolean', default: false },
      casos: { type: 'string' },
      duracion: { type: 'string', default: '300' },
      firmas: { type: 'string', default: '1000' },
      semilla: { type: 'string', default: '1' },
      perfil: { type: 'string' },
      comparar: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (v.help) return 'ayuda'
  const entero = (nombre: string, valor: string, min: number) => {
    const n = Number(valor.replace(/[_.]/g, ''))
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${nombre} debe ser un entero ≥ ${min}: "${valor}"`)
    return n
  }
  const casos = v.casos ? (v.casos.split(',').map((c) => c.trim()) as CasoId[]) : null
  return {
    embebida: v.embedded,
    postgresPropio: v['postgres-propio'] && !v.embedded,
    soak: v.soak,
    databaseUrl: v.embedded ? undefined : (env.DATABASE_URL ?? URL_POR_DEFECTO),
    dataDir: join(ROOT, 'bench', 'data', 'embebida'),
    pacientes: entero('pacientes', v.pacientes ?? (v.embedded ? '100000' : '1000000'), 1),
    conexiones: entero('conexiones', v.conexiones, 1),
    conexionesRegistro: entero('conexiones-registro', v['conexiones-registro'], 1),
    solicitudes: entero('solicitudes', v.solicitudes, 1),
    segundos: entero('segundos', v.segundos, 1),
    calentamiento: entero('calentamiento', v.calentamiento, 0),
    baselineSolicitudes: entero('baseline-solicitudes', v['baseline-solicitudes'], 1),
    baselineSegundos: entero('baseline-segundos', v['baseline-segundos'], 1),
    baseline: !v['sin-baseline'] && !v['solo-planes'],
    soloPlanes: v['solo-planes'],
    casos,
    duracion: entero('duracion', v.duracion, 10),
    semilla: entero('semilla', v.semilla, 0),
    firmas: entero('firmas', v.firmas, 200),
    perfil: v.perfil ?? null,
    comparar: v.comparar ? resolve(v.comparar) : null,
  }
}
