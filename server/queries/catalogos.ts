// Sedes, modalities, salas and estudios (migrations 0022 and 0050): reads, and the admins'
// changes, each written with its audit event in one transaction. A unique violation, or a DICOM
// code a sala uses, comes back as the name of the constraint, for the route to turn into its
// Spanish 409.
import type postgres from 'postgres'
import type {
  CambioEstudio,
  CambioModalidad,
  CambioSala,
  CambioSede,
  EstudioCatalogo,
  ModalidadFila,
  NuevaModalidad,
  NuevaSala,
  NuevoEstudio,
  Sala,
  SedeCatalogo,
} from '../../shared/configuracion.js'
import { inTransaction, type Sql } from '../db.js'
import { insercionEvento, type Evento } from './auditoria.js'

/** What migration 0050's triggers name when a sala would publish a code its modality lacks. */
const CODIGO_DICOM_AJENO: readonly (string | undefined)[] = [
  'salas_modalidad_dicom_check',
  'modalidades_codigos_en_uso',
]

/** The constraint a change ran into: a name already taken, or a DICOM code a sala uses. */
export class Repetido extends Error {
  constructor(readonly restriccion: string) {
    super(restriccion)
  }
}

const COLUMNAS_SALA = (sql: Sql) =>
  sql`id, sede, modalidad, nombre, horario, ae_title, direccion, modalidad_dicom, juego_caracteres, activa`
const COLUMNAS_ESTUDIO = (sql: Sql) =>
  sql`id, modalidad, codigo, nombre, duracion_minutos, preparacion, activo`
const COLUMNAS_MODALIDAD = (sql: Sql) => sql`valor, etiqueta, codigos_dicom, icono, activa`
/** A modality's place in the clinic's lists, as SQL over a row's `modalidad`. */
const ordenModalidad = (sql: Sql, columna: postgres.Fragment) =>
  sql`(select orden from modalidades where valor = ${columna})`

const COLUMNAS_SEDE = (sql: Sql) =>
  sql`nombre, activa, informe_doble_firma, laboratorio_autovalidacion`

export const listarSedes = (sql: Sql) =>
  sql<SedeCatalogo[]>`select ${COLUMNAS_SEDE(sql)} from sedes order by orden, nombre`

export const listarModalidades = (sql: Sql) =>
  sql<ModalidadFila[]>`select ${COLUMNAS_MODALIDAD(sql)} from modalidades order by orden, valor`

export const listarSalas = (sql: Sql) =>
  sql<Sala[]>`
    select ${COLUMNAS_SALA(sql)} from salas s
    order by (select orden from sedes where nombre = s.sede), s.sede,
      ${ordenModalidad(sql, sql`s.modalidad`)}, s.nombre`

export const listarEstudios = (sql: Sql) =>
  sql<EstudioCatalogo[]>`
    select ${COLUMNAS_ESTUDIO(sql)} from estudios e
    order by ${ordenModalidad(sql, sql`e.modalidad`)}, orden, nombre`

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
    if (
      e.code === '23505' ||
      (e.code === '23514' && CODIGO_DICOM_AJENO.includes(e.constraint_name))
    )
      throw new Repetido(e.constraint_name ?? '')
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
      returning ${COLUMNAS_SEDE(tx)}`
    await tx`${insercionEvento(tx, evento)}`
    return fila!
  })

/**
 * Renames a sede, activates or deactivates it, turns its second signature on or off (an informe
 * already `preliminar` there keeps needing it: server/informes/firmar.ts) or its lab's
 * self-validation. A new name reaches every
 * row that keeps the old one (atenciones, salas, usuarios, feriados: migration 0049) in this same
 * transaction; the same name in other letters («lima» for «Lima») is the sede itself, not another.
 */
export const cambiarSede = (sql: Sql, nombre: string, c: CambioSede, evento: Evento) =>
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
        nombre = coalesce(${c.nombre ?? null}::text, nombre),
        informe_doble_firma = coalesce(${c.informeDobleFirma ?? null}::boolean, informe_doble_firma),
        laboratorio_autovalidacion = coalesce(${c.laboratorioAutovalidacion ?? null}::boolean,
          laboratorio_autovalidacion)
      where nombre = ${nombre} returning ${COLUMNAS_SEDE(tx)}`
    if (fila) await tx`${insercionEvento(tx, evento)}`
    return fila
  })

/**
 * A new modality, last in the clinic's order. Its icon is `otra`, the drawing every modality a
 * clinic adds shares (client/components/badges.tsx); the four of 0050 have their own.
 */
export const crearModalidad = (sql: Sql, m: NuevaModalidad, evento: Evento) =>
  cambio(sql, async (tx) => {
    await exigirNombreLibre(
      tx,
      tx`select 1 from modalidades where lower(valor) = lower(${m.valor})`,
      'modalidades_pkey',
    )
    await exigirNombreLibre(
      tx,
      tx`select 1 from modalidades where normalizar(etiqueta) = normalizar(${m.etiqueta})`,
      'modalidades_etiqueta_normalizada_key',
    )
    const [fila] = await tx<ModalidadFila[]>`
      insert into modalidades (valor, etiqueta, codigos_dicom, icono, orden)
      values (${m.valor}, ${m.etiqueta}, ${m.codigosDicom}::text[], 'otra',
        (select coalesce(max(orden), 0) + 1 from modalidades))
      returning ${COLUMNAS_MODALIDAD(tx)}`
    await tx`${insercionEvento(tx, evento)}`
    return fila!
  })

/**
 * Changes a modality's label or DICOM codes, or activates or deactivates it. Its row is taken
 * first, so a sala created or given a code meanwhile waits; a code one of its salas publishes
 * cannot be removed (Repetido 'modalidades_codigos_en_uso'), and it cannot be deactivated while
 * it has active salas (the names of those salas come back instead).
 */
export const cambiarModalidad = (sql: Sql, valor: string, c: CambioModalidad, evento: Evento) =>
  cambio(
    sql,
    async (
      tx,
    ): Promise<ModalidadFila | { salasActivas: string[] } | 'sinCodigosConSalas' | undefined> => {
      const [actual] = await tx`select 1 from modalidades where valor = ${valor} for update`
      if (!actual) return undefined
      if (c.etiqueta !== undefined)
        await exigirNombreLibre(
          tx,
          tx`select 1 from modalidades
          where normalizar(etiqueta) = normalizar(${c.etiqueta}) and valor <> ${valor}`,
          'modalidades_etiqueta_normalizada_key',
        )
      // Its active salas with no code of their own publish its usual one: it cannot lose them all.
      if (c.codigosDicom?.length === 0) {
        const [r] = await tx<{ publica: boolean }[]>`
        select cardinality(codigos_dicom) > 0 and exists (
          select 1 from salas where modalidad = ${valor} and activa) as publica
        from modalidades where valor = ${valor}`
        if (r?.publica) return 'sinCodigosConSalas'
      }
      if (c.activa === false) {
        const salas = await tx<{ sala: string }[]>`
        select nombre || ' (' || sede || ')' as sala from salas
        where modalidad = ${valor} and activa order by sede, nombre`
        if (salas.length > 0) return { salasActivas: salas.map((s) => s.sala) }
      }
      const [fila] = await tx<ModalidadFila[]>`
      update modalidades set etiqueta = coalesce(${c.etiqueta ?? null}::text, etiqueta),
        codigos_dicom = coalesce(${c.codigosDicom ?? null}::text[], codigos_dicom),
        activa = coalesce(${c.activa ?? null}::boolean, activa)
      where valor = ${valor} returning ${COLUMNAS_MODALIDAD(tx)}`
      await tx`${insercionEvento(tx, evento)}`
      return fila
    },
  )

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

/**
 * A new sala, of an active modality: that row is read `for share`, as when a sala is activated
 * (cambiarSala), so a deactivation at the same time waits or is seen.
 */
export const crearSala = (sql: Sql, s: NuevaSala, evento: (sala: Sala) => Evento) =>
  cambio(sql, async (tx): Promise<Sala | 'modalidadInactiva'> => {
    const [m] = await tx<{ activa: boolean }[]>`
      select activa from modalidades where valor = ${s.modalidad} for share`
    if (!m?.activa) return 'modalidadInactiva'
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

/**
 * Changes a sala. Activating it needs its modality active: that row is read `for share`, so a
 * deactivation of the modality (which takes it `for update`, then looks for active salas) waits
 * or is seen; 'modalidadInactiva' comes back instead.
 */
export const cambiarSala = (sql: Sql, id: number, s: CambioSala, evento: (sala: Sala) => Evento) =>
  cambio(sql, async (tx): Promise<Sala | 'modalidadInactiva' | undefined> => {
    if (s.activa === true) {
      const [m] = await tx<{ activa: boolean }[]>`
        select m.activa from salas x join modalidades m on m.valor = x.modalidad
        where x.id = ${id} for share of m`
      if (m && !m.activa) return 'modalidadInactiva'
    }
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
