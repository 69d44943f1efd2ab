// A patient's own signed documents with their access code (docs/api.md#acceso-del-paciente-a-sus-resultados,
// docs/seguridad.md#código-de-acceso-a-resultados). No session: the code (80 bits) is checked
// against its SHA-256; a wrong try is counted per document typed in PostgreSQL and per address in
// memory; an unknown document and a wrong code do the same work and get the same 401. Every access,
// download, failure and refusal is audited as the patient (no account), from the address.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  accesoResultadosContract,
  cambiarConfiguracionAccesoContract,
  configuracionAccesoContract,
  ALFABETO_ACCESO,
  codigoAccesoLegible,
  documentoPacienteContract,
  LIMITE_ACCESO as L,
  MENSAJES_ACCESO as M,
  MINUTOS_ACCESO,
  misDocumentosContract,
  normalizarCodigoAcceso,
  reemitirCodigoContract,
  salirResultadosContract,
  type DocumentoPaciente,
} from '../../shared/acceso.js'
import { normalizarDocumento } from '../../shared/documento.js'
import type { Config } from '../config.js'
import { enviar, inTransaction, type Sql } from '../db.js'
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors.js'
import { limitePorDireccion } from '../http/limite-direccion.js'
import { leerId } from '../http/paginas.js'
import { insercionEvento, registrarEvento } from '../queries/auditoria.js'
import { documentosFirmadosSql, titulados } from '../queries/documentos-firmados.js'
import { aEntregaPaciente, entregasSql, type FilaEntrega } from '../queries/entregas.js'
import { route } from '../route.js'

const COOKIE = 'acceso_resultados'

/** The stored form of a code: SHA-256 over the patient's id and the code (the id is its salt). */
export const hashCodigo = (pacienteId: number, codigo: string): Buffer =>
  createHash('sha256').update(`${pacienteId}:${codigo}`).digest()

/** A new code: 16 characters of a 32-letter alphabet from the system's CSPRNG, without bias. */
export function nuevoCodigo(): string {
  return [...randomBytes(16)].map((b) => ALFABETO_ACCESO[b & 31]).join('')
}

/** Voids the patient's code in force and stores a new one, in one transaction; the code in clear. */
export async function emitirCodigo(
  sql: Sql,
  pacienteId: number,
  usuarioId: number | null,
  soloSiNoHay = false,
): Promise<{ codigo: string | null; emitidoEn: Date; venceEn: Date } | null> {
  const codigo = nuevoCodigo()
  return inTransaction(sql, async (tx) => {
    const [p] =
      await tx`select id from pacientes where id = ${pacienteId} and fusionado_en is null for update`
    if (!p) return null
    if (soloSiNoHay) {
      const [vigente] = await tx<{ emitidoEn: Date; venceEn: Date }[]>`
        select emitido_en, vence_en from codigos_acceso
        where paciente_id = ${pacienteId} and anulado_en is null and vence_en > now()`
      if (vigente) return { codigo: null, ...vigente }
    }
    await tx`update codigos_acceso set anulado_en = now()
      where paciente_id = ${pacienteId} and anulado_en is null`
    const [c] = await tx<{ emitidoEn: Date; venceEn: Date }[]>`
      insert into codigos_acceso (paciente_id, hash, vence_en, emitido_por)
      select ${pacienteId}, ${hashCodigo(pacienteId, codigo)},
        now() + make_interval(days => acceso_vigencia_dias), ${usuarioId}
      from clinica
      returning emitido_en, vence_en`
    return { codigo, ...c! }
  })
}

const huella = (token: string) => createHash('sha256').update(token).digest('hex')
/** Compared with a code's hash when there is no patient or no code: the same work either way. */
const HASH_FICTICIO = randomBytes(32)

type FilaDocumento = Parameters<typeof titulados>[0][number]

/** The patient's documents as their page shows them: each with its PDF's address and its entregas. */
function paraPaciente(filas: FilaDocumento[], entregas: FilaEntrega[]): DocumentoPaciente[] {
  const porDocumento = new Map<string, FilaEntrega[]>()
  for (const e of entregas) {
    const k = `${e.documento}:${e.documentoId}`
    porDocumento.set(k, [...(porDocumento.get(k) ?? []), e])
  }
  // The solicitante is the desk's to send to, not part of what the patient reads.
  return titulados(filas).map(({ solicitante: _, ...d }) => ({
    ...d,
    emitidoEn: d.emitidoEn.toISOString(),
    reemplazadoEn: d.reemplazadoEn?.toISOString() ?? null,
    url: `/resultados/documentos/${d.tipo}/${d.id}`,
    entregas: (porDocumento.get(`${d.tipo}:${d.id}`) ?? []).map(aEntregaPaciente),
  }))
}

export async function accesoRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts
  const admitir = limitePorDireccion(config.accesosPorDireccion, L.ventanaDireccionMinutos * 60_000)
  const opcionesCookie = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.cookieSecure || request.protocol === 'https',
    path: '/resultados',
  })

  const anonimo = (request: FastifyRequest) => ({
    usuarioId: null,
    usuario: null,
    direccion: request.direccion,
  })

  /** The patient whose download cookie this is, while it lasts; or a 401. */
  async function pacienteDeCookie(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const token = request.cookies[COOKIE]
    const [fila] = token
      ? await sql<{ pacienteId: number }[]>`
          select paciente_id from accesos_resultados
          where token_hash = ${huella(token)} and vence_en > now()`
      : []
    if (!fila) {
      if (token) reply.clearCookie(COOKIE, opcionesCookie(request))
      throw new UnauthorizedError(M.sinAcceso)
    }
    return fila.pacienteId
  }

  route(app, accesoResultadosContract, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const decision = admitir(request.direccion ?? '')
    if (!decision.admitida) {
      const n = decision.rechazos
      if ((n & (n - 1)) === 0)
        await registrarEvento(sql, {
          accion: 'resultados.acceso_limitado',
          ...anonimo(request),
          detalle: { por: 'direccion', rechazos: n },
        })
      throw new TooManyRequestsError(
        M.demasiados(Math.ceil(decision.esperaSegundos / 60)),
        decision.esperaSegundos,
      )
    }
    const { tipoDocumento } = request.body
    const documento = normalizarDocumento(request.body.documento).slice(0, 30)
    const codigo = normalizarCodigoAcceso(request.body.codigo)
    const clave = `${tipoDocumento}:${documento}`

    // One transaction, its COMMIT sent with its last statements: the document's lock, the tries
    // it already had, its patient and code; then either the failed try (counted under that lock,
    // so parallel tries cannot slip under the limit) or the access. One commit either way.
    const r = await inTransaction(sql, async (tx, confirmar) => {
      enviar(tx`select pg_advisory_xact_lock(hashtextextended(${'acceso:' + clave}, 0))`)
      const esperaQ = enviar(tx<{ segundos: number }[]>`
        select ceil(extract(epoch from en + make_interval(mins => ${L.ventanaDocumentoMinutos}) - now()))::int as segundos
        from intentos_acceso
        where clave = ${clave}
          and en > now() - make_interval(mins => ${L.ventanaDocumentoMinutos})
        order by id desc offset ${L.porDocumento - 1} limit 1`)
      const filaQ = enviar(tx<
        { id: number; nombre: string; hash: Buffer | null; vigente: boolean | null }[]
      >`
        select p.id, p.primer_nombre as nombre, c.hash, c.vence_en > now() as vigente
        from pacientes p
          left join codigos_acceso c on c.paciente_id = p.id and c.anulado_en is null
        where p.tipo_documento = ${tipoDocumento} and p.documento = ${documento}
          and p.fusionado_en is null`)
      const [[espera], [fila]] = await Promise.all([esperaQ, filaQ])
      if (espera) {
        const evento = enviar(
          tx`${insercionEvento(tx, {
            accion: 'resultados.acceso_limitado',
            ...anonimo(request),
            pacienteId: fila?.id ?? null,
            detalle: { por: 'documento', tipoDocumento },
          })}`,
        )
        void confirmar()
        await evento
        return { tipo: 'limitado', segundos: Math.max(1, espera.segundos) } as const
      }
      // The same hash and comparison whatever was found: the time says nothing about the document.
      const calculado = hashCodigo(fila?.id ?? 0, codigo ?? '')
      const guardado = fila?.hash && fila.hash.length === 32 ? fila.hash : HASH_FICTICIO
      const igual = timingSafeEqual(calculado, guardado)
      if (!(igual && codigo && fila?.hash && fila.vigente)) {
        const intento = enviar(tx`insert into intentos_acceso (clave) values (${clave})`)
        const evento = enviar(
          tx`${insercionEvento(tx, {
            accion: 'resultados.acceso_fallido',
            ...anonimo(request),
            pacienteId: fila?.id ?? null,
            detalle: {
              tipoDocumento,
              motivo: !fila ? 'documento' : igual && fila.vigente === false ? 'vencido' : 'codigo',
            },
          })}`,
        )
        void confirmar()
        await Promise.all([intento, evento])
        return { tipo: 'fallido' } as const
      }
      const token = randomBytes(32).toString('base64url')
      // Each delete by its own index: one `or` of the two read the whole table.
      // Each sent now, in this order, before the COMMIT: Promise.all alone would send them later.
      const hechos = Promise.all(
        [
          tx`delete from intentos_acceso where clave = ${clave}`,
          tx`delete from intentos_acceso where en < now() - interval '1 day'`,
          tx`delete from accesos_resultados where vence_en < now()`,
          tx`insert into accesos_resultados (token_hash, paciente_id, vence_en, direccion)
          values (${huella(token)}, ${fila.id}, now() + make_interval(mins => ${MINUTOS_ACCESO}), ${request.direccion})`,
          documentosFirmadosSql(tx, fila.id),
          entregasSql(tx, fila.id),
          tx`insert into auditoria (usuario_id, usuario, direccion, accion, paciente_id, detalle)
          values (null, null, ${request.direccion}, 'resultados.accedido', ${fila.id},
            jsonb_build_object('tipoDocumento', ${tipoDocumento}::text))`,
        ].map((q) => enviar<unknown>(q)),
      )
      void confirmar()
      const [, , , , filas, entregas] = (await hechos) as [
        unknown,
        unknown,
        unknown,
        unknown,
        FilaDocumento[],
        FilaEntrega[],
      ]
      return { tipo: 'accedido', token, fila, filas, entregas } as const
    })
    if (r.tipo === 'limitado')
      throw new TooManyRequestsError(M.demasiados(Math.ceil(r.segundos / 60)), r.segundos)
    if (r.tipo === 'fallido') throw new UnauthorizedError(M.invalido)
    const { token, fila, filas, entregas } = r
    reply.setCookie(COOKIE, token, { ...opcionesCookie(request), maxAge: MINUTOS_ACCESO * 60 })
    return {
      nombre: fila.nombre,
      documentos: paraPaciente(filas as FilaDocumento[], entregas as FilaEntrega[]),
    }
  })

  route(app, misDocumentosContract, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const pacienteId = await pacienteDeCookie(request, reply)
    const [[p], filas, entregas] = await sql.begin((tx) => [
      tx<
        { nombre: string }[]
      >`select primer_nombre as nombre from pacientes where id = ${pacienteId}`,
      documentosFirmadosSql(tx, pacienteId),
      entregasSql(tx, pacienteId),
      tx`insert into auditoria (usuario_id, usuario, direccion, accion, paciente_id)
        values (null, null, ${request.direccion}, 'resultados.listados', ${pacienteId})`,
    ])
    return {
      nombre: (p as { nombre: string } | undefined)?.nombre ?? '',
      documentos: paraPaciente(filas as FilaDocumento[], entregas as FilaEntrega[]),
    }
  })

  route(app, documentoPacienteContract, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const pacienteId = await pacienteDeCookie(request, reply)
    const { tipo } = request.params
    if (tipo !== 'informe' && tipo !== 'resultados') throw new NotFoundError(M.noEncontrado)
    const id = leerId(request.params.id, M.noEncontrado)
    const evento = (detalle: string) => sql`
      insert into auditoria (usuario_id, usuario, direccion, accion, paciente_id, detalle)
      select null, null, ${request.direccion}, 'resultados.descargado', ${pacienteId},
        jsonb_build_object('documento', ${tipo}::text, 'id', ${id}::int, 'version', version)
      from ${sql(detalle)}`
    // Every download is a delivery the patient's page lists (migrations/0074_entregas.sql).
    const entrega = (d: string) => sql`
      insert into entregas (atencion_id, documento, documento_id, medio, direccion)
      select atencion_id, ${tipo}, ${id}, 'descarga', ${request.direccion} from ${sql(d)}`
    const [doc] =
      tipo === 'informe'
        ? await sql<{ pdf: Buffer; version: number }[]>`
            with doc as (
              select i.pdf, i.version, i.atencion_id from informes i
                join atenciones a on a.id = i.atencion_id
              where i.id = ${id} and a.paciente_id = ${pacienteId} and i.estado = 'final'
                and i.pdf is not null),
            evento as (${evento('doc')}),
            entrega as (${entrega('doc')})
            select pdf, version from doc`
        : await sql<{ pdf: Buffer; version: number }[]>`
            with doc as (
              select h.pdf, h.version, h.atencion_id from hojas_resultados h
                join atenciones a on a.id = h.atencion_id
              where h.id = ${id} and a.paciente_id = ${pacienteId}),
            evento as (${evento('doc')}),
            entrega as (${entrega('doc')})
            select pdf, version from doc`
    if (!doc) throw new NotFoundError(M.noEncontrado)
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${tipo}-${id}-v${doc.version}.pdf"`)
      .send(doc.pdf)
  })

  route(app, salirResultadosContract, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const token = request.cookies[COOKIE]
    if (token) await sql`delete from accesos_resultados where token_hash = ${huella(token)}`
    reply.clearCookie(COOKIE, opcionesCookie(request))
    return reply.code(204).send()
  })

  route(app, reemitirCodigoContract, async (request) => {
    const id = leerId(request.params.id, 'Paciente no encontrado')
    const emitido = await emitirCodigo(sql, id, request.usuario!.id)
    if (!emitido?.codigo) throw new NotFoundError('Paciente no encontrado')
    await registrarEvento(sql, {
      accion: 'resultados.codigo_emitido',
      usuarioId: request.usuario!.id,
      usuario: request.usuario!.usuario,
      direccion: request.direccion,
      pacienteId: id,
    })
    return {
      codigo: codigoAccesoLegible(emitido.codigo),
      emitidoEn: emitido.emitidoEn.toISOString(),
      venceEn: emitido.venceEn.toISOString(),
    }
  })

  route(app, configuracionAccesoContract, async () => {
    const [c] = await sql<{ vigenciaDias: number }[]>`
      select acceso_vigencia_dias as vigencia_dias from clinica`
    return c!
  })

  route(app, cambiarConfiguracionAccesoContract, async (request) => {
    const { vigenciaDias } = request.body
    const [c] = await sql<{ vigenciaDias: number }[]>`
      with cambio as (
        update clinica set acceso_vigencia_dias = ${vigenciaDias}
        returning acceso_vigencia_dias as vigencia_dias),
      evento as (${insercionEvento(sql, {
        accion: 'clinica.modificada',
        usuarioId: request.usuario!.id,
        usuario: request.usuario!.usuario,
        direccion: request.direccion,
        detalle: { accesoVigenciaDias: vigenciaDias },
      })})
      select vigencia_dias from cambio`
    return c!
  })
}
