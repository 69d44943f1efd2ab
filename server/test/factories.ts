// Small builders of patients and atenciones for tests: through the API when the test is about
// the API, straight into the database when a test needs a chosen time.
import type { Atencion, AtencionEntrada } from '../../shared/atenciones.js'
import { POLITICA_PRIVACIDAD_VERSION } from '../../shared/catalogos.js'
import { PACIENTE_VACIO, type Paciente, type PacienteEntrada } from '../../shared/paciente-datos.js'
import type { Sql } from '../db.js'
import type { TestApp } from './app.js'

let secuencia = 0
/** A DNI no other call of this test file has used. */
export function dniNuevo(): string {
  secuencia += 1
  return String(10_000_000 + ((process.pid * 7919 + secuencia * 104_729) % 89_999_999)).slice(0, 8)
}

/** A valid registration body as the form sends it (blank optional fields as ''). */
export function datosPaciente(cambios: Partial<PacienteEntrada> = {}): PacienteEntrada {
  return {
    ...PACIENTE_VACIO,
    tipoDocumento: 'dni',
    documento: dniNuevo(),
    primerNombre: 'Rosa',
    primerApellido: 'Quispe',
    fechaNacimiento: '1985-04-12',
    edad: 40,
    sexo: 'Femenino',
    departamento: 'Lima',
    municipio: 'Lima',
    zonaResidencial: 'Urbana',
    aceptaPolitica: true,
    ...cambios,
  }
}

const json = (t: TestApp) => ({ ...t.headers, 'content-type': 'application/json' })

export async function crearPaciente(
  t: TestApp,
  cambios: Partial<PacienteEntrada> = {},
): Promise<Paciente> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/pacientes',
    headers: json(t),
    payload: datosPaciente(cambios),
  })
  if (res.statusCode !== 201) throw new Error(`crearPaciente: ${res.statusCode} ${res.body}`)
  return res.json()
}

export function datosAtencion(cambios: Partial<AtencionEntrada> = {}): AtencionEntrada {
  return { sede: 'Lima', modalidad: 'RX', estudios: [{ nombre: 'Tórax PA' }], ...cambios }
}

export async function crearAtencion(
  t: TestApp,
  pacienteId: number,
  cambios: Partial<AtencionEntrada> = {},
): Promise<Atencion> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/pacientes/${pacienteId}/atenciones`,
    headers: json(t),
    payload: datosAtencion(cambios),
  })
  if (res.statusCode !== 201) throw new Error(`crearAtencion: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** A patient inserted directly, with a chosen registration instant. */
export async function insertarPaciente(
  sql: Sql,
  cambios: {
    tipoDocumento?: string
    documento?: string
    primerNombre?: string
    segundoNombre?: string | null
    primerApellido?: string
    segundoApellido?: string | null
    fechaNacimiento?: string
    creadoEn?: string
  } = {},
): Promise<number> {
  const [fila] = await sql<{ id: number }[]>`
    insert into pacientes (tipo_documento, documento, primer_nombre, segundo_nombre, primer_apellido, segundo_apellido,
      fecha_nacimiento, sexo, departamento, municipio, zona_residencial, politica_aceptada_en, politica_version, creado_en)
    values (${cambios.tipoDocumento ?? 'dni'}, ${cambios.documento ?? dniNuevo()}, ${cambios.primerNombre ?? 'Luis'},
      ${cambios.segundoNombre ?? null}, ${cambios.primerApellido ?? 'Mamani'}, ${cambios.segundoApellido ?? null},
      ${cambios.fechaNacimiento ?? '1970-01-01'}, 'Masculino', 'Cusco', 'Cusco', 'Rural', now(),
      ${POLITICA_PRIVACIDAD_VERSION}, ${cambios.creadoEn ?? new Date().toISOString()}::timestamptz)
    returning id`
  return fila!.id
}

/** An atención inserted directly at a chosen instant. */
export async function insertarAtencion(
  sql: Sql,
  pacienteId: number,
  cambios: {
    llegada?: string
    sede?: string
    modalidad?: string
    estudios?: string[]
    estado?: string
    prioridad?: string
  } = {},
): Promise<number> {
  const [fila] = await sql<{ id: number }[]>`
    insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad, llegada)
    values (${pacienteId}, ${cambios.sede ?? 'Lima'}, ${cambios.modalidad ?? 'RX'}, ${cambios.estudios ?? ['Tórax PA']}::text[],
      ${cambios.estado ?? 'En espera'}, 'Ambulatorio', ${cambios.prioridad ?? 'Rutina'},
      ${cambios.llegada ?? new Date().toISOString()}::timestamptz)
    returning id`
  return fila!.id
}

/** A sala's opening hours as the seeded salas have them: Monday to Saturday, 07:00 to 20:00. */
export const LUNES_A_SABADO = [1, 2, 3, 4, 5, 6].map((dia) => ({
  dia,
  abre: '07:00',
  cierra: '20:00',
}))

/**
 * A booked cita moved to start now, keeping its length: a cita of today, whatever the hour the
 * test runs at (booking itself only takes the future within the sala's hours). Its arrival may
 * then be marked, which only a cita's own day allows.
 */
export async function citaAhora(sql: Sql, id: number): Promise<void> {
  await sql`
    update atenciones set turno = tstzrange(now(), now() + (upper(turno) - lower(turno))),
      llegada = now()
    where id = ${id} and turno is not null`
}

/** The latest event of the audit trail: what the last change or read recorded. */
export async function ultimoEvento(t: TestApp) {
  const [e] = await t.db.sql<
    { accion: string; usuario: string; detalle: Record<string, unknown>; direccion: string }[]
  >`select accion, usuario, detalle, direccion from auditoria order by id desc limit 1`
  return e!
}

/** POST /pacientes/:id/atenciones for a new patient: the usual body with `cambios`. */
export async function registrarEnPacienteNuevo(t: TestApp, cambios: Partial<AtencionEntrada>) {
  const p = await crearPaciente(t)
  return t.app.inject({
    method: 'POST',
    url: `/pacientes/${p.id}/atenciones`,
    headers: t.headers,
    payload: { ...datosAtencion(), ...cambios },
  })
}
