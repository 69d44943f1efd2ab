// Each product query's plan on the loaded data. The SQL is the product's own: its query functions
// run on a client whose `debug` hook captures the text, parameters and types they send, and the
// same statement is then run under EXPLAIN ANALYZE. A sequential scan over a table that grows with
// the clinic (TABLAS_GRANDES) fails the bench. Also checks that the naive baseline answers the
// same rows.
import type postgres from 'postgres'
import { POLITICA_PRIVACIDAD_VERSION } from '../shared/catalogos.js'
import { validarBusqueda } from '../shared/busqueda.js'
import { validarPaciente } from '../shared/paciente-validacion.js'
import { sinReserva, type Sql } from '../server/db.js'
import { atencionesDePaciente } from '../server/queries/atenciones.js'
import { citaQueOcupa, citasDelDia, insertarCita } from '../server/queries/citas.js'
import { buscar, planPorValores } from '../server/queries/busqueda.js'
import { listarDuplicados } from '../server/queries/duplicados.js'
import {
  insertarPaciente,
  listarPacientes,
  hijosDe,
  obtenerPaciente,
  pacientePorDocumento,
  posiblesDuplicados,
} from '../server/queries/pacientes.js'
import { explicarGenerico, type Sentencia } from '../server/test/planes.js'
import { buscarIngenuo } from './baseline.js'
import { revisarLaboratorio } from './explain-laboratorio.js'
import { CASOS_BUSQUEDA, consultas, registros, type CasoId, type Muestras } from './cases.js'
import { NADIE } from './cuentas.js'

/** What the product's query functions sent since the last `tomar()`. */
export class Captura {
  private sentencias: Sentencia[] = []
  readonly debug: postgres.Options<Record<string, never>>['debug'] = (
    _c,
    texto,
    parametros,
    tipos,
  ) => {
    this.sentencias.push({ texto, parametros, tipos })
  }
  tomar(): Sentencia[] {
    const s = this.sentencias
    this.sentencias = []
    return s
  }
}

export interface Plan {
  caso: CasoId | 'posiblesDuplicados' | 'pacientePorDocumento' | 'citaQueOcupa'
  consulta: string
  /** Execution and planning time reported by EXPLAIN ANALYZE. */
  ms: number
  planificacionMs: number
  secuenciales: string[]
  plan: string[]
}

/** The tables that grow with the clinic: a sequential scan of any of them fails the bench. */
const TABLAS_GRANDES = new Set(['pacientes', 'atenciones', 'resultados', 'muestras'])
/** The audit record of a read the bench makes: nobody's, from nowhere. */
const LECTURA_DE_PRUEBA = { ...NADIE, accion: 'paciente.consultado' } as const
class Deshacer extends Error {}

const AJUSTE = /^\s*set\s/i
const CONSULTA = /^\s*(select|with|insert|update|delete)\b/i
/** postgres.js reads the array types once per new connection. */
const INTERNA = /pg_catalog\.pg_type/

/**
 * EXPLAIN ANALYZE of the statements a query function sent, in a transaction that is rolled back
 * (an insert must leave nothing) and that first repeats any `set local` the function issued.
 * EXPLAIN plans a statement for the values it is given; with `generico`, each one's generic plan
 * is explained too (explicarGenerico), the plan a client that keeps its plans may run.
 */
async function explicar(
  sql: Sql,
  sentencias: Sentencia[],
  caso: Plan['caso'],
  consulta: string,
  generico = false,
): Promise<Plan[]> {
  const ajustes = sentencias.filter((s) => AJUSTE.test(s.texto))
  const consultas = sentencias.filter((s) => CONSULTA.test(s.texto) && !INTERNA.test(s.texto))
  if (consultas.length === 0) throw new Error(`No se capturó la consulta de ${caso}`)
  return sinDejarRastro(sql, async (tx) => {
    for (const a of ajustes) await tx.unsafe(a.texto)
    const planes: Plan[] = []
    for (const q of consultas) {
      // The parameters as sent (already serialised) with the types they were sent with.
      const parametros = q.parametros.map((p, i) => tx.typed(p as never, q.tipos[i] ?? 0))
      const filas = await tx.unsafe(
        `explain (analyze, buffers, format text) ${q.texto}`,
        parametros as never[],
      )
      planes.push(leerPlan(filas, caso, consulta))
      if (!generico) continue
      const genericas = await explicarGenerico(tx, q, '(analyze, buffers, format text)')
      planes.push(leerPlan(genericas, caso, `${consulta} (plan genérico)`))
    }
    return planes
  })
}

/** A plan as EXPLAIN ANALYZE printed it, with its sequential scans of the big tables and its times. */
function leerPlan(filas: readonly object[], caso: Plan['caso'], consulta: string): Plan {
  const plan = filas.map((f) => String(Object.values(f)[0]))
  const secuenciales = plan
    .map((l) => /Seq Scan on (\w+)/.exec(l)?.[1])
    .filter((t): t is string => t !== undefined && TABLAS_GRANDES.has(t))
  const tiempo = (nombre: string) =>
    Number(new RegExp(`${nombre} Time: ([\\d.]+) ms`).exec(plan.join('\n'))?.[1] ?? NaN)
  return {
    caso,
    consulta,
    ms: tiempo('Execution'),
    planificacionMs: tiempo('Planning'),
    secuenciales,
    plan,
  }
}

/** Runs `trabajo` in a transaction that is always rolled back (EXPLAIN ANALYZE of an insert inserts). */
async function sinDejarRastro<T>(sql: Sql, trabajo: (tx: Sql) => Promise<T>): Promise<T> {
  let hecho: { valor: T } | undefined
  await sql
    .begin(async (tx) => {
      hecho = { valor: await trabajo(tx as unknown as Sql) }
      throw new Deshacer()
    })
    .catch((err: unknown) => {
      if (!(err instanceof Deshacer)) throw err
    })
  return hecho!.valor
}

export interface Diferencia {
  caso: CasoId
  consulta: string
}

/** Plans of every product query, `porCaso` samples of each search case; and result comparisons. */
export async function revisarPlanes(
  sql: Sql,
  c: Captura,
  m: Muestras,
  r: () => number,
  tz: string,
  porCaso: number,
  comparar: number,
): Promise<{ planes: Plan[]; diferencias: Diferencia[]; comparadas: number }> {
  const planes: Plan[] = []
  const diferencias: Diferencia[] = []
  let comparadas = 0
  /** Runs one product call and explains exactly what it sent. */
  const revisar = async <T>(
    caso: Plan['caso'],
    consulta: string,
    llamada: () => Promise<T>,
    generico = false,
  ): Promise<T> => {
    c.tomar()
    const valor = await llamada()
    planes.push(...(await explicar(sql, c.tomar(), caso, consulta, generico)))
    return valor
  }

  for (const caso of CASOS_BUSQUEDA) {
    for (const [i, consulta] of consultas(caso, m, r, porCaso).entries()) {
      const { filtros } = validarBusqueda(Object.fromEntries(new URLSearchParams(consulta)))
      // A search that runs on the client keeping its plans is checked in its generic plan too.
      const generico = !planPorValores(filtros)
      const filas = await revisar(
        caso,
        consulta,
        async () =>
          (await buscar({ sql, busqueda: async () => sinReserva(sql) }, filtros, 50, null, tz))
            .filas,
        generico,
      )
      // A second page through the keyset cursor, from the first sample's last row.
      const ultima = filas[49]
      if (i === 0 && ultima) {
        const despues: [string, number, number] = [ultima.clave, ultima.tipo, ultima.claveId]
        await revisar(
          caso,
          `${consulta} (página 2)`,
          () => buscar({ sql, busqueda: async () => sinReserva(sql) }, filtros, 50, despues, tz),
          generico,
        )
      }
      if (i < comparar) {
        // The naive query may pass the statement timeout; then this sample is not compared.
        const ingenuas = await buscarIngenuo(sql, filtros, 0, tz).catch(
          (err: { code?: string }) => {
            if (err.code === '57014') return null
            throw err
          },
        )
        const clave = (f: { tipo: number; claveId: number }) => `${f.tipo}:${f.claveId}`
        if (ingenuas) comparadas += 1
        if (ingenuas && filas.slice(0, 50).map(clave).join() !== ingenuas.map(clave).join()) {
          diferencias.push({ caso, consulta })
        }
      }
    }
  }

  const pagina1 = await revisar('listaPacientes', 'página 1', () => listarPacientes(sql, 51, null))
  if (pagina1.length === 0) throw new Error('La lista de pacientes está vacía')
  const p = m.pacientes[0]!
  const [clave] = await sql<{ clave: string }[]>`
    select to_char(creado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as clave from pacientes where id = ${p.id}`
  await revisar('listaPacientes', `cursor en el paciente ${p.id}`, () =>
    listarPacientes(sql, 51, [clave!.clave, p.id]),
  )

  const pares = await revisar('paginaDuplicados', 'página 1', () => listarDuplicados(sql, 51, null))
  const ultimo = pares[pares.length - 1]
  if (ultimo)
    await revisar('paginaDuplicados', 'página 2', () =>
      listarDuplicados(sql, 51, [ultimo.gravedad, ultimo.a.id, ultimo.b.id]),
    )

  for (const x of m.pacientes.slice(0, porCaso)) {
    await revisar('pacientePorId', `paciente ${x.id}`, () => obtenerPaciente(sql, x.id))
    await revisar('pacientePorId', `atenciones del paciente ${x.id}`, () =>
      atencionesDePaciente(sql, x.id, tz),
    )
    // The newborns her page names, each read recorded (rolled back here like every write).
    await revisar('pacientePorId', `recién nacidos del paciente ${x.id}`, () =>
      hijosDe(sql, x.id, LECTURA_DE_PRUEBA),
    )
    await revisar('posiblesDuplicados', `paciente ${x.id}`, () => posiblesDuplicados(sql, x))
    await revisar('pacientePorDocumento', `paciente ${x.id}`, () =>
      pacientePorDocumento(sql, x.tipoDocumento, x.documento),
    )
  }

  const cuerpo = registros(m, r)()
  const { datos } = validarPaciente(cuerpo, new Date().toISOString().slice(0, 10))
  if (!datos) throw new Error('El cuerpo de registro de la prueba no es válido')
  // Captured in one rolled-back transaction, explained in another, so the row is new both times.
  c.tomar()
  await sinDejarRastro(sql, (tx) => insertarPaciente(tx, datos, POLITICA_PRIVACIDAD_VERSION, NADIE))
  planes.push(...(await explicar(sql, c.tomar(), 'registrarPaciente', 'insert (deshecho)')))

  // The day agenda of each sede, today and a week ahead, and the overlap check of a booking.
  const salas = await sql<{ id: number; sede: string }[]>`select id, sede from salas where activa`
  const enUnaSemana = new Date(`${m.hoy}T00:00:00Z`)
  enUnaSemana.setUTCDate(enUnaSemana.getUTCDate() + 7)
  const semana = enUnaSemana.toISOString().slice(0, 10)
  for (const sede of new Set(salas.map((x) => x.sede))) {
    const ids = salas.filter((x) => x.sede === sede).map((x) => x.id)
    for (const fecha of [m.hoy, semana]) {
      await revisar('agendaDia', `${sede} ${fecha}`, () => citasDelDia(sql, ids, fecha, tz))
    }
  }
  const sala = salas[0]
  if (sala) {
    const inicio = new Date(`${semana}T15:00:00Z`)
    const fin = new Date(inicio.getTime() + 30 * 60_000)
    await revisar('citaQueOcupa', `sala ${sala.id} ${semana}`, () =>
      citaQueOcupa(sql, sala.id, inicio, fin),
    )
    c.tomar()
    await sinDejarRastro(sql, (tx) =>
      insertarCita(
        tx,
        {
          pacienteId: p.id,
          salaId: sala.id,
          sede: sala.sede,
          modalidad: 'LAB',
          estudios: ['Glucosa'],
          prioridad: 'Rutina',
          procedencia: 'Ambulatorio',
          inicio: new Date(`${semana}T03:07:00Z`),
          fin: new Date(`${semana}T03:08:00Z`),
          creadoPor: null,
        },
        {},
        tz,
        { ...NADIE, accion: 'cita.creada' },
      ),
    )
    planes.push(...(await explicar(sql, c.tomar(), 'reservarCita', 'insert (deshecho)')))
  }
  await revisarLaboratorio(revisar, sql, m, tz, porCaso)
  return { planes, diferencias, comparadas }
}
