// Merges of two records of one person, their undoing, and the probable duplicates list: admins only.
import type { FastifyInstance } from 'fastify'
import type { ErrorCampo } from '../../shared/contract.js'
import { hoyEn } from '../../shared/edad.js'
import {
  CAMPOS_FUSION,
  deshacerFusionContract,
  descartarDuplicadoContract,
  fusionarContract,
  listarDuplicadosContract,
  listarFusionesContract,
  MENSAJES_FUSION,
  MOTIVOS_DUPLICADO,
  type Gravedad,
  type Registro,
} from '../../shared/fusiones.js'
import { nombreCompleto, type PacienteDatos } from '../../shared/paciente-datos.js'
import { validarPaciente } from '../../shared/paciente-validacion.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { BadRequestError, ConflictError, datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { ID_MAXIMO } from '../../shared/contract.js'
import { leerId, limiteDe } from '../http/paginas.js'
import type { Quien } from '../queries/auditoria.js'
import {
  descartarDuplicado,
  listarDuplicados,
  type ClavePar,
  type RegistroFila,
} from '../queries/duplicados.js'
import { deshacerFusion, fusionar, listarFusiones } from '../queries/fusiones.js'
import { route } from '../route.js'
import type { FastifyReply, FastifyRequest } from 'fastify'

const aRegistro = (f: RegistroFila): Registro => ({
  id: f.id,
  tipoDocumento: f.tipoDocumento,
  documento: f.documento,
  nombreCompleto: nombreCompleto(f),
  fechaNacimiento: f.fechaNacimiento,
  creadoEn: f.creadoEn,
  atenciones: f.atenciones,
})

const quienDe = (request: FastifyRequest): Quien => ({
  usuarioId: request.usuario?.id ?? null,
  usuario: request.usuario?.usuario ?? null,
  direccion: request.direccion,
})

const cursorInvalido = () =>
  new BadRequestError('Cursor inválido', [{ campo: 'cursor', mensaje: 'Cursor inválido' }])

/** A page's cursor: its key as base64url JSON, opaque to the client. */
const codificar = (clave: unknown) => Buffer.from(JSON.stringify(clave)).toString('base64url')

function leerClave(cursor: string | undefined, largo: number): number[] | null {
  if (cursor === undefined || cursor === '') return null
  let valor: unknown
  try {
    valor = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw cursorInvalido()
  }
  const ok =
    Array.isArray(valor) &&
    valor.length === largo &&
    valor.every((n) => Number.isInteger(n) && n >= 0 && n <= ID_MAXIMO)
  if (!ok) throw cursorInvalido()
  return valor as number[]
}

/** Cuts the extra row and, when there was one, points `Link: rel="next"` at the next page. */
function paginarCon<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  filas: T[],
  limite: number,
  clave: (fila: T) => unknown,
): T[] {
  if (filas.length <= limite) return filas
  const pagina = filas.slice(0, limite)
  const [ruta = '', query = ''] = request.url.split('?')
  const params = new URLSearchParams(query)
  params.set('cursor', codificar(clave(pagina[pagina.length - 1]!)))
  params.set('limite', String(limite))
  reply.header('link', `<${ruta}?${params.toString()}>; rel="next"`)
  return pagina
}

export async function fusionesRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config },
): Promise<void> {
  const { sql, config } = opts

  route(app, fusionarContract, async (request, reply) => {
    const { conservar, absorber, campos = {} } = request.body
    const errores: ErrorCampo[] = []
    for (const campo of Object.keys(campos)) {
      if ((CAMPOS_FUSION as readonly string[]).includes(campo)) continue
      const documento = campo === 'documento' || campo === 'tipoDocumento'
      errores.push({
        campo: `campos.${campo}`,
        mensaje: documento ? MENSAJES_FUSION.documento : MENSAJES_FUSION.campoNoElegible,
      })
    }
    if (conservar === absorber)
      errores.push({ campo: 'absorber', mensaje: MENSAJES_FUSION.mismoRegistro })
    if (errores.length > 0) throw datosInvalidos(errores)

    const hoy = hoyEn(config.clinicTz)
    // The survivor's resulting fields follow the registration's rules (a municipio of the chosen
    // departamento, above all).
    const validar = ({ madreId, ...datos }: PacienteDatos & { madreId: number | null }) =>
      validarPaciente(
        {
          ...Object.fromEntries(Object.entries(datos).map(([k, v]) => [k, v ?? ''])),
          aceptaPolitica: true,
          madreId,
        },
        hoy,
      ).errores
    const r = await fusionar(sql, { conservar, absorber, campos }, validar, quienDe(request))
    if (!('error' in r)) return reply.code(201).send({ id: r.id })
    if (r.error === 'noEncontrado') throw new NotFoundError(MENSAJES_FUSION.noEncontrado)
    if (r.error === 'yaFusionado')
      throw new ConflictError(MENSAJES_FUSION.yaFusionado(r.id, r.en), r.en)
    if (r.error === 'conservaOtros') throw new ConflictError(MENSAJES_FUSION.conservaOtros(r.id))
    throw datosInvalidos(r.errores)
  })

  route(app, deshacerFusionContract, async (request, reply) => {
    const id = leerId(request.params.id, MENSAJES_FUSION.fusionNoEncontrada)
    const r = await deshacerFusion(sql, id, quienDe(request))
    if ('ok' in r) return reply.code(204).send()
    if (r.error === 'noEncontrada') throw new NotFoundError(MENSAJES_FUSION.fusionNoEncontrada)
    if (r.error === 'yaDeshecha') throw new ConflictError(MENSAJES_FUSION.yaDeshecha)
    throw new ConflictError(MENSAJES_FUSION.conservadoCambio)
  })

  route(app, listarFusionesContract, async (request, reply) => {
    const limite = limiteDe(request.query.limite)
    const [antesDe = null] = leerClave(request.query.cursor, 1) ?? []
    const evento = eventoDe(request, 'pacientes.listados', {
      detalle: { lista: 'fusiones', limite, ...(antesDe !== null && { antesDe }) },
    })
    const filas = await listarFusiones(sql, limite + 1, antesDe, evento)
    return paginarCon(request, reply, filas, limite, (f) => [f.id]).map((f) => ({
      id: f.id,
      conservado: aRegistro(f.conservado),
      absorbido: aRegistro(f.absorbido),
      campos: Object.keys(f.campos),
      atenciones: f.atenciones.length,
      hechaPor: f.hechaPor,
      hechaEn: f.hechaEn.toISOString(),
      deshechaPor: f.deshechaPor,
      deshechaEn: f.deshechaEn?.toISOString() ?? null,
    }))
  })

  route(app, listarDuplicadosContract, async (request, reply) => {
    const limite = limiteDe(request.query.limite)
    const clave = leerClave(request.query.cursor, 3) as ClavePar | null
    if (clave && (clave[0] < 1 || clave[0] > 3)) throw cursorInvalido()
    const evento = eventoDe(request, 'pacientes.listados', {
      detalle: { lista: 'duplicados', limite, ...(clave && { despues: clave }) },
    })
    const filas = await listarDuplicados(sql, limite + 1, clave, evento)
    return paginarCon(request, reply, filas, limite, (f) => [f.gravedad, f.a.id, f.b.id]).map(
      (f) => ({
        gravedad: f.gravedad,
        motivo: MOTIVOS_DUPLICADO[f.gravedad as Gravedad],
        a: aRegistro(f.a),
        b: aRegistro(f.b),
      }),
    )
  })

  route(app, descartarDuplicadoContract, async (request, reply) => {
    const { pacienteA, pacienteB } = request.body
    if (pacienteA === pacienteB)
      throw datosInvalidos([{ campo: 'pacienteB', mensaje: MENSAJES_FUSION.mismoRegistro }])
    const hecho = await descartarDuplicado(sql, pacienteA, pacienteB, quienDe(request))
    if (!hecho) throw new NotFoundError(MENSAJES_FUSION.parNoEncontrado)
    return reply.code(204).send()
  })
}
