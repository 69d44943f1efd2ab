// POST /pacientes/:id/visitas: one visit, several studies (shared/visitas.ts). The same rules as
// registering one atención, checked for every modality before anything is stored; then all of them
// in one transaction, with one arrival instant and one visita number.
import type { FastifyInstance } from 'fastify'
import type { ErrorCampo } from '../../shared/contract.js'
import { hoyEn } from '../../shared/edad.js'
import { crearVisitaContract, MENSAJES_VISITAS } from '../../shared/visitas.js'
import { erroresCatalogo, erroresLlegada, nuevaAtencion } from '../atenciones/reglas.js'
import { erroresSolicitante } from '../atenciones/solicitante.js'
import { salaDeAtencion, type CacheCatalogos } from '../catalogos.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { datosInvalidos, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { leerId } from '../http/paginas.js'
import { aAtencion } from '../http/respuestas.js'
import { insertarAtencion, type AtencionFila } from '../queries/atenciones.js'
import { route } from '../route.js'

const NO_ENCONTRADO = 'Paciente no encontrado'

export async function visitasRoutes(
  app: FastifyInstance,
  opts: { sql: Sql; config: Config; catalogos: CacheCatalogos },
): Promise<void> {
  const { sql, config, catalogos } = opts
  const tz = config.clinicTz

  route(app, crearVisitaContract, async (request, reply) => {
    const pacienteId = leerId(request.params.id, NO_ENCONTRADO)
    const b = request.body
    const c = await catalogos.leer()
    const estado = b.estado ?? 'En espera'
    // The sede's message once, under `sede`; each modality's under `atenciones.N.campo`.
    const errores: ErrorCampo[] = [
      ...erroresCatalogo(c, b.sede, b.atenciones[0]!.modalidad, []).filter(
        (e) => e.campo === 'sede',
      ),
      ...erroresLlegada(b.fechaLlegada, b.horaLlegada, estado, hoyEn(tz)),
      ...(await erroresSolicitante(sql, b.solicitanteId)),
    ]
    const salas = b.atenciones.map((a, i) => {
      const de = (e: ErrorCampo) => ({ ...e, campo: `atenciones.${i}.${e.campo}` })
      if (b.atenciones.findIndex((x) => x.modalidad === a.modalidad) < i)
        errores.push(de({ campo: 'modalidad', mensaje: MENSAJES_VISITAS.modalidadRepetida }))
      errores.push(...erroresCatalogo(c, undefined, a.modalidad, a.estudios).map(de))
      const sala = salaDeAtencion(c, b.sede, a.modalidad, a.salaId)
      if ('error' in sala) {
        errores.push(de(sala.error))
        return null
      }
      return sala.salaId
    })
    if (errores.length > 0) throw datosInvalidos(errores)
    const filas = await inTransaction(sql, async (tx) => {
      const [v] =
        b.atenciones.length > 1
          ? await tx<{ n: number }[]>`select nextval('visitas_seq')::int as n`
          : []
      const hechas: AtencionFila[] = []
      for (const [i, a] of b.atenciones.entries()) {
        const fila = await insertarAtencion(
          tx,
          nuevaAtencion(
            pacienteId,
            b,
            { ...a, salaId: salas[i] ?? null },
            request.usuario?.id ?? null,
            v?.n ?? null,
          ),
          tz,
          eventoDe(request, 'atencion.creada'),
        )
        // No patient: nothing of the visit is kept.
        if (!fila) throw new NotFoundError(NO_ENCONTRADO)
        hechas.push(fila)
      }
      return { visita: v?.n ?? null, hechas }
    })
    reply.code(201)
    return { visita: filas.visita, atenciones: filas.hechas.map(aAtencion) }
  })
}
