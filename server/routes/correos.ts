// Emails about a patient's signed documents (docs/api.md#correos): the desk's request is a row of
// the outbox, written with its audit record; the sender (server/correo/bandeja.ts) runs in this
// server, woken by each request and every minute, and only when SMTP_URL is set.
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { LIMITE_ACCESO, MENSAJES_ACCESO } from '../../shared/acceso-codigo.js'
import {
  enlaceSolicitanteContract,
  listarCorreosContract,
  MENSAJES_CORREOS as M,
  pedirCorreoContract,
  type Correo,
} from '../../shared/correos.js'
import { fechaEnZona } from '../../shared/edad.js'
import type { Config } from '../config.js'
import { enviarPendientes, MARCA_ENLACE, POR_PASADA } from '../correo/bandeja.js'
import { mensajePaciente, mensajeSolicitante } from '../correo/mensaje.js'
import { crearSmtp, type Mensaje } from '../correo/smtp.js'
import type { Sql } from '../db.js'
import { ConflictError, NotFoundError, TooManyRequestsError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { limitePorDireccion } from '../http/limite-direccion.js'
import { leerId } from '../http/paginas.js'
import { insercionEvento, insercionLectura } from '../queries/auditoria.js'
import {
  documentoDePaciente,
  documentosFirmadosSql,
  documentosParaRespuesta,
} from '../queries/documentos-firmados.js'
import { route } from '../route.js'
import { prefersHtml } from '../spa.js'

// Plain: the site's policy allows no inline style, and this page needs none.
const PAGINA_ENLACE_INVALIDO = `<!doctype html><html lang="es"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Enlace no válido</title>
<h1>Enlace no válido</h1><p>${M.enlaceInvalido}.</p></html>`
/** The stored form of a solicitante's link token. */
const hashEnlace = (token: string): Buffer => createHash('sha256').update(token).digest()

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

  // One pass at a time; a request during a pass, or a pass that took all it may (more may be
  // due), asks for one more after it, so no row waits a minute for the clock. The clock retries
  // the rows a failure put off.
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
        (tomados) => {
          if (tomados >= POR_PASADA) otraPasada = true
        },
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
    const { documento, documentoId, destinatario = 'paciente' } = request.body
    const [p] = await sql<{ nombre: string; correo: string | null; clinica: string }[]>`
      select p.primer_nombre as nombre, p.correo_electronico as correo,
        (select nombre from clinica) as clinica
      from pacientes p where p.id = ${pacienteId} and p.fusionado_en is null`
    if (!p) throw new NotFoundError(M.pacienteNoEncontrado)
    if (destinatario === 'paciente' && !p.correo) throw new ConflictError(M.sinCorreo)
    const doc = await documentoDePaciente(sql, pacienteId, documento, documentoId)
    if (!doc) throw new NotFoundError(M.documentoNoEncontrado)
    const firmadoEl = fechaEnZona(doc.firmadoEn, config.clinicTz)
    let m: Mensaje
    let enlace: { token: string; hash: Buffer; venceEn: Date } | null = null
    if (destinatario === 'paciente') {
      m = mensajePaciente({
        para: p.correo!,
        nombre: p.nombre,
        clinica: p.clinica,
        firmadoEl,
        publicUrl: config.publicUrl,
      })
    } else {
      // It lasts as an access code issued now would (routes/acceso.ts, emitirCodigo).
      const [s] = await sql<{ nombre: string; correo: string | null; venceEn: Date }[]>`
        select ms.apellidos || ', ' || ms.nombres as nombre, ms.correo,
          (select now() + make_interval(days => acceso_vigencia_dias) from clinica) as vence_en
        from atenciones a join medicos_solicitantes ms on ms.id = a.solicitante_id
        where a.id = ${doc.atencionId}`
      if (!s) throw new ConflictError(M.sinSolicitante)
      if (!s.correo) throw new ConflictError(M.solicitanteSinCorreo)
      const token = randomBytes(32).toString('base64url')
      enlace = { token, hash: hashEnlace(token), venceEn: s.venceEn }
      m = mensajeSolicitante({
        para: s.correo,
        medico: s.nombre,
        clinica: p.clinica,
        firmadoEl,
        enlace: `${config.publicUrl}/resultados/enlace/${MARCA_ENLACE}`,
        venceEl: fechaEnZona(enlace.venceEn, config.clinicTz),
      })
    }
    const [fila] = await sql<FilaCorreo[]>`
      with c as (
        insert into correos (atencion_id, documento, documento_id, destinatario, correo, asunto,
          texto, pedido_por, enlace_hash, enlace_vence_en, enlace_token)
        values (${doc.atencionId}, ${documento}, ${documentoId}, ${destinatario}, ${m.para},
          ${m.asunto}, ${m.texto}, ${request.usuario!.id}, ${enlace?.hash ?? null},
          ${enlace?.venceEn ?? null}, ${enlace?.token ?? null})
        returning *),
      registro as (${insercionEvento(
        sql,
        eventoDe(request, 'correo.pedido', {
          pacienteId,
          detalle: { documento, id: documentoId, destinatario },
        }),
      )})
      select ${sql.unsafe(COLUMNAS)}, u.nombre as pedido_por
      from c join usuarios u on u.id = c.pedido_por`
    despertar()
    return reply.code(202).send(aCorreo(fila!))
  })

  // The document a solicitante's email links to, while the link lasts: no session, the token
  // checked against its hash; every open audited and listed among the entregas.
  const admitir = limitePorDireccion(
    config.accesosPorDireccion,
    LIMITE_ACCESO.ventanaDireccionMinutos * 60_000,
  )
  route(app, enlaceSolicitanteContract, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const decision = admitir(request.direccion ?? '')
    if (!decision.admitida)
      throw new TooManyRequestsError(
        MENSAJES_ACCESO.demasiados(Math.ceil(decision.esperaSegundos / 60)),
        decision.esperaSegundos,
      )
    const hash = hashEnlace(request.params.token.slice(0, 100))
    const [doc] = await sql<
      { pdf: Buffer; version: number; documento: string; documentoId: number }[]
    >`
      with c as (
        select c.id, c.atencion_id, c.documento, c.documento_id from correos c
        where c.enlace_hash = ${hash} and c.enlace_vence_en > now()),
      doc as (
        select c.*, i.pdf, i.version from c join informes i on i.id = c.documento_id
        where c.documento = 'informe' and i.estado = 'final' and i.pdf is not null
        union all
        select c.*, h.pdf, h.version from c join hojas_resultados h on h.id = c.documento_id
        where c.documento = 'resultados'),
      entrega as (
        insert into entregas (atencion_id, documento, documento_id, medio, correo_id, direccion)
        select atencion_id, documento, documento_id, 'descarga', id, ${request.direccion} from doc),
      evento as (
        insert into auditoria (usuario_id, usuario, direccion, accion, paciente_id, detalle)
        select null, null, ${request.direccion}, 'resultados.descargado', a.paciente_id,
          jsonb_build_object('documento', doc.documento, 'id', doc.documento_id,
            'version', doc.version, 'por', 'solicitante')
        from doc join atenciones a on a.id = doc.atencion_id)
      select pdf, version, documento, documento_id from doc`
    if (!doc) {
      // Clicked in an email: a page that says so, not a JSON answer.
      if (prefersHtml(request.headers.accept))
        return reply.code(404).type('text/html; charset=utf-8').send(PAGINA_ENLACE_INVALIDO)
      throw new NotFoundError(M.enlaceInvalido)
    }
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `inline; filename="${doc.documento}-${doc.documentoId}-v${doc.version}.pdf"`,
      )
      .send(doc.pdf)
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
