// GET /atenciones/:id/ticket: what an atención's printed ticket shows (docs/api.md#ticket-de-una-atención).
import type { FastifyInstance } from 'fastify'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import { ticketContract } from '../../shared/ticket.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { edadEn } from '../http/respuestas.js'
import { registrarEvento } from '../queries/auditoria.js'
import { leerTicket } from '../queries/ticket.js'
import { route } from '../route.js'
import { codigoAccesoLegible } from '../../shared/acceso.js'
import { emitirCodigo } from './acceso.js'

const NO_ENCONTRADA = 'Atención no encontrada'

export async function ticketRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts

  route(app, ticketContract, async (request) => {
    const id = leerId(request.params.id, NO_ENCONTRADA)
    // Read and recorded by one statement; an unknown id records nothing.
    const f = await leerTicket(sql, id, config.clinicTz, eventoDe(request, 'ticket.consultado'))
    if (!f) throw new NotFoundError(NO_ENCONTRADA)
    // The first ticket while the patient has no code in force issues one; a reprint does not.
    const acceso = await emitirCodigo(sql, f.pacienteId, request.usuario!.id, true)
    if (acceso?.codigo)
      await registrarEvento(sql, {
        ...eventoDe(request, 'resultados.codigo_emitido'),
        pacienteId: f.pacienteId,
        detalle: { por: 'ticket', atencionId: id },
      })
    return {
      atencion: {
        id: f.id,
        sede: f.sede,
        modalidad: f.modalidad,
        estudios: f.estudios.map((nombre) => ({ nombre })),
        estado: f.estado,
        prioridad: f.prioridad,
        fechaLlegada: f.fechaLlegada,
        horaLlegada: f.horaLlegada,
        solicitante: f.solicitante,
      },
      turno: f.turno,
      sala: f.sala,
      visita: f.visita.map((v) => ({ ...v, estudios: v.estudios.map((nombre) => ({ nombre })) })),
      paciente: {
        id: f.pacienteId,
        tipoDocumento: f.tipoDocumento,
        documento: f.documento,
        nombreCompleto: nombreCompleto(f),
        ...edadEn(f.fechaNacimiento, f.fechaLlegada),
      },
      accesoResultados: {
        codigo: acceso?.codigo ? codigoAccesoLegible(acceso.codigo) : null,
        emitidoEn: (acceso?.emitidoEn ?? new Date()).toISOString(),
        venceEn: (acceso?.venceEn ?? new Date()).toISOString(),
        url: `${config.publicUrl}/resultados`,
      },
    }
  })
}
