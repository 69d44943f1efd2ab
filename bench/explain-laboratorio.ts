// The laboratory's queries in the plan check (bench/explain.ts): the day's list and the
// per-analito grid of the busy day its cases ask for, at each sede, first and second page; and for
// sampled patients' LAB atenciones what a read and a save of their results read (the atención, its
// results, the patient's previous values).
import { cacheCatalogos } from '../server/catalogos.js'
import type { Sql } from '../server/db.js'
import type { Clave } from '../server/queries/clave.js'
import { listaLaboratorio } from '../server/queries/laboratorio-lista.js'
import { porAnalito } from '../server/queries/resultados-analito.js'
import { anterioresDe, atencionLab, resultadosDe } from '../server/queries/resultados.js'
import { analitosDe, examenesDe } from '../server/laboratorio/examenes.js'
import type { Muestras } from './cases.js'
import { NADIE } from './cuentas.js'
import { ANALITO_POR_ANALITO, diasOcupados } from './laboratorio.js'

/** Runs one product call and explains what it sent (revisarPlanes' own). */
export type Revisar = <T>(
  caso: 'listaLaboratorio' | 'porAnalito' | 'guardarHemograma',
  consulta: string,
  llamada: () => Promise<T>,
) => Promise<T>

/** The audit records of the plan check's reads (rolled back with their plans). */
const LISTA = { ...NADIE, accion: 'laboratorio.lista' } as const
const POR_ANALITO = { ...NADIE, accion: 'resultados.por_analito' } as const
const PAGINA = 50

export async function revisarLaboratorio(
  revisar: Revisar,
  sql: Sql,
  m: Muestras,
  tz: string,
  porCaso: number,
): Promise<void> {
  const lab = (await cacheCatalogos(sql).leer()).laboratorio
  const hgb = lab.catalogo.analitos.find((a) => a.codigo === ANALITO_POR_ANALITO)
  if (!hgb) throw new Error(`El catálogo no tiene ${ANALITO_POR_ANALITO}`)
  for (const q of diasOcupados(m)) {
    const p = new URLSearchParams(q)
    const dia = { fecha: p.get('fecha')!, sede: p.get('sede')!, tz, limite: PAGINA }
    const pagina = `${dia.sede} ${dia.fecha}`
    const lista = await revisar('listaLaboratorio', pagina, () =>
      listaLaboratorio(sql, lab, { ...dia, despues: null }, LISTA),
    )
    const ultima = lista[PAGINA - 1]
    if (ultima)
      await revisar('listaLaboratorio', `${pagina} (página 2)`, () =>
        listaLaboratorio(sql, lab, { ...dia, despues: ultima.clave }, LISTA),
      )
    const filas = await revisar('porAnalito', pagina, () =>
      porAnalito(sql, hgb.id, { ...dia, despues: null }, POR_ANALITO),
    )
    const despues: Clave | undefined = filas[PAGINA - 1]?.clave
    if (despues)
      await revisar('porAnalito', `${pagina} (página 2)`, () =>
        porAnalito(sql, hgb.id, { ...dia, despues }, POR_ANALITO),
      )
  }

  const ids = m.pacientes.map((x) => x.id)
  const atenciones = await sql<{ id: number }[]>`
    select id from atenciones where paciente_id = any(${ids}::int[]) and modalidad = 'LAB'
      and estado <> 'Programado'
    order by llegada desc limit ${porCaso}`
  for (const { id } of atenciones) {
    const a = await revisar('guardarHemograma', `atención ${id}`, () => atencionLab(sql, id))
    if (!a) continue
    await revisar('guardarHemograma', `resultados de la atención ${id}`, () =>
      resultadosDe(sql, id),
    )
    const analitos = analitosDe(examenesDe(lab, a)).map((x) => x.id)
    await revisar('guardarHemograma', `valores anteriores de la atención ${id}`, () =>
      anterioresDe(sql, a, analitos),
    )
  }
}
