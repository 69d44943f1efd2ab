// The demo data set: on the first start of an empty database, a few hundred patients spread over
// the year, a waiting room right now and citas booked from now through the coming week, so a
// newcomer sees a living dashboard and agenda.
import {
  ESTUDIOS_INICIALES,
  MODALIDADES,
  SEDES,
  type Estado,
  type Prioridad,
} from '../../shared/catalogos.js'
import type { Departamento } from '../../shared/ubigeo.js'
import type { Sql } from '../db.js'
import { crearAleatorio, type Aleatorio } from './aleatorio.js'
import { guardarLote, insertarAtenciones } from './cargar.js'
import { agendarCitas } from './citas.js'
import { insertarLaboratorio, leerCatalogoSemilla } from './laboratorio-carga.js'
import {
  CONTADORES_INICIALES,
  Documentos,
  generarPaciente,
  type AtencionSemilla,
} from './generadores.js'
import { crearVentana, type Ventana } from './ventana.js'

export const PACIENTES_DEMO = 300
const SEMILLA_DEMO = 20_250_101
/** Advisory lock key: two servers starting on one empty database load the set once. */
const CANDADO_DEMO = 72_018_001

const MINUTO_MS = 60_000

/** Today's remaining slots and the next seven days', a third of them booked: a believable week. */
const CITAS_DEMO = { semanas: 1, ocupacion: 0.3, desdeHoy: true } as const

/** Who is in the waiting room now: [minutes from now, estado, prioridad]. */
const SALA: readonly (readonly [number, Estado, Prioridad])[] = [
  [-5, 'En espera', 'Urgente'],
  [-12, 'En espera', 'Emergencia'],
  [-20, 'En espera', 'Rutina'],
  [-35, 'En proceso', 'Urgente'],
  [-50, 'En proceso', 'Rutina'],
  [-65, 'En espera', 'Rutina'],
  [40, 'Programado', 'Rutina'],
  [90, 'Programado', 'Urgente'],
]

/** Atenciones of today still to be done, over every sede and modalidad, for the given patients. */
export function salaDeEspera(
  r: Aleatorio,
  pacientes: readonly { id: number; departamento: Departamento; creadoEn: Date }[],
  v: Ventana,
): AtencionSemilla[] {
  return pacientes.slice(0, SALA.length).map((p, i) => {
    const [minutos, estado, prioridad] = SALA[i]!
    const desde = Math.max(v.inicioHoy, p.creadoEn.getTime())
    // Late in the evening a booking for later may not fit today: the patient is waiting instead.
    const futura = minutos > 0 && v.ahora + minutos * MINUTO_MS <= v.finHoy
    const llegada = futura
      ? v.ahora + minutos * MINUTO_MS
      : Math.max(desde, v.ahora - Math.abs(minutos) * MINUTO_MS)
    const modalidad = MODALIDADES[i % MODALIDADES.length]!
    const creado = Math.min(llegada, v.ahora)
    return {
      pacienteId: p.id,
      sede: SEDES[i % SEDES.length]!,
      modalidad,
      estudios: r.varios(ESTUDIOS_INICIALES[modalidad], 1),
      estado: futura ? estado : estado === 'Programado' ? 'En espera' : estado,
      procedencia: prioridad === 'Emergencia' ? 'Emergencia' : 'Ambulatorio',
      prioridad,
      llegada: new Date(llegada),
      creadoEn: new Date(creado),
      actualizadoEn: new Date(creado),
    }
  })
}

/** Loads the demo set if there is no patient yet; null when there already was one. */
export async function cargarDemo(
  sql: Sql,
  tz: string,
  ahora: Date = new Date(),
): Promise<{ pacientes: number; atenciones: number } | null> {
  return sql.begin(async (t) => {
    const tx = t as unknown as Sql
    await tx`select pg_advisory_xact_lock(${CANDADO_DEMO})`
    const [fila] = await tx<{ hay: boolean }[]>`select exists (select 1 from pacientes) as hay`
    if (fila?.hay) return null
    const r = crearAleatorio(SEMILLA_DEMO)
    const v = crearVentana(tz, ahora)
    const docs = new Documentos(CONTADORES_INICIALES, PACIENTES_DEMO)
    const ps = Array.from({ length: PACIENTES_DEMO }, () => generarPaciente(r, docs, v))
    const hecho = await guardarLote(tx, ps, r, v)
    const recientes = await tx<{ id: number; departamento: Departamento; creadoEn: Date }[]>`
      select id, departamento, creado_en from pacientes order by creado_en desc, id desc limit ${SALA.length}`
    const sala = salaDeEspera(r, recientes, v)
    await insertarAtenciones(tx, sala)
    // The waiting room's lab atención in process has its tubes, like the day's others.
    await insertarLaboratorio(
      tx,
      recientes.map((p) => p.id),
      r,
      v,
      await leerCatalogoSemilla(tx),
    )
    const citas = await agendarCitas(tx, { tz, ahora, ...CITAS_DEMO })
    return { pacientes: hecho.pacientes, atenciones: hecho.atenciones + sala.length + citas }
  })
}
