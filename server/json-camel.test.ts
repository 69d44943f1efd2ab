import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { jsonCamel, transformacionCamel } from './json-camel.js'

const desdePostgres = (v: unknown, type: number) =>
  (postgres.camel.value.from as (v: unknown, c: { type: number }) => unknown)(v, { type })
const propio = (v: unknown, type: number) =>
  transformacionCamel.value.from(structuredClone(v), { type })

describe('transformacionCamel', () => {
  const valores: unknown[] = [
    null,
    7,
    'texto_con_guion',
    [1, 'a_b', null],
    { atencion_id: 3, valor_numero: 1.5, ya_camel: { comunicado_en: '2026-11-28T10:00:00Z' } },
    [{ id: 1, estado_muestra: 'recibida', estudios: ['Hemograma completo'] }, { id: 2 }],
    { anidado: [{ mas_adentro: [{ otro_nivel: true }] }], atencionId: 4, x: null },
  ]

  it('renames json and jsonb keys as postgres.camel does', () => {
    for (const type of [114, 3802])
      for (const v of valores)
        expect(propio(v, type)).toEqual(desdePostgres(structuredClone(v), type))
  })

  it('leaves every other type alone', () => {
    const v = { atencion_id: 1 }
    expect(transformacionCamel.value.from(v, { type: 25 })).toBe(v)
  })

  it('never sets a prototype from a key', () => {
    for (const texto of ['{"__proto__": {"es_admin": true}, "a_b": 1}', '{"__proto_": {"x": 1}}']) {
      const r = jsonCamel(JSON.parse(texto)) as Record<string, unknown>
      expect(Object.getPrototypeOf(r)).toBe(Object.prototype)
      expect((r as { esAdmin?: boolean }).esAdmin).toBeUndefined()
    }
    // Where postgres.camel's rename does not throw (a trailing _), both write the same keys.
    const texto = '{"__proto__": {"es_admin": true}, "a_b": 1}'
    expect(jsonCamel(JSON.parse(texto))).toEqual(desdePostgres(JSON.parse(texto), 3802))
  })

  it('names columns as postgres.camel does', () => {
    expect(transformacionCamel.column.from('fecha_de_nacimiento')).toBe('fechaDeNacimiento')
    expect(transformacionCamel.column.to('fechaDeNacimiento')).toBe('fecha_de_nacimiento')
  })
})
