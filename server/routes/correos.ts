// Emails about a patient's signed documents (docs/api.md#correos): the desk's request is a row of
// the outbox, written with its audit record; the sender (server/correo/bandeja.ts) runs in this
// server, woken by each request and every minute, and only when SMTP_URL is set.
import type { FastifyInstance } from 'fastify'
import {
  listarCorreosContract,
  MENSAJES_CORREOS as M,
  pedirCorreoContract,
  type Correo,
} from '../../shared/correos.js'
import { fechaEnZona } from '../../shared/edad.js'
import type { Config } from '../config.js'
import { enviarPendientes } from '../correo/bandeja.js'
import { mensajePaciente } from '../correo/mensaje.js'
import { crearSmtp } from '../correo/smtp.js'
import type { Sql } from '../db.js'
import { ConflictError, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { insercionEvento, insercionLectura } from '../queries/auditoria.js'
import {
  documentoDePaciente,
  documentosFirmadosSql,
  documentosParaRespuesta,
} from '../queries/documentos-firmados.js'
import { route } from '../route.js'

/** The most emails one patient's list shows. */
const LIMITE_LISTA = 200

type FilaCorreo = Omit<Correo, 'creadoEn' | 'enviadoEn'> & {
  creadoEn: Date
  enviadoEn: Date | null
}

const aCorreo = (f: FilaCorreo): Correo => ({
  ...f,
  creadoEn: f.creadoEn.toISOString(),
  enviadoEn: f.enviadoEn?.toISOString() ?? null,
})

const COLUMNAS = `c.id::text as id, c.documento, c.documento_id, c.destinatario, c.correo, c.estado,
  c.intentos, c.error, c.creado_en, c.enviado_en`

export async function correosRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const smtp = config.smtp ? crearSmtp(config.smtp.url, config.smtp.remitente) : null

  // One pass at a time; a request during a pass asks for one more after it, so no row waits a
  // minute for the clock. The clock retries the rows a failure put off.
  let enCurso: Promise<void> | null = null
  let otraPasada = false
  let detenido = false
  const despertar = (): void => {
    if (detenido) return
    if (enCurso) {
      otraPasada = true
      return
    }
    enCurso = enviarPendientes(sql, smtp)
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, 'bandeja de correos: pasada fallida'),
      )
      .finally(() => {
        enCurso = null
        if (otraPasada) {
          otraPasada = false
          despertar()
        }
      })
  }
  const reloj = setInterval(despertar, 60_000)
  reloj.unref()
  app.addHook('onReady', async () => despertar())
  app.addHook('onClose', async () => {
    detenido = true
    clearInterval(reloj)
    await enCurso
    smtp?.cerrar()
  })

  route(app, pedirCorreoContract, async (request, reply) => {
    const pacienteId = leerId(request.params.id, M.pacienteNoEncontrado)
    if (!smtp) throw new ConflictError(M.sinSmtp)
    const { documento, documentoId } = request.body
    const [p] = await sql<{ nombre: string; correo: string | null; clinica: string }[]>`
      select p.primer_nombre as nombre, p.correo_electronico as correo,
        (select nombre from clinica) as clinica
      from pacientes p where p.id = ${pacienteId} and p.fusionado_en is null`
    if (!p) throw new NotFoundError(M.pacienteNoEncontrado)
    if (!p.correo) throw new ConflictError(M.sinCorreo)
    const doc = await documentoDePaciente(sql, pacienteId, documento, documentoId)
    if (!doc) throw new NotFoundError(M.documentoNoEncontrado)
    const m = mensajePaciente({
      para: p.correo,
      nombre: p.nombre,
      clinica: p.clinica,
      firmadoEl: fechaEnZona(doc.firmadoEn, config.clinicTz),
      publicUrl: config.publicUrl,
    })
    const [fila] = await sql<FilaCorreo[]>`
      with c as (
        insert into correos (atencion_id, documento, documento_id, destinatario, correo, asunto,
          texto, pedido_por)
        values (${doc.atencionId}, ${documento}, ${documentoId}, 'paciente', ${m.para},
          ${m.asunto}, ${m.texto}, ${request.usuario!.id})
        returning *),
      registro as (${insercionEvento(
        sql,
        eventoDe(request, 'correo.pedido', {
          pacienteId,
          detalle: { documento, id: documentoId, destinatario: 'paciente' },
        }),
      )})
      select ${sql.unsafe(COLUMNAS)}, u.nombre as pedido_por
      from c join usuarios u on u.id = c.pedido_por`
    despertar()
    return reply.code(202).send(aCorreo(fila!))
  })

  route(app, listarCorreosContract, async (request) => {
    const id = leerId(request.params.id, M.pacienteNoEncontrado)
    // An absorbed record's id reads the survivor's, as its page does.
    const [p] = await sql<{ id: number; correo: string | null }[]>`
      select s.id, s.correo_electronico as correo from pacientes p
        join pacientes s on s.id = coalesce(p.fusionado_en, p.id)
      where p.id = ${id}`
    if (!p) throw new NotFoundError(M.pacienteNoEncontrado)
    const [documentos, filas] = await Promise.all([
      documentosFirmadosSql(sql, p.id),
      sql<FilaCorreo[]>`
        with filas as (
          select ${sql.unsafe(COLUMNAS)}, u.nombre as pedido_por
          from correos c join atenciones a on a.id = c.atencion_id
            join usuarios u on u.id = c.pedido_por
          where a.paciente_id = ${p.id}
          order by c.id desc limit ${LIMITE_LISTA}),
        registro as (${insercionLectura(
          sql,
          eventoDe(request, 'correos.consultados', { pacienteId: p.id }),
          'filas',
          1,
        )})
        select * from filas order by id::bigint desc`,
    ])
    return {
      correo: p.correo,
      envioConfigurado: smtp !== null,
      documentos: documentosParaRespuesta(documentos),
      correos: filas.map(aCorreo),
    }
  })
}
