// What the database client does to each row: column names from snake_case to camelCase, and the
// keys of json and jsonb values too, as postgres.camel does. Its value transform rebuilds each
// object key by key through Object.assign over Object.entries (a sixth of the server's CPU on a
// page of the per-analito grid, whose rows carry two json objects each); this one writes each key
// once, and remembers how each key name converts.
import postgres from 'postgres'

/** postgres.js's type oids of json and jsonb: the only values whose keys are renamed. */
const JSON_OIDS = new Set([114, 3802])
/** How many key names are remembered: the schema's are a few hundred; stored JSON may hold any. */
const MAXIMO_CLAVES = 5000
const claves = new Map<string, string>()

/** `a_b_c` as `aBC`, as postgres.toCamel writes it (a trailing `_` is kept, where it throws). */
export function claveCamel(k: string): string {
  let c = claves.get(k)
  if (c !== undefined) return c
  c = k.slice(0, 1)
  for (let i = 1; i < k.length; i++)
    c += k[i] === '_' && i + 1 < k.length ? k[++i]!.toUpperCase() : k[i]
  if (claves.size < MAXIMO_CLAVES) claves.set(k, c)
  return c
}

/** A parsed JSON value with every object key in camelCase. */
export function jsonCamel(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = jsonCamel(v[i])
    return v
  }
  const o: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    const c = claveCamel(k)
    // A key named __proto__ stays a key: assigned, it would set the object's prototype.
    if (c === '__proto__') Object.defineProperty(o, c, { value: jsonCamel(x), enumerable: true })
    else o[c] = jsonCamel(x)
  }
  return o
}

export const transformacionCamel = {
  column: { from: postgres.toCamel, to: postgres.fromCamel },
  value: {
    from: (v: unknown, columna: { type: number }) =>
      JSON_OIDS.has(columna.type) ? jsonCamel(v) : v,
  },
}
