// Entregas of a patient's signed documents (docs/api.md#entregas): the desk records a printed copy
// handed over, with its audit record in the same statement; the list joins those with the emails
// the outbox sent and the patient's downloads, which the server records by itself.
import type { FastifyInstance } from 'fastify'
import {
  listarEntregasContract,
  MENSAJES_ENTREGAS as M,
  registrarEntregaContract,
  validarReceptor,
} from '../../shared/entregas.js'
import type { Sql } from '../db.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { insercionEvento, insercionLectura } from '../queries/auditoria.js'
import {
  documentoDePaciente,
  documentosFirmadosSql,
  documentosParaRespuesta,
} from '../queries/documentos-firmados.js'
import { aEntrega, COLUMNAS_ENTREGA, entregasSql, type FilaEntrega } from '../queries/entregas.js'
import { route } from '../route.js'

export async function entregasRoutes(app: FastifyInstance, opts: { sql: Sql }): Promise<void> {
  const { sql } = opts

  route(app, registrarEntregaContract, async (request, reply) => {
    const pacienteId = leerId(request.params.id, M.pacienteNoEncontrado)
    const { errores, receptor } = validarReceptor(request.body)
    if (!receptor) throw datosInvalidos(errores)
    const { documento, documentoId } = request.body
    const [p] = await sql`select 1 from pacientes where id = ${pacienteId} and fusionado_en is null`
    if (!p) throw new NotFoundError(M.pacienteNoEncontrado)
    const doc = await documentoDePaciente(sql, pacienteId, documento, documentoId)
    if (!doc) throw new NotFoundError(M.documentoNoEncontrado)
    const [fila] = await sql<FilaEntrega[]>`
      with e as (
        insert into entregas (atencion_id, documento, documento_id, medio, recibe_nombre,
          recibe_tipo_documento, recibe_documento, usuario_id, direccion)
        values (${doc.atencionId}, ${documento}, ${documentoId}, 'impresa', ${receptor.nombre},
          ${receptor.tipoDocumento}, ${receptor.documento}, ${request.usuario!.id},
          ${request.direccion})
        returning *),
      registro as (${insercionEvento(
        sql,
        eventoDe(request, 'entrega.registrada', {
          pacienteId,
          detalle: { documento, id: documentoId },
        }),
      )})
      select ${sql.unsafe(COLUMNAS_ENTREGA)}
      from e left join correos c on c.id = e.correo_id
        left join usuarios u on u.id = e.usuario_id`
    return reply.code(201).send(aEntrega(fila!))
  })

  route(app, listarEntregasContract, async (request) => {
    const id = leerId(request.params.id, M.pacienteNoEncontrado)
    // An absorbed record's id reads the survivor's, as its page does.
    const [p] = await sql<{ id: number }[]>`
      select s.id from pacientes p join pacientes s on s.id = coalesce(p.fusionado_en, p.id)
      where p.id = ${id}`
    if (!p) throw new NotFoundError(M.pacienteNoEncontrado)
    const [documentos, filas] = await Promise.all([
      documentosFirmadosSql(sql, p.id),
      sql<FilaEntrega[]>`
        with filas as (${entregasSql(sql, p.id)}),
        registro as (${insercionLectura(
          sql,
          eventoDe(request, 'entregas.consultadas', { pacienteId: p.id }),
          'filas',
          1,
        )})
        select * from filas order by id::bigint desc`,
    ])
    return {
      documentos: documentosParaRespuesta(documentos),
      entregas: filas.map(aEntrega),
    }
  })
}
