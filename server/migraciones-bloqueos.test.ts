// The rules of docs/presupuestos.md#migraciones, checked on every migration written after them
// (0037 on): nothing in a migration may keep `pacientes` or `atenciones` from being read for
// longer than a moment on a clinic's full database. A migration runs in one transaction, so a
// table locked against reads stays locked until the whole file ends.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readMigrations } from './migrate.js'
import { MIGRATIONS_DIR } from './paths.js'
import { Separador } from './respaldo/sentencias.js'

/** The first migration these rules apply to. */
const DESDE = '0037'
const TABLA = String.raw`(?:only\s+)?(?:public\.)?"?(?:pacientes|atenciones)"?\b`

/** What blocks reading the tables for as long as it takes, and why. */
const PROHIBIDAS: [RegExp, string][] = [
  [
    new RegExp(
      String.raw`^alter\s+table\s+${TABLA}.*\badd\s+constraint\b(?!.*\bnot\s+valid\b)`,
      'is',
    ),
    'una restricción nueva revisa cada fila con la tabla bloqueada: use «not valid» y luego «validate constraint»',
  ],
  [
    new RegExp(
      String.raw`^alter\s+table\s+${TABLA}.*\badd\s+column\b.*\b(?:check|references|unique|primary\s+key)\b`,
      'is',
    ),
    'una columna nueva con restricción revisa o indexa cada fila con la tabla bloqueada: agréguela sola y la restricción «not valid» aparte',
  ],
  [
    new RegExp(
      String.raw`^alter\s+table\s+${TABLA}.*\balter\s+column\b.*\b(?:type|set\s+not\s+null)\b`,
      'is',
    ),
    'cambiar el tipo o exigir «not null» reescribe o revisa toda la tabla bloqueada',
  ],
  [
    new RegExp(
      String.raw`^(?:vacuum\s+(?:\(.*\bfull\b.*\)|full)|cluster|reindex\s+(?!.*\bconcurrently\b)|lock\s+table)\b.*${TABLA}`,
      'is',
    ),
    'bloquea la tabla entera mientras dura',
  ],
]

// Every ALTER TABLE but VALIDATE CONSTRAINT, which lets reads and writes go on.
const BLOQUEA_LECTURAS = new RegExp(
  String.raw`^alter\s+table\s+${TABLA}(?!.*\bvalidate\s+constraint\b)`,
  'is',
)
const LARGA = new RegExp(
  String.raw`^(?:update\s+${TABLA}|create\s+(?:unique\s+)?index\b.*\bon\s+${TABLA}|insert\s+into\s+${TABLA})`,
  'is',
)

/** Each statement of a migration, without its comments, in lower case. */
function sentencias(sql: string): string[] {
  const s = new Separador()
  return [...s.agregar(sql + '\n'), ...s.terminar()]
    .map((x) =>
      x
        .replace(/--[^\n]*/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
}

/** What is wrong with a migration, in Spanish; none when it keeps to the rules. */
function faltas(sql: string): string[] {
  const todas = sentencias(sql)
  const f: string[] = []
  for (const s of todas) {
    for (const [patron, motivo] of PROHIBIDAS)
      if (patron.test(s)) f.push(`${motivo}: ${s.slice(0, 80)}`)
  }
  const bloqueo = todas.find((s) => BLOQUEA_LECTURAS.test(s))
  const larga = todas.find((s) => LARGA.test(s))
  if (bloqueo && larga) {
    f.push(
      `«${bloqueo.slice(0, 60)}» deja la tabla sin lecturas hasta el final del archivo, y «${larga.slice(0, 60)}» recorre la tabla: sepárelas en dos migraciones`,
    )
  }
  return f
}

describe('migraciones que no bloquean las lecturas de pacientes ni atenciones', () => {
  it(`cada migración desde la ${DESDE} cumple las reglas`, () => {
    for (const m of readMigrations().filter((m) => m.nombre >= DESDE)) {
      const sql = readFileSync(join(MIGRATIONS_DIR, m.nombre), 'utf8')
      expect(faltas(sql), m.nombre).toEqual([])
    }
  })

  it('la revisión reconoce lo que bloquea y deja pasar lo que no', () => {
    const malas = [
      'alter table pacientes add constraint c check (char_length(distrito) <= 60);',
      'alter table public.atenciones add column x text references salas (id);',
      'alter table pacientes alter column celular type varchar(20);',
      'alter table only pacientes alter column distrito set not null;',
      'vacuum full pacientes;',
      'lock table atenciones in access exclusive mode;',
      'alter table pacientes add column distrito text;\nupdate pacientes set distrito = municipio;',
      'alter table pacientes add column d text;\ncreate index pacientes_d_idx on pacientes (d);',
    ]
    for (const sql of malas) expect(faltas(sql), sql).not.toEqual([])
    const buenas = [
      'alter table pacientes add column distrito text;',
      "alter table atenciones add column canal text default 'presencial';",
      'alter table pacientes add constraint d check (char_length(distrito) <= 60) not valid;\nalter table pacientes validate constraint d;',
      'create index pacientes_d_idx on pacientes (distrito);\nupdate pacientes set distrito = null where false;',
      'alter table pacientes validate constraint d;\nupdate pacientes set distrito = null where false;',
      "-- alter table pacientes add constraint x check (true);\ncomment on table pacientes is 'x; y';",
      'create table otra (id int primary key, check (id > 0));',
    ]
    for (const sql of buenas) expect(faltas(sql), sql).toEqual([])
  })
})
