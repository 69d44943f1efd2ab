// Sedes, salas and estudios (migration 0022): reads, and the admins' changes, each written with
// its audit event in one transaction. A unique violation comes back as the name of the
// constraint, for the route to turn into its Spanish 409.
import type postgres from 'postgres'
import type {
  CambioEstudio,
  CambioSala,
  EstudioCatalogo,
  NuevaSala,
  NuevoEstudio,
  Sala,
  SedeCatalogo,
} from '../../shared/configuracion.js'
import { MODALIDADES } from '../../shared/catalogos.js'
import { inTransaction, type Sql } from '../db.js'
import { insercionEvento, type Evento } from './auditoria.js'

/** The unique constraint a change ran into. */
export class Repetido extends Error {
  constructor(readonly restriccion: string) {
    super(restriccion)
  }
}

const COLUMNAS_SALA = (sql: Sql) =>
  sql`id, sede, modalidad, nombre, horario, ae_title, direccion, modalidad_dicom, juego_caracteres, activa`
const COLUMNAS_ESTUDIO = (sql: Sql) =>
  sql`id, modalidad, codigo, nombre, duracion_minutos, preparacion, activo`

export const listarSedes = (sql: Sql) =>
  sql<SedeCatalogo[]>`select nombre, activa from sedes order by orden, nombre`

export const listarSalas = (sql: Sql) =>
  sql<Sala[]>`
    select ${COLUMNAS_SALA(sql)} from salas s
    order by (select orden from sedes where nombre = s.sede), s.sede,
      array_position(${MODALIDADES as unknown as string[]}::text[], s.modalidad), s.nombre`

export const listarEstudios = (sql: Sql) =>
  sql<EstudioCatalogo[]>`
    select ${COLUMNAS_ESTUDIO(sql)} from estudios
    order by array_position(${MODALIDADES as unknown as string[]}::text[], modalidad), orden, nombre`

/**
 * Whether another row already has the name as a person reads it: without case or accents
 * («trujillo», «Trujillo», «TRUJILLO» are one sede). Migration 0041 holds the same with unique
 * indexes where the data allowed them; this check holds it everywhere, with the same 409.
 */
async function exigirNombreLibre(
  tx: Sql,
  gemelo: postgres.Fragment,
  restriccion: string,
): Promise<void> {
  const [fila] = await tx<{ hay: boolean }[]>`select exists (${gemelo}) as hay`
  if (fila?.hay) throw new Repetido(restriccion)
}

/** Runs a change; a unique violation becomes Repetido with the constraint's name. */
async function cambio<T>(sql: Sql, trabajo: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(sql, trabajo)
  } catch (err) {
    const e = err as postgres.PostgresError
    if (e.code === '23505') throw new Repetido(e.constraint_name ?? '')
    throw err
  }
}

export const crearSede = (sql: Sql, nombre: string, evento: Evento) =>
  cambio(sql, async (tx) => {
    await exigirNombreLibre(
      tx,
      tx`select 1 from sedes where normalizar(nombre) = normalizar(${nombre})`,
      'sedes_pkey',
    )
    const [fila] = await tx<SedeCatalogo[]>`
      insert into sedes (nombre, orden)
      values (${nombre}, (select coalesce(max(orden), 0) + 1 from sedes))
      returning nombre, activa`
    await tx`${insercionEvento(tx, evento)}`
    return fila!
  })

/**
 * Renames a sede, activates or deactivates it. A new name reaches every row that keeps the old one
 * (atenciones, salas, usuarios, feriados: migration 0049) in this same transaction; the same name
 * in other letters («lima» for «Lima») is the sede itself, not another.
 */
export const cambiarSede = (
  sql: Sql,
  nombre: string,
  c: { activa?: boolean; nombre?: string },
  evento: Evento,
) =>
  cambio(sql, async (tx) => {
    if (c.nombre !== undefined && c.nombre !== nombre)
      await exigirNombreLibre(
        tx,
        tx`select 1 from sedes where normalizar(nombre) = normalizar(${c.nombre})
          and nombre <> ${nombre}`,
        'sedes_pkey',
      )
    // Its salas first, before the sede's own row: a booking there holds its sala and then needs
    // the sede (citas/turnos.ts), so taking them in the other order could deadlock with it.
    if (c.nombre !== undefined && c.nombre !== nombre)
      await tx`select id from salas where sede = ${nombre} order by id for update`
    const [fila] = await tx<SedeCatalogo[]>`
      update sedes set activa = coalesce(${c.activa ?? null}::boolean, activa),
        nombre = coalesce(${c.nombre ?? null}::text, nombre)
      where nombre = ${nombre} returning nombre, activa`
    if (fila) await tx`${insercionEvento(tx, evento)}`
    return fila
  })

/** A sala's columns as stored, from the API's names. */
function columnasSala(s: CambioSala): Record<string, unknown> {
  const c: Record<string, unknown> = {}
  if (s.nombre !== undefined) c.nombre = s.nombre
  if (s.horario !== undefined) c.horario = s.horario
  if (s.aeTitle !== undefined) c.ae_title = s.aeTitle
  if (s.direccion !== undefined) c.direccion = s.direccion
  if (s.modalidadDicom !== undefined) c.modalidad_dicom = s.modalidadDicom
  if (s.juegoCaracteres !== undefined) c.juego_caracteres = s.juegoCaracteres
  if (s.activa !== undefined) c.activa = s.activa
  return c
}

export const crearSala = (sql: Sql, s: NuevaSala, evento: (sala: Sala) => Evento) =>
  cambio(sql, async (tx) => {
    await exigirNombreLibre(
      tx,
      tx`select 1 from salas where sede = ${s.sede} and normalizar(nombre) = normalizar(${s.nombre})`,
      'salas_sede_nombre_key',
    )
    const [fila] = await tx<Sala[]>`
      insert into salas (sede, modalidad, nombre, horario, ae_title, direccion, modalidad_dicom,
        juego_caracteres)
      values (${s.sede}, ${s.modalidad}, ${s.nombre}, ${tx.json(s.horario)},
        ${s.aeTitle ?? null}, ${s.direccion ?? null}, ${s.modalidadDicom ?? null},
        ${s.juegoCaracteres ?? 'ISO_IR 192'})
      returning ${COLUMNAS_SALA(tx)}`
    await tx`${insercionEvento(tx, evento(fila!))}`
    return fila!
  })

export const cambiarSala = (sql: Sql, id: number, s: CambioSala, evento: (sala: Sala) => Evento) =>
  cambio(sql, async (tx) => {
    const columnas = columnasSala(s)
    if (s.nombre !== undefined)
      await exigirNombreLibre(
        tx,
        tx`select 1 from salas o join salas s on s.id = ${id}
          where o.sede = s.sede and o.id <> s.id and normalizar(o.nombre) = normalizar(${s.nombre})`,
        'salas_sede_nombre_key',
      )
    if (columnas.horario) columnas.horario = tx.json(s.horario as postgres.JSONValue)
    const [fila] = await tx<Sala[]>`
      update salas set ${tx(columnas)} where id = ${id} returning ${COLUMNAS_SALA(tx)}`
    if (fila) await tx`${insercionEvento(tx, evento(fila))}`
    return fila
  })

export const crearEstudio = (
  sql: Sql,
  e: NuevoEstudio,
  evento: (estudio: EstudioCatalogo) => Evento,
) =>
  cambio(sql, async (tx) => {
    await exigirNombreLibre(
      tx,
      tx`select 1 from estudios
        where modalidad = ${e.modalidad} and normalizar(nombre) = normalizar(${e.nombre})`,
      'estudios_modalidad_nombre_key',
    )
    const [fila] = await tx<EstudioCatalogo[]>`
      insert into estudios (modalidad, codigo, nombre, duracion_minutos, preparacion, orden)
      values (${e.modalidad}, ${e.codigo}, ${e.nombre}, ${e.duracionMinutos}, ${e.preparacion ?? null},
        (select coalesce(max(orden), 0) + 1 from estudios where modalidad = ${e.modalidad}))
      returning ${COLUMNAS_ESTUDIO(tx)}`
    await tx`${insercionEvento(tx, evento(fila!))}`
    return fila!
  })

export const cambiarEstudio = (
  sql: Sql,
  id: number,
  e: CambioEstudio,
  evento: (estudio: EstudioCatalogo) => Evento,
) =>
  cambio(sql, async (tx) => {
    const columnas: Record<string, unknown> = {}
    if (e.nombre !== undefined) {
      await exigirNombreLibre(
        tx,
        tx`select 1 from estudios o join estudios s on s.id = ${id}
          where o.modalidad = s.modalidad and o.id <> s.id
            and normalizar(o.nombre) = normalizar(${e.nombre})`,
        'estudios_modalidad_nombre_key',
      )
      columnas.nombre = e.nombre
    }
    if (e.duracionMinutos !== undefined) columnas.duracion_minutos = e.duracionMinutos
    if (e.preparacion !== undefined) columnas.preparacion = e.preparacion
    if (e.activo !== undefined) columnas.activo = e.activo
    const [fila] = await tx<EstudioCatalogo[]>`
      update estudios set ${tx(columnas)} where id = ${id} returning ${COLUMNAS_ESTUDIO(tx)}`
    if (fila) await tx`${insercionEvento(tx, evento(fila))}`
    return fila
  })
