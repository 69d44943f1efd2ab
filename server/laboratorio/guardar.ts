// Saving an atención's results (docs/api.md#laboratorio-resultados): under the atención's row lock
// and its If-Match, each value is checked against its analito, written with the unit and range it
// is read against and its flag; a validated one is never changed, a different value makes a new
// version with its motivo. The calculated analitos are recomputed from the current values on every
// save. A value past a critical limit opens its call-back; one retyped inside the limits closes a
// call-back not yet made. All of it, and its audit record, in one statement.
import { fechaEnZona } from '../../shared/edad.js'
import { MODALIDAD_LABORATORIO } from '../../shared/informes.js'
import { bandera, calcular, rangoPara, type Analito } from '../../shared/laboratorio.js'
import { MENSAJES_RESULTADOS as M, type GuardarResultados } from '../../shared/resultados.js'
import type { Rol } from '../../shared/permisos.js'
import { limpiar, tieneControl } from '../../shared/texto.js'
import type { CatalogoLab } from '../catalogos.js'
import { enviar, inTransaction, type Sql } from '../db.js'
import { ConflictError, datosInvalidos } from '../errors.js'
import { eventoTrozo, type Evento } from '../queries/auditoria.js'
import { consulta, crudo, t } from '../queries/trozo.js'
import {
  anterioresDe,
  atencionLab,
  cuentaValidadora,
  etagDe,
  RESULTADO_COLUMNAS,
  resultadosDe,
  ultimaHoja,
  type AtencionLab,
  type ExamenLab,
  type ResultadoFila,
} from '../queries/resultados.js'
import {
  armarResultados,
  puedeValidar,
  versionesPorAnalito,
  type LecturaResultados,
} from './lectura.js'
import { analitosDe, examenesDe, sinMuestraRecibida } from './examenes.js'
import { comprobarValor, type ValorGuardado } from './valor.js'

/** The If-Match named other results than the stored ones: the route answers 412 with them. */
export class ResultadosCambiados extends Error {}

/** Why no result can be typed on this atención, or null. */
export function porQueNoSeIngresa(
  a: Pick<AtencionLab, 'modalidad' | 'estado'>,
): ConflictError | null {
  if (a.modalidad !== MODALIDAD_LABORATORIO) return new ConflictError(M.noLaboratorio)
  if (a.estado === 'Programado') return new ConflictError(M.sinLlegada)
  if (a.estado === 'Cancelado' || a.estado === 'No se presentó')
    return new ConflictError(M.atencionCerrada(a.estado))
  return null
}

/** One row to write: `id` an open version to retype, null a new version. */
interface Escritura {
  id: number | null
  analitoId: number
  version: number
  motivo: string | null
  valorNumero: number | null
  valorTexto: string | null
  unidad: string | null
  normalMin: number | null
  normalMax: number | null
  criticoMin: number | null
  criticoMax: number | null
  bandera: string | null
}

const mismoValor = (f: ResultadoFila, v: ValorGuardado) =>
  f.valorNumero === v.numero && f.valorTexto === v.texto

/** The 500 characters the database takes of a motivo. */
const recortar = (s: string) => (s.length > 500 ? `${s.slice(0, 499)}…` : s)

/**
 * What a save writes, checked: each value sent, then every calculated analito recomputed from the
 * values as they will stand. Throws the 400/409 of the first thing wrong.
 */
export function planear(
  a: AtencionLab,
  examenes: ExamenLab[],
  filas: ResultadoFila[],
  cuerpo: GuardarResultados,
  tz: string,
  codigoDe: Map<number, string>,
): Escritura[] {
  const fecha = fechaEnZona(a.llegada, tz)
  const analitos = analitosDe(examenes)
  const porId = new Map(analitos.map((x) => [x.id, x]))
  const versiones = versionesPorAnalito(filas)
  const actualDe = (id: number) => versiones.get(id)?.at(-1)
  const escrituras: Escritura[] = []
  // The numbers each analito will hold, by code, and the open corrections' reasons.
  const numeros: Record<string, number | null> = {}
  for (const x of analitos) numeros[x.codigo] = actualDe(x.id)?.valorNumero ?? null
  const correcciones = new Map<string, string>()
  for (const x of analitos) {
    const f = actualDe(x.id)
    if (f && f.estado === 'ingresado' && f.motivo) correcciones.set(x.codigo, f.motivo)
  }

  const escribir = (x: Analito, v: ValorGuardado, motivo: string | null) => {
    const f = actualDe(x.id)
    const rango = rangoPara(x.rangos, a.sexo, a.fechaNacimiento, fecha)
    const abierta = f?.estado === 'ingresado' ? f : undefined
    escrituras.push({
      id: abierta?.id ?? null,
      analitoId: x.id,
      version: abierta ? abierta.version : (f?.version ?? 0) + 1,
      motivo: abierta ? abierta.motivo : motivo,
      valorNumero: v.numero,
      valorTexto: v.texto,
      unidad: x.unidad,
      normalMin: rango?.normalMin ?? null,
      normalMax: rango?.normalMax ?? null,
      criticoMin: rango?.criticoMin ?? null,
      criticoMax: rango?.criticoMax ?? null,
      bandera: v.numero === null ? null : bandera(v.numero, rango),
    })
    numeros[x.codigo] = v.numero
  }

  const vistos = new Set<number>()
  cuerpo.resultados.forEach((r, i) => {
    const campo = (c: string) => `resultados.${i}.${c}`
    const x = porId.get(r.analitoId)
    const codigo = x?.codigo ?? codigoDe.get(r.analitoId) ?? `#${r.analitoId}`
    if (!x) throw datosInvalidos([{ campo: campo('analitoId'), mensaje: M.analitoAjeno(codigo) }])
    if (vistos.has(x.id))
      throw datosInvalidos([{ campo: campo('analitoId'), mensaje: M.repetido(codigo) }])
    vistos.add(x.id)
    if (x.calculo)
      throw datosInvalidos([{ campo: campo('valor'), mensaje: M.analitoCalculado(x.nombre) }])
    const v = comprobarValor(x, r.valor, campo('valor'))
    if (v.numero !== null || v.texto !== null) {
      const sin = sinMuestraRecibida(examenes, x.id)
      if (sin) throw new ConflictError(M.muestraNoRecibida(sin.nombre))
    }
    const f = actualDe(x.id)
    if (!f) {
      // An Informado atención has every result validated: only corrections are left.
      if (a.estado === 'Informado') throw new ConflictError(M.atencionCerrada(a.estado))
      if (v.numero !== null || v.texto !== null) escribir(x, v, null)
      return
    }
    if (mismoValor(f, v)) return
    if (f.estado === 'validado') {
      if (v.numero === null && v.texto === null)
        throw datosInvalidos([{ campo: campo('valor'), mensaje: M.validadoSinValor(x.nombre) }])
      const motivo = limpiar(r.motivo)
      if (!motivo)
        throw datosInvalidos([{ campo: campo('motivo'), mensaje: M.motivoRequerido(x.nombre) }])
      if (tieneControl(motivo))
        throw datosInvalidos([{ campo: campo('motivo'), mensaje: M.motivoInvalido }])
      correcciones.set(x.codigo, motivo)
      escribir(x, v, motivo)
      return
    }
    escribir(x, v, null)
  })

  for (const x of analitos) {
    if (!x.calculo || !x.calculadoDe) continue
    const completos = x.calculadoDe.every((c) => typeof numeros[c] === 'number')
    const v = { numero: completos ? calcular(x, numeros) : null, texto: null }
    const f = actualDe(x.id)
    if (!f ? !completos : mismoValor(f, v)) continue
    let motivo: string | null = null
    if (f?.estado === 'validado') {
      const op = x.calculadoDe.find((c) => correcciones.has(c))
      const nombre = analitos.find((y) => y.codigo === op)?.nombre
      motivo = recortar(
        op && nombre
          ? `Recalculado por la corrección de ${nombre}: ${correcciones.get(op)}`
          : 'Recalculado',
      )
    }
    escribir(x, v, motivo)
  }
  return escrituras
}

/**
 * `codigos` (the atención's analitos) plus the codes of the ids among `pedidos` that are not
 * among them, for the 400/409 that names one (read only then).
 */
export async function conAjenos(
  tx: Sql,
  codigos: Map<number, string>,
  pedidos: number[],
): Promise<Map<number, string>> {
  const ajenos = pedidos.filter((id) => !codigos.has(id))
  const todos = new Map(codigos)
  if (ajenos.length > 0)
    for (const f of await tx<{ id: number; codigo: string }[]>`
      select id, codigo from analitos where id = any(${ajenos}::int[])`)
      todos.set(f.id, f.codigo)
  return todos
}

/**
 * What `nuevos` or `cambiados` is when the save has no row of that kind: a statement that names no
 * insert (or no update) fires no statement trigger, so laboratorio_resumen is recounted once.
 */
const NINGUNO = crudo('select * from resultados where false')

/**
 * Writes the rows, opens and closes their call-backs and records it all, in one statement; answers
 * the rows written as they now stand, each with its call-back as the write left it: the one it
 * opened, or else the latest one made (an open one not needed any more is gone).
 */
async function escribir(
  tx: Sql,
  a: AtencionLab,
  escrituras: Escritura[],
  por: number,
  evento: Evento,
  codigos: Map<number, string>,
): Promise<ResultadoFila[]> {
  const datos = tx.json(escrituras.map((e) => ({ ...e })) as never)
  const detalle = {
    atencion: a.id,
    analitos: escrituras.map((e) => codigos.get(e.analitoId)),
    correcciones: escrituras
      .filter((e) => e.id === null && e.version > 1)
      .map((e) => ({ analito: codigos.get(e.analitoId), version: e.version, motivo: e.motivo })),
  }
  return enviar(
    consulta<ResultadoFila[]>(
      tx,
      t`
    with datos as (
      select * from jsonb_to_recordset(${datos}::jsonb) as x (id int, "analitoId" int,
        version int, motivo text, "valorNumero" numeric, "valorTexto" text, unidad text,
        "normalMin" numeric, "normalMax" numeric, "criticoMin" numeric, "criticoMax" numeric,
        bandera text)
    ),
    nuevos as (${
      escrituras.some((e) => e.id === null)
        ? t`
      insert into resultados (atencion_id, analito_id, version, motivo, valor_numero, valor_texto,
        unidad, normal_min, normal_max, critico_min, critico_max, bandera, ingresado_por)
      select ${a.id}, d."analitoId", d.version, d.motivo, d."valorNumero", d."valorTexto",
        d.unidad, d."normalMin", d."normalMax", d."criticoMin", d."criticoMax", d.bandera, ${por}
      from datos d where d.id is null
      returning *`
        : NINGUNO
    }),
    cambiados as (${
      escrituras.some((e) => e.id !== null)
        ? t`
      update resultados r set valor_numero = d."valorNumero", valor_texto = d."valorTexto",
        unidad = d.unidad, normal_min = d."normalMin", normal_max = d."normalMax",
        critico_min = d."criticoMin", critico_max = d."criticoMax", bandera = d.bandera,
        revision = r.revision + 1, ingresado_por = ${por}, ingresado_en = now()
      from datos d where r.id = d.id and r.estado = 'ingresado'
      returning r.*`
        : NINGUNO
    }),
    escritos as (select * from nuevos union all select * from cambiados),
    -- Each critical value written waits for its own call: a new record, even where one was made
    -- for the row's earlier value; one still waiting takes the new value (nobody was called yet).
    abiertos as (
      insert into hallazgos_criticos (resultado_id, valor_numero, valor_texto, bandera)
      select id, valor_numero, valor_texto, bandera from escritos where bandera in ('LL', 'HH')
      on conflict (resultado_id) where comunicado_en is null do update
        set valor_numero = excluded.valor_numero, valor_texto = excluded.valor_texto,
          bandera = excluded.bandera
      returning id, resultado_id
    ),
    cerrados as (
      delete from hallazgos_criticos h using escritos e
      where h.resultado_id = e.id and e.bandera is distinct from 'LL'
        and e.bandera is distinct from 'HH' and h.comunicado_en is null
      returning h.id
    ),
    registro as (${eventoTrozo(tx, { ...evento, pacienteId: a.pacienteId, detalle })})
    select ${crudo(RESULTADO_COLUMNAS)}
    from escritos r left join usuarios iu on iu.id = r.ingresado_por
      left join abiertos ab on ab.resultado_id = r.id
      left join lateral (
        select c.id, c.comunicado_en from hallazgos_criticos c
        where c.resultado_id = r.id and c.comunicado_en is not null
        order by c.id desc limit 1
      ) hc on true
      cross join lateral (select coalesce(ab.id, hc.id) as id,
        case when ab.id is null then hc.comunicado_en end as comunicado_en) h`,
    ),
  )
}

/** The atención's results after a save: those read before it, the rows it wrote in their place. */
function conEscritos(filas: ResultadoFila[], escritos: ResultadoFila[]): ResultadoFila[] {
  const ids = new Set(escritos.map((f) => f.id))
  return [...filas.filter((f) => !ids.has(f.id)), ...escritos]
}

/**
 * Saves `cuerpo` on atención `atencionId` when its results are still those `etags` names, and
 * answers them as they stand (sending the values already stored changes nothing); undefined for
 * an unknown atención.
 */
export async function guardarResultados(
  sql: Sql,
  lab: CatalogoLab,
  tz: string,
  atencionId: number,
  cuerpo: GuardarResultados,
  etags: string[],
  yo: { id: number; rol: Rol },
  evento: Evento,
): Promise<LecturaResultados | undefined> {
  return inTransaction(sql, async (tx, confirmar) => {
    // What the save needs goes out in one write with the BEGIN, the atención's lock first.
    const [a, filas, hoja, cuenta] = await Promise.all([
      atencionLab(tx, atencionId, { bloquear: true }),
      enviar(resultadosDe(tx, atencionId)),
      enviar(ultimaHoja(tx, atencionId)),
      enviar(cuentaValidadora(tx, yo.id)),
    ])
    if (!a) return undefined
    const no = porQueNoSeIngresa(a)
    if (no) throw no
    if (!etags.includes(a.etag)) throw new ResultadosCambiados()
    const examenes = examenesDe(lab, a)
    const codigos = new Map(analitosDe(examenes).map((x) => [x.id, x.codigo]))
    const codigoDe = await conAjenos(
      tx,
      codigos,
      cuerpo.resultados.map((r) => r.analitoId),
    )
    const escrituras = planear(a, examenes, filas, cuerpo, tz, codigoDe)
    // Then the write, the answer's reads and the COMMIT, in that order and together. The answer
    // is the rows read before with the ones written in their place, not a second read.
    const escrito =
      escrituras.length > 0 ? escribir(tx, a, escrituras, yo.id, evento, codigos) : null
    const anteriores = enviar(anterioresDe(tx, a, [...codigos.keys()]))
    const etag = escrito ? enviar(etagDe(tx, a.id)) : a.etag
    const [escritos] = await Promise.all([escrito, confirmar()])
    a.etag = await etag
    const datos = armarResultados(
      a,
      examenes,
      escritos ? conEscritos(filas, escritos) : filas,
      await anteriores,
      hoja,
      puedeValidar(yo.rol, cuenta),
      tz,
    )
    return { datos, etag: a.etag, atencion: a }
  })
}
