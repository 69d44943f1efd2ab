// The laboratory's samples (docs/api.md#laboratorio-muestras): registering the tubes an arrived LAB
// atención needs, receiving one by its scanned label (which starts a waiting atención, the estado
// machine's 'muestra' actor), rejecting one with its reason (which registers the new one to draw)
// and the data of their labels. Each change and its audit records commit in one transaction.
import type { FastifyRequest } from 'fastify'
import {
  ESTADOS,
  TIPO_DOCUMENTO_ETIQUETA,
  type Estado,
  type TipoDocumento,
} from '../../shared/catalogos.js'
import { fechaEnZona, fechaLegible, horaEnZona } from '../../shared/edad.js'
import { EVENTO_CAMBIO, origenes, PASOS } from '../../shared/estado-atencion.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import {
  codigoMuestra,
  MENSAJES_MUESTRAS as M,
  type MotivoRechazo,
  type Muestra,
} from '../../shared/muestras.js'
import { CARACTERES_CONTROL, limpiar } from '../../shared/texto.js'
import { inTransaction, type Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { cambiarEstado } from '../queries/atenciones.js'
import { registrarEvento } from '../queries/auditoria.js'
import {
  aMuestra,
  atencionDeMuestras,
  bloquearMuestra,
  insertarMuestrasPedidas,
  leerEtiquetas,
  leerMuestrasDeAtencion,
  muestraPorId,
  muestrasDeAtencion,
  rechazarYReemplazar,
  recibir,
  tieneValidados,
  type AtencionMuestras,
  type MuestraBloqueada,
} from '../queries/muestras.js'
import type { Etiqueta, FormatoEtiquetas } from './etiquetas-pdf.js'

/** The estados no move leaves (Informado, Cancelado, No se presentó): no sample is taken then. */
const CERRADOS: readonly Estado[] = ESTADOS.filter((e) => !PASOS.some((p) => p.desde === e))

/** Why samples cannot be taken or changed on atención `a`, or null. */
function impedimento(a: Pick<AtencionMuestras, 'modalidad' | 'estado'>): string | null {
  if (a.modalidad !== MODALIDAD_LABORATORIO) return M.noLaboratorio
  if (a.estado === 'Programado') return M.sinLlegada
  if (CERRADOS.includes(a.estado)) return M.atencionCerrada(a.estado)
  return null
}

/** «28/11/2026 10:32» at the clinic. */
const instante = (d: Date, tz: string) => `${fechaLegible(fechaEnZona(d, tz))} ${horaEnZona(d, tz)}`

/** The atención, or 404. */
async function existente(sql: Sql, id: number, bloquear = false): Promise<AtencionMuestras> {
  const a = await atencionDeMuestras(sql, id, { bloquear })
  if (!a) throw new NotFoundError(M.atencionNoEncontrada)
  return a
}

/** Every sample of the atención, rejected ones too, read with its audit record. */
export async function listarMuestras(
  sql: Sql,
  request: FastifyRequest,
  atencionId: number,
): Promise<Muestra[]> {
  const a = await existente(sql, atencionId)
  const evento = eventoDe(request, 'muestras.consultadas')
  return (await leerMuestrasDeAtencion(sql, a, evento)).map(aMuestra)
}

/**
 * Registers a pending sample for each recipiente the atención's LAB studies need that has none
 * live; the ones it has stay. Returns all its samples. Two desks at once end with the same set.
 */
export async function tomarMuestras(
  sql: Sql,
  request: FastifyRequest,
  atencionId: number,
): Promise<Muestra[]> {
  const yo = request.usuario!.id
  return inTransaction(sql, async (tx) => {
    const a = await existente(tx, atencionId, true)
    const porQueNo = impedimento(a)
    if (porQueNo) throw new ConflictError(porQueNo)
    const nuevas = await insertarMuestrasPedidas(tx, atencionId, yo)
    await registrarEvento(
      tx,
      eventoDe(request, 'muestras.registradas', {
        pacienteId: a.pacienteId,
        detalle: { atencion: atencionId, nuevas: nuevas.map(codigoMuestra) },
      }),
    )
    return (await muestrasDeAtencion(tx, atencionId)).map(aMuestra)
  })
}

/** The sample of a scanned code, held, or 404. */
async function bloqueada(tx: Sql, id: number): Promise<MuestraBloqueada> {
  const m = await bloquearMuestra(tx, id)
  if (!m) throw new NotFoundError(M.noEncontrada)
  return m
}

/**
 * Receives a pending sample; in the same transaction a waiting atención starts (En espera → En
 * proceso, by the 'muestra' actor, with the usual record of an estado change). Of two scans at
 * once, one receives it and the other is told when it was.
 */
export async function recibirMuestra(
  sql: Sql,
  request: FastifyRequest,
  id: number,
  tz: string,
): Promise<Muestra> {
  const yo = request.usuario!.id
  await inTransaction(sql, async (tx) => {
    const m = await bloqueada(tx, id)
    if (m.estado === 'rechazada') throw new ConflictError(M.rechazada)
    if (m.estado === 'recibida') throw new ConflictError(M.yaRecibida(instante(m.recibidaEn!, tz)))
    const porQueNo = impedimento({ modalidad: MODALIDAD_LABORATORIO, estado: m.atencionEstado })
    if (porQueNo) throw new ConflictError(porQueNo)
    // Held since it was read pending: the conditional update cannot miss, but never trusts that.
    if ((await recibir(tx, id, yo)) === undefined) throw new ConflictError(M.rechazada)
    await registrarEvento(
      tx,
      eventoDe(request, 'muestra.recibida', {
        pacienteId: m.pacienteId,
        detalle: { atencion: m.atencionId, muestra: codigoMuestra(id) },
      }),
    )
    await cambiarEstado(
      tx,
      m.atencionId,
      { estado: 'En proceso', desde: origenes('En proceso', 'muestra'), motivo: null, por: yo },
      tz,
      eventoDe(request, EVENTO_CAMBIO.muestra),
    )
  })
  return aMuestra((await muestraPorId(sql, id))!)
}

/** A rejection's note: control characters and runs of blanks made one space; blank is none. */
export function notaDeRechazo(nota: string | undefined): string | null {
  const limpia = limpiar((nota ?? '').replace(new RegExp(`[${CARACTERES_CONTROL}]`, 'g'), ' '))
  return limpia || null
}

/**
 * Rejects a pending or received sample with its reason and registers the new pending one that
 * replaces it, in one transaction. Refused once a result of its exams is validated: that is
 * corrected, not redrawn.
 */
export async function rechazarMuestra(
  sql: Sql,
  request: FastifyRequest,
  id: number,
  rechazo: { motivo: MotivoRechazo; nota?: string },
): Promise<{ rechazada: Muestra; nueva: Muestra }> {
  const nota = notaDeRechazo(rechazo.nota)
  if (rechazo.motivo === 'Otro' && !nota)
    throw datosInvalidos([{ campo: 'nota', mensaje: M.notaRequerida }])
  const yo = request.usuario!.id
  const nuevaId = await inTransaction(sql, async (tx) => {
    const m = await bloqueada(tx, id)
    if (m.estado === 'rechazada') throw new ConflictError(M.rechazada)
    const porQueNo = impedimento({ modalidad: MODALIDAD_LABORATORIO, estado: m.atencionEstado })
    if (porQueNo) throw new ConflictError(porQueNo)
    if (await tieneValidados(tx, m)) throw new ConflictError(M.conValidados)
    const nueva = await rechazarYReemplazar(tx, m, { motivo: rechazo.motivo, nota, por: yo })
    await registrarEvento(
      tx,
      eventoDe(request, 'muestra.rechazada', {
        pacienteId: m.pacienteId,
        detalle: {
          atencion: m.atencionId,
          muestra: codigoMuestra(id),
          motivo: rechazo.motivo,
          nueva: codigoMuestra(nueva),
        },
      }),
    )
    return nueva
  })
  const [rechazada, nueva] = await Promise.all([muestraPorId(sql, id), muestraPorId(sql, nuevaId)])
  return { rechazada: aMuestra(rechazada!), nueva: aMuestra(nueva!) }
}

/** «DNI», «CE», «Pasaporte»…: the document's kind as a label has room for. */
const tipoCorto = (t: TipoDocumento) =>
  t === 'ce' ? 'CE' : TIPO_DOCUMENTO_ETIQUETA[t].replace(/ \(.*\)$/, '')

/** What the labels of the atención's live samples print, read with the record of their printing. */
export async function etiquetasDeAtencion(
  sql: Sql,
  request: FastifyRequest,
  atencionId: number,
  formato: FormatoEtiquetas,
  tz: string,
): Promise<Etiqueta[]> {
  const a = await existente(sql, atencionId)
  if (a.modalidad !== MODALIDAD_LABORATORIO) throw new ConflictError(M.noLaboratorio)
  const filas = await leerEtiquetas(
    sql,
    a,
    tz,
    { formato },
    eventoDe(request, 'muestras.etiquetas'),
  )
  if (filas.length === 0) throw new ConflictError(M.sinMuestras)
  return filas.map((f) => ({
    codigo: codigoMuestra(f.id),
    paciente: `${[f.primerApellido, f.segundoApellido].filter(Boolean).join(' ')}, ${[
      f.primerNombre,
      f.segundoNombre,
    ]
      .filter(Boolean)
      .join(' ')}`,
    documento: `${tipoCorto(f.tipoDocumento)} ${f.documento}`,
    recipiente: f.recipiente,
    estudios: f.estudios,
    fecha: f.fecha,
  }))
}
