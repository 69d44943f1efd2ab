// Citas: a sede's day agenda, booking into a sala's free time, rescheduling and arrival. A cita is
// the atención itself (docs/datos.md#citas); cancelling it and marking it missed are estado changes
// of PATCH /atenciones/:id.
import type { FastifyInstance } from 'fastify'
import { validarEstudios } from '../../shared/atenciones.js'
import { ESTADOS_NO_REALIZADOS, type Estado } from '../../shared/catalogos.js'
import {
  agendaContract,
  deshacerReprogramacionContract,
  diaIso,
  DURACION,
  llegadaCitaContract,
  MENSAJES_CITAS as M,
  reprogramarCitaContract,
  reservarCitaContract,
  type Cita,
  type SalaAgenda,
} from '../../shared/citas.js'
import type { ErrorCampo } from '../../shared/contract.js'
import { tramosDelDia } from '../../shared/configuracion.js'
import { esDiaDeLaClinica } from '../../shared/edad.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import { EVENTO_CAMBIO, origenes } from '../../shared/estado-atencion.js'
import {
  estudiosActivos,
  etiquetaModalidad,
  sedesActivas,
  type CacheCatalogos,
} from '../catalogos.js'
import { llegadaDeOtroDia } from '../atenciones/estado.js'
import { deshacerReprogramacion, reprogramar } from '../citas/reprogramacion.js'
import { duracionMinutos, salaValida, tomado, turnoEn } from '../citas/turnos.js'
import type { Config } from '../config.js'
import { enviar, inTransaction, type Sql } from '../db.js'
import { ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { aLocal, turnosLibres } from '../horario.js'
import { feriadoEn } from '../queries/feriados.js'
import { eventoDe, filtrosDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aAtencion, aBloqueo } from '../http/respuestas.js'
import { cambiarEstado, obtenerAtencion, type AtencionFila } from '../queries/atenciones.js'
import { bloqueosDelDia } from '../queries/bloqueos.js'
import { citasDelDia, insertarCita, instantesLocales } from '../queries/citas.js'
import { route } from '../route.js'

/** An atención that is a cita, as the citas calls answer it: with its sala and clinic-local range. */
export function aCita(f: AtencionFila, tz: string): Cita {
  if (f.salaId === null || !f.inicio || !f.fin) throw new NotFoundError(M.citaNoEncontrada)
  return { ...aAtencion(f), salaId: f.salaId, inicio: aLocal(f.inicio, tz), fin: aLocal(f.fin, tz) }
}

export async function citasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts
  const tz = config.clinicTz

  route(app, agendaContract, async (request) => {
    const q = request.query
    const c = await catalogos.leer()
    const errores: ErrorCampo[] = []
    if (!c.sedes.some((s) => s.nombre === q.sede))
      errores.push({ campo: 'sede', mensaje: `Sede no válida: use ${sedesActivas(c).join(', ')}` })
    if (!esDiaDeLaClinica(q.fecha)) errores.push({ campo: 'fecha', mensaje: 'Fecha inválida' })
    const duracion = q.duracion === undefined ? undefined : Number(q.duracion)
    if (duracion !== undefined && (duracion < DURACION.minima || duracion > DURACION.maxima)) {
      errores.push({
        campo: 'duracion',
        mensaje: `Duración en minutos, de ${DURACION.minima} a ${DURACION.maxima}`,
      })
    }
    const salas = c.activos.salas.filter(
      (s) => s.sede === q.sede && (q.sala === undefined || s.id === Number(q.sala)),
    )
    if (q.sala !== undefined && errores.length === 0 && salas.length === 0)
      errores.push({ campo: 'sala', mensaje: M.salaDeOtraSede })
    if (errores.length > 0) throw datosInvalidos(errores)

    const dia = diaIso(q.fecha)
    // On a feriado every sala of the sede is closed: its citas still show, no slot is free.
    const feriado = await feriadoEn(sql, q.fecha, q.sede)
    const tramos = salas.map((s) => (feriado ? [] : tramosDelDia(s.horario, dia)))
    const locales = tramos.flat().flatMap((t) => [`${q.fecha}T${t.abre}`, `${q.fecha}T${t.cierra}`])
    const ids = salas.map((s) => s.id)
    // The day's citas and bloqueos take the salas as an array, and for an array parameter
    // PostgreSQL planned each statement anew, to the same plan as its cached generic one: 0.6 ms
    // of planning for 0.5 of work (docs/presupuestos.md#cpu-por-solicitud). In one transaction,
    // sent with its BEGIN and COMMIT in one write, they keep the generic plan.
    const [horas, citas, bloqueos] = await inTransaction(sql, async (tx, confirmar) => {
      enviar(tx`set local plan_cache_mode = force_generic_plan`)
      const lecturas = Promise.all([
        enviar(instantesLocales(tx, locales.length > 0 ? locales : [`${q.fecha}T00:00`], tz)),
        salas.length > 0
          ? enviar(
              citasDelDia(
                tx,
                ids,
                q.fecha,
                tz,
                // Names and ids of a sede's day: a read of patients for the audit trail.
                eventoDe(request, 'agenda.consultada', { detalle: filtrosDe(q) }),
              ),
            )
          : [],
        salas.length > 0 ? enviar(bloqueosDelDia(tx, ids, q.fecha, tz)) : [],
      ])
      void confirmar()
      return lecturas
    })
    const limites = horas.instantes
    let i = 0
    const respuesta: SalaAgenda[] = salas.map((sala, n) => {
      const abiertos = tramos[n]!.map(() => ({ inicio: limites[i++]!, fin: limites[i++]! }))
      const suyas = citas.filter((x) => x.salaId === sala.id)
      const suyos = bloqueos.filter((b) => b.salaId === sala.id)
      const local = (t: { inicio: Date | number; fin: Date | number }) => ({
        inicio: aLocal(t.inicio, tz),
        fin: aLocal(t.fin, tz),
      })
      const r: SalaAgenda = {
        id: sala.id,
        nombre: sala.nombre,
        modalidad: sala.modalidad,
        apertura:
          abiertos.length > 0
            ? local({ inicio: abiertos[0]!.inicio, fin: abiertos.at(-1)!.fin })
            : null,
        horario: abiertos.map(local),
        bloqueos: suyos.map((b) => aBloqueo(b, tz)),
        citas: suyas.map((x) => ({
          id: x.id,
          pacienteId: x.pacienteId,
          paciente: nombreCompleto(x),
          estudios: x.estudios.map((nombre) => ({ nombre })),
          estado: x.estado,
          prioridad: x.prioridad,
          ...local(x),
        })),
      }
      if (duracion !== undefined) {
        // Live citas and blocked periods hold time alike; the free slots skip both, by start.
        const ocupados = [
          ...suyas.filter((x) => !(ESTADOS_NO_REALIZADOS as readonly Estado[]).includes(x.estado)),
          ...suyos,
        ]
          .map((x) => ({ inicio: x.inicio.getTime(), fin: x.fin.getTime() }))
          .sort((x, y) => x.inicio - y.inicio)
        r.libres = abiertos.flatMap((t) =>
          turnosLibres(
            { inicio: t.inicio.getTime(), fin: t.fin.getTime() },
            ocupados,
            duracion * 60_000,
            horas.ahora.getTime(),
          ).map(local),
        )
      }
      return r
    })
    return { sede: q.sede, fecha: q.fecha, feriado, salas: respuesta }
  })

  route(app, reservarCitaContract, async (request, reply) => {
    const b = request.body
    const c = await catalogos.leer()
    const sala = salaValida(c, b.salaId)
    const errores = validarEstudios(
      etiquetaModalidad(c, sala.modalidad),
      b.estudios,
      estudiosActivos(c, sala.modalidad),
    )
    if (errores.length > 0) throw datosInvalidos(errores)
    const estudios = b.estudios.map((e) => e.nombre.trim())
    // The check and the insert in one transaction: a block being created waits or is seen.
    const { turno, fila } = await inTransaction(sql, async (tx) => {
      const turno = await turnoEn(
        tx,
        sala,
        b.inicio,
        duracionMinutos(c, sala.modalidad, estudios),
        tz,
      )
      const fila = await insertarCita(
        tx,
        {
          pacienteId: b.pacienteId,
          salaId: sala.id,
          sede: sala.sede,
          modalidad: sala.modalidad,
          estudios,
          prioridad: b.prioridad ?? 'Rutina',
          procedencia: b.procedencia ?? 'Ambulatorio',
          inicio: turno.inicio,
          fin: turno.fin,
          creadoPor: request.usuario?.id ?? null,
        },
        { sala: sala.id, inicio: aLocal(turno.inicio, tz), fin: aLocal(turno.fin, tz) },
        tz,
        eventoDe(request, 'cita.creada'),
      )
      return { turno, fila }
    })
    if (fila === 'solape') throw await tomado(sql, turno, tz)
    if (fila === 'sinPaciente') throw new NotFoundError(M.pacienteNoEncontrado)
    reply.code(201)
    return aCita(fila, tz)
  })

  route(app, reprogramarCitaContract, async (request) => {
    const id = leerId(request.params.id, M.citaNoEncontrada)
    const c = await catalogos.leer()
    const evento = eventoDe(request, 'cita.reprogramada')
    return aCita(await reprogramar(sql, c, id, request.body, tz, evento), tz)
  })

  route(app, deshacerReprogramacionContract, async (request) => {
    const id = leerId(request.params.id, M.citaNoEncontrada)
    const c = await catalogos.leer()
    const quien = {
      usuarioId: request.usuario?.id ?? null,
      admin: request.usuario?.rol === 'admin',
    }
    const evento = eventoDe(request, 'cita.reprogramacion_deshecha')
    const fila = await deshacerReprogramacion(sql, c, id, request.body.inicio, quien, tz, evento)
    return aCita(fila, tz)
  })

  route(app, llegadaCitaContract, async (request) => {
    const id = leerId(request.params.id, M.citaNoEncontrada)
    // The same estado change as the worklist's, undoable like it; only for a cita.
    const fila = await cambiarEstado(
      sql,
      id,
      {
        estado: 'En espera',
        desde: origenes('En espera', 'llegada'),
        motivo: null,
        por: request.usuario?.id ?? null,
        soloCitas: true,
        soloSuDia: true,
      },
      tz,
      eventoDe(request, EVENTO_CAMBIO.llegada),
    )
    if (fila) return aCita(fila, tz)
    const actual = await obtenerAtencion(sql, id, tz)
    if (!actual?.inicio) throw new NotFoundError(M.citaNoEncontrada)
    // A repeated click: it already arrived.
    if (actual.estado === 'En espera') return aCita(actual, tz)
    const otroDia = llegadaDeOtroDia(actual, 'En espera', tz)
    if (otroDia) throw otroDia
    throw new ConflictError(M.llegadaNoProgramada(actual.estado))
  })
}
