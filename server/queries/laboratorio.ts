// The laboratory's catalogue (migration 0059) as GET /laboratorio/analitos answers it: every
// analito with its ranges, and every LAB study the laboratory reports with its analitos in order.
import type { CatalogoLaboratorio } from '../../shared/laboratorio.js'
import type { Sql } from '../db.js'

/**
 * Analito row `a` as AnalitoSchema answers it, with its ranges in order: one json value (json, not
 * jsonb: built as text, it costs a third of jsonb's sorted objects on every read of the grid).
 */
export const analitoJson = (sql: Sql) => sql`
  json_build_object(
    'id', a.id, 'codigo', a.codigo, 'nombre', a.nombre, 'loinc', a.loinc,
    'unidad', a.unidad, 'tipo', a.tipo, 'decimales', a.decimales,
    'opciones', to_json(a.opciones), 'calculo', a.calculo,
    'calculadoDe', to_json(a.calculado_de), 'activo', a.activo,
    'deltaPorcentaje', a.delta_porcentaje,
    'rangos', coalesce((
      select json_agg(json_build_object(
        'sexo', r.sexo, 'edadDesdeDias', r.edad_desde_dias,
        'edadHastaDias', r.edad_hasta_dias, 'normalMin', r.normal_min,
        'normalMax', r.normal_max, 'criticoMin', r.critico_min,
        'criticoMax', r.critico_max)
        order by r.sexo nulls first, r.edad_desde_dias)
      from rangos_referencia r where r.analito_id = a.id), '[]'::json))`

export async function catalogoLaboratorio(sql: Sql): Promise<CatalogoLaboratorio> {
  // One statement, so the two lists come from the same snapshot.
  const [fila] = await sql<{ analitos: unknown; examenes: unknown }[]>`
    select
      coalesce((
        select json_agg(${analitoJson(sql)} order by a.id)
        from analitos a), '[]'::json) as analitos,
      coalesce((
        select jsonb_agg(jsonb_build_object(
          'estudioId', e.id, 'codigo', e.codigo, 'nombre', e.nombre, 'activo', e.activo,
          'recipiente', x.recipiente, 'muestra', x.muestra,
          'analitos', coalesce((
            select jsonb_agg(jsonb_build_object('codigo', a.codigo, 'seccion', m.seccion)
              order by m.orden)
            from examen_analitos m join analitos a on a.id = m.analito_id
            where m.estudio_id = x.estudio_id), '[]'::jsonb))
          order by e.orden, e.id)
        from examenes_laboratorio x join estudios e on e.id = x.estudio_id), '[]'::jsonb)
        as examenes`
  return fila as unknown as CatalogoLaboratorio
}
