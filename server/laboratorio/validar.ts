// Validating an atención's results (docs/api.md#laboratorio-resultados): a second person (a médico,
// or a tecnólogo enabled for it, with a colegiatura) validates typed values, all or some, or only
// those in range («Validar normales»); a critical value waits for its call-back; the calculated
// analitos follow once their operands are validated. In one transaction, under the atención's row
// lock and its If-Match: the rows become validated (immutable from then on), a new version of the
// result sheet is rendered and frozen with its SHA-256 and short code, and when every analito is
// validated the atención moves to Informado (the estado machine's 'validacion'), all audited.
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { EVENTO_CAMBIO, origenes } from '../../shared/estado-atencion.js'
import { MENSAJES_RESULTADOS as M } from '../../shared/resultados.js'
import type { Config } from '../config.js'
import type { CatalogoLab } from '../catalogos.js'
import { inTransaction, type Sql } from '../db.js'
import { ConflictError, ForbiddenError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { codigoVerificacion } from '../informes/firmar.js'
import { registrarEvento } from '../queries/auditoria.js'
import {
  anterioresDe,
  atencionLab,
  cuentaValidadora,
  resultadosDe,
  type AtencionLab,
  type ExamenLab,
  type ResultadoFila,
} from '../queries/resultados.js'
import { conAjenos, porQueNoSeIngresa, ResultadosCambiados } from './guardar.js'
import { documentoHoja, hojaCompleta } from './hoja-datos.js'
import { renderizarHoja } from './hoja-pdf.js'
import { lecturaDe, valorDe, versionesPorAnalito, type LecturaResultados } from './lectura.js'
import { analitosDe, examenesDe, sinMuestraRecibida } from './examenes.js'

const critico = (f: ResultadoFila) =>
  (f.bandera === 'LL' || f.bandera === 'HH') && f.comunicadoEn === null

/**
 * The rows a validation takes: the typed ones asked for (or all typed with a value), only those
 * in range when `soloNormales`, then each calculated one whose operands will all be validated.
 * Throws the 409 of the first one that cannot be.
 */
export function elegir(
  a: Pick<AtencionLab, 'autovalidacion'>,
  examenes: ExamenLab[],
  filas: ResultadoFila[],
  cuerpo: { analitos?: number[]; soloNormales?: boolean },
  yo: number,
  codigoDe: Map<number, string> = new Map(),
): ResultadoFila[] {
  const analitos = analitosDe(examenes)
  const versiones = versionesPorAnalito(filas)
  const actual = (id: number) => versiones.get(id)?.at(-1)
  let elegidas: ResultadoFila[] = []
  if (cuerpo.analitos) {
    for (const id of new Set(cuerpo.analitos)) {
      const x = analitos.find((y) => y.id === id)
      if (!x) throw new ConflictError(M.analitoAjeno(codigoDe.get(id) ?? `#${id}`))
      // A calculated one follows its operands.
      if (x.calculo) continue
      const f = actual(id)
      if (f?.estado === 'validado') throw new ConflictError(M.yaValidado(x.nombre))
      if (!f || valorDe(f) === null) throw new ConflictError(M.sinValor(x.nombre))
      elegidas.push(f)
    }
  } else {
    elegidas = analitos.flatMap((x) => {
      const f = actual(x.id)
      return !x.calculo && f?.estado === 'ingresado' && valorDe(f) !== null ? [f] : []
    })
  }
  if (cuerpo.soloNormales) elegidas = elegidas.filter((f) => f.bandera === null)
  const nombre = (f: ResultadoFila) => analitos.find((x) => x.id === f.analitoId)!.nombre
  for (const f of elegidas) {
    // A value typed on a sample rejected since (its replacement not yet received) is not validated.
    const sin = sinMuestraRecibida(examenes, f.analitoId)
    if (sin) throw new ConflictError(M.sinMuestraParaValidar(nombre(f), sin.nombre))
    if (critico(f)) throw new ConflictError(M.criticoSinLlamada(nombre(f)))
    if (f.ingresadoPor === yo && !a.autovalidacion)
      throw new ConflictError(M.mismoValidador(nombre(f)))
  }
  const validados = new Set([
    ...analitos.filter((x) => actual(x.id)?.estado === 'validado').map((x) => x.codigo),
    ...elegidas.map((f) => analitos.find((x) => x.id === f.analitoId)!.codigo),
  ])
  for (const x of analitos) {
    const f = actual(x.id)
    if (!x.calculadoDe || f?.estado !== 'ingresado') continue
    if (!x.calculadoDe.every((c) => validados.has(c))) continue
    if (critico(f)) throw new ConflictError(M.criticoSinLlamada(x.nombre))
    elegidas.push(f)
  }
  if (elegidas.length === 0) throw new ConflictError(M.nadaQueValidar)
  return elegidas
}

/**
 * Validates on atención `atencionId` when its results are still those `etags` names; the sheet
 * is issued in the same transaction, which answers the results as they stand. Undefined for an
 * unknown atención.
 */
export async function validarResultados(
  sql: Sql,
  lab: CatalogoLab,
  config: Config,
  request: FastifyRequest,
  atencionId: number,
  cuerpo: { analitos?: number[]; soloNormales?: boolean },
  etags: string[],
): Promise<LecturaResultados | undefined> {
  const yo = request.usuario!
  const cuenta = await cuentaValidadora(sql, yo.id)
  if (yo.rol === 'tecnologo' && !cuenta.validaResultados) throw new ForbiddenError(M.noValida)
  const colegiatura = cuenta.colegiatura
  if (!colegiatura) throw new ConflictError(M.sinColegiatura)

  return inTransaction(sql, async (tx) => {
    const a = await atencionLab(tx, atencionId, { bloquear: true })
    if (!a) return undefined
    const no = porQueNoSeIngresa(a)
    if (no) throw no
    if (!etags.includes(a.etag)) throw new ResultadosCambiados()
    const examenes = examenesDe(lab, a)
    const filas = await resultadosDe(tx, a.id)
    const codigos = new Map(analitosDe(examenes).map((x) => [x.id, x.codigo]))
    const codigoDe = await conAjenos(tx, codigos, cuerpo.analitos ?? [])
    const elegidas = elegir(a, examenes, filas, cuerpo, yo.id, codigoDe)
    const ids = new Set(elegidas.map((f) => f.id))

    const validadoEn = new Date()
    await tx`
      update resultados set estado = 'validado', validado_por = ${yo.id},
        validado_en = ${validadoEn}, validador_nombre = ${yo.nombre},
        validador_colegiatura = ${colegiatura}
      where id = any(${[...ids]}::int[]) and estado = 'ingresado'`
    const despues = filas.map((f) =>
      ids.has(f.id)
        ? {
            ...f,
            estado: 'validado' as const,
            validadoPor: yo.id,
            validadoEn,
            validadorNombre: yo.nombre,
            validadorColegiatura: colegiatura,
          }
        : f,
    )
    const completa = hojaCompleta(examenes, despues)
    const versiones = versionesPorAnalito(despues)
    const todas = analitosDe(examenes).every(
      (x) => versiones.get(x.id)?.at(-1)?.estado === 'validado',
    )

    const [siguiente] = await tx<{ version: number }[]>`
      select coalesce(max(version), 0) + 1 as version from hojas_resultados
      where atencion_id = ${a.id}`
    const version = siguiente!.version
    const codigo = codigoVerificacion()
    const anteriores = await anterioresDe(
      tx,
      a,
      analitosDe(examenes).map((x) => x.id),
    )
    const doc = await documentoHoja(tx, config, a, examenes, despues, anteriores, {
      version,
      parcial: !completa,
      emitidaEn: validadoEn,
      codigo,
    })
    const pdf = await renderizarHoja(doc, validadoEn)
    const sha256 = createHash('sha256').update(pdf).digest('hex')
    await tx`
      insert into hojas_resultados (atencion_id, version, parcial, pdf, pdf_sha256, codigo,
        creado_por, creado_en)
      values (${a.id}, ${version}, ${!completa}, ${pdf}, ${sha256}, ${codigo}, ${yo.id},
        ${validadoEn})`

    if (todas && a.estado !== 'Informado') {
      const [movida] = await tx`
        update atenciones set estado = 'Informado', ultimo_cambio_desde = null,
          ultimo_cambio_por = null, ultimo_cambio_en = null, actualizado_en = now()
        where id = ${a.id} and estado = any(${origenes('Informado', 'validacion')}::text[])
        returning id`
      if (movida) {
        await registrarEvento(
          tx,
          eventoDe(request, EVENTO_CAMBIO.validacion, {
            pacienteId: a.pacienteId,
            detalle: { id: a.id, estado: 'Informado', desde: a.estado, hoja: version },
          }),
        )
        // The answer is read from `a`, taken before the move: it says where the atención is now.
        a.estado = 'Informado'
      }
    }
    await registrarEvento(
      tx,
      eventoDe(request, 'resultados.validados', {
        pacienteId: a.pacienteId,
        detalle: {
          atencion: a.id,
          analitos: elegidas.map((f) => codigos.get(f.analitoId)),
          soloNormales: cuerpo.soloNormales ?? false,
          hoja: version,
          parcial: !completa,
          sha256,
          codigo,
        },
      }),
    )
    return lecturaDe(tx, config.clinicTz, a, examenes, yo, true)
  })
}
