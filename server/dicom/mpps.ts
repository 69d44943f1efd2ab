// Modality Performed Procedure Steps (PS3.4 F.7): what the equipment says of a study it performs.
// Each step is kept by its SOP instance UID, so a repeated message changes nothing, and moves its
// atención along the worklist by the same conditional change, with its audit, as staff do
// (queries/mpps.ts's aplicarMpps, which the in-app reconciliation uses too).
import type postgres from 'postgres'
import { EVENTO_CAMBIO } from '../../shared/estado-atencion.js'
import { ESTADOS_MPPS, type EstadoMpps } from '../../shared/mpps.js'
import { inTransaction, type Sql } from '../db.js'
import { insercionEvento, type Evento } from '../queries/auditoria.js'
import { aplicarMpps } from '../queries/mpps.js'
import { texto } from './consulta.js'
import { ESTADO, type Elementos, type RespuestaN } from './dimse.js'
import type { SalaDicom } from './servidor.js'

const esEstadoMpps = (v: string): v is EstadoMpps => (ESTADOS_MPPS as readonly string[]).includes(v)

/** A decoded dataset as JSON for mpps.datos (binary values, which steps do not carry, dropped). */
function comoJson(datos: Elementos): postgres.JSONValue {
  return JSON.parse(
    JSON.stringify(datos, (k, v: unknown) =>
      k === '_vrMap' || v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? undefined : v,
    ),
  ) as postgres.JSONValue
}

const vacio = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** Requested procedures one step may perform: a real one does a handful. */
const MAXIMO_PROCEDIMIENTOS = 20

type HacerEvento = (accion: Evento['accion'], detalle: Record<string, unknown>) => Evento

/**
 * N-CREATE: a new step, IN PROGRESS; matched to the atenciones it performs by StudyInstanceUID or
 * accession, one per Scheduled Step Attributes item, and every one of them follows it. An atención
 * of another modality or sede than the calling sala's is never moved by it: a step with none of its
 * own waits in «Pasos de equipos sin atención» with the reason, for staff to assign.
 */
export async function crearMpps(
  sql: Sql,
  sala: SalaDicom,
  uidPedido: string | undefined,
  datos: Elementos,
  tz: string,
  evento: HacerEvento,
): Promise<RespuestaN> {
  // Type 1 attributes the server reads (PS3.4 F.7.2.1.1): missing is 0120, not a bad value.
  for (const clave of ['PerformedProcedureStepStatus', 'ScheduledStepAttributesSequence']) {
    if (!(clave in datos)) return { estado: ESTADO.atributoAusente, comentario: `Falta ${clave}` }
    if (vacio(datos[clave]))
      return { estado: ESTADO.faltaAtributo, comentario: `${clave} sin valor` }
  }
  const estado = texto(datos.PerformedProcedureStepStatus)
  if (estado !== 'IN PROGRESS')
    return { estado: ESTADO.valorInvalido, comentario: 'Un MPPS nuevo debe estar IN PROGRESS' }
  if (uidPedido !== undefined && !/^[0-9]+(\.[0-9]+)*$/.test(uidPedido))
    return { estado: ESTADO.valorInvalido, comentario: 'UID de instancia inválido' }
  // Which worklist items it performs: each of its Scheduled Step Attributes, by StudyInstanceUID
  // or accession.
  const lista = datos.ScheduledStepAttributesSequence
  const items = Array.isArray(lista) ? lista.filter((i) => i && typeof i === 'object') : []
  if (items.length > MAXIMO_PROCEDIMIENTOS)
    return {
      estado: ESTADO.valorInvalido,
      comentario: `Más de ${MAXIMO_PROCEDIMIENTOS} procedimientos en un paso`,
    }
  const pasos = (items as Elementos[]).map((sps) => {
    const accession = texto(sps.AccessionNumber)
    return {
      studyUid: texto(sps.StudyInstanceUID),
      id: /^[0-9]{1,9}$/.test(accession) ? Number(accession) : null,
    }
  })
  return inTransaction(sql, async (tx) => {
    // Each named atención, in the order named: the sala's own modality and sede, and of one
    // patient (the first's), are performed; any other is left, with the reason.
    const nombradas = await tx<
      {
        id: number
        pacienteId: number
        deLaSala: boolean
        motivo: string | null
      }[]
    >`
      select n.id, n.paciente_id, n.de_la_sala,
        case when not n.de_la_sala then format(
          'La atención %s es de %s en %s; la sala que la informó es de %s en %s',
          n.id, n.modalidad, n.sede, n.sala_modalidad, n.sala_sede) end as motivo
      from rows from (
        unnest(${pasos.map((p) => p.studyUid)}::text[]),
        unnest(${pasos.map((p) => p.id)}::int[])
      ) with ordinality as paso (study_uid, id, orden)
      cross join lateral (
        select a.id, a.paciente_id, a.modalidad, a.sede,
          a.modalidad = s.modalidad and a.sede = s.sede as de_la_sala,
          s.modalidad as sala_modalidad, s.sede as sala_sede
        from atenciones a join salas s on s.id = ${sala.id}
        where a.study_instance_uid = paso.study_uid or a.id = paso.id
        order by a.study_instance_uid = paso.study_uid desc limit 1
      ) n
      order by paso.orden`
    const primera = nombradas.find((n) => n.deLaSala)
    const hechas = [
      ...new Set(
        nombradas
          .filter((n) => n.deLaSala && n.pacienteId === primera!.pacienteId)
          .map((n) => n.id),
      ),
    ]
    const motivo = nombradas.find((n) => n.motivo)?.motivo ?? null
    const [nuevo] = await tx<{ uid: string }[]>`
      insert into mpps (uid, sala_id, atencion_id, estado, datos, motivo)
      values (coalesce(${uidPedido ?? null}, dicom_uid_nuevo()), ${sala.id},
        ${primera?.id ?? null}, ${estado}, ${tx.json(comoJson(datos))},
        ${primera ? null : motivo})
      on conflict (uid) do nothing
      returning uid`
    if (!nuevo) {
      // The same step again was recorded and applied the first time; its UID reused for another
      // patient is a duplicate instance (0111), never a change of whom the step is about.
      const [previo] = await tx<{ pacienteDicom: string | null }[]>`
        select datos ->> 'PatientID' as paciente_dicom from mpps where uid = ${uidPedido ?? ''}`
      const ahora = texto(datos.PatientID)
      if (previo && ahora !== '' && (previo.pacienteDicom ?? '') !== ahora)
        return {
          estado: ESTADO.instanciaRepetida,
          comentario: 'UID de MPPS ya usado por otro paciente',
        }
      return { estado: ESTADO.exito, uid: uidPedido }
    }
    if (hechas.length > 1)
      await tx`
        insert into mpps_atenciones (uid, atencion_id)
        select ${nuevo.uid}, unnest(${hechas.slice(1)}::int[])`
    const e = evento('mpps.recibido', {
      mpps: nuevo.uid,
      mensaje: 'N-CREATE',
      estado,
      atencion: primera?.id ?? null,
      ...(hechas.length > 1 ? { atenciones: hechas } : {}),
    })
    await tx`${insercionEvento(tx, { ...e, pacienteId: primera?.pacienteId ?? null })}`
    for (const id of hechas)
      await aplicarMpps(tx, id, estado, tz, { ...e, accion: EVENTO_CAMBIO.equipo, detalle: null })
    return { estado: ESTADO.exito, uid: nuevo.uid }
  })
}

/** N-SET: the step's new attributes; its end (COMPLETED, DISCONTINUED) is final. */
export async function cambiarMpps(
  sql: Sql,
  _sala: SalaDicom,
  uid: string,
  datos: Elementos,
  tz: string,
  evento: HacerEvento,
): Promise<RespuestaN> {
  const pedido = texto(datos.PerformedProcedureStepStatus)
  if (pedido !== '' && !esEstadoMpps(pedido))
    return { estado: ESTADO.valorInvalido, comentario: `Estado de MPPS desconocido: ${pedido}` }
  return inTransaction(sql, async (tx) => {
    const [actual] = await tx<
      {
        estado: EstadoMpps
        atencionId: number | null
        otras: number[]
        pacienteId: number | null
        nombreDicom: string | null
      }[]
    >`
      select m.estado, m.atencion_id, a.paciente_id,
        m.datos -> 'PatientName' -> 0 ->> 'Alphabetic' as nombre_dicom,
        array(select o.atencion_id from mpps_atenciones o where o.uid = m.uid order by 1) as otras
      from mpps m
      left join atenciones a on a.id = m.atencion_id
      where m.uid = ${uid} for update of m`
    if (!actual) return { estado: ESTADO.sinInstancia, comentario: 'MPPS desconocido' }
    const estado = pedido === '' ? actual.estado : pedido
    if (actual.estado !== 'IN PROGRESS') {
      // A repeat of the message that ended it changes nothing; anything else is refused.
      if (estado === actual.estado) return { estado: ESTADO.exito }
      return {
        estado: ESTADO.pasoTerminado,
        errorId: 0xa710,
        comentario: `El MPPS ya terminó (${actual.estado})`,
      }
    }
    // Whom the step is about is set by its N-CREATE (PS3.4 F.7.2.2: not an N-SET attribute).
    const nombre = texto(datos.PatientName)
    if (nombre !== '' && nombre !== (actual.nombreDicom ?? ''))
      return { estado: ESTADO.valorInvalido, comentario: 'Un N-SET no cambia el paciente del MPPS' }
    await tx`
      update mpps set estado = ${estado}, datos = datos || ${tx.json(comoJson(datos))},
        actualizado_en = now()
      where uid = ${uid}`
    const e = evento('mpps.recibido', {
      mpps: uid,
      mensaje: 'N-SET',
      estado,
      atencion: actual.atencionId,
    })
    await tx`${insercionEvento(tx, { ...e, pacienteId: actual.pacienteId })}`
    if (actual.atencionId !== null && estado !== actual.estado)
      for (const id of [actual.atencionId, ...actual.otras])
        await aplicarMpps(tx, id, estado, tz, {
          ...e,
          accion: EVENTO_CAMBIO.equipo,
          detalle: null,
        })
    return { estado: ESTADO.exito }
  })
}
