// The list of the patient's fields (shared/paciente-campos.ts) against the table the migrations
// build, read from the database itself: a field without its column, a column without its field, a
// limit or a list of values that disagree, all fail here. And a field the list holds is stored,
// answered, corrected and merged with no other list to remember: the round trip below walks
// every field the list has, not a copy of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAMPOS_FUSION } from '../shared/fusiones.js'
import { CAMPOS, campo, type CampoPaciente } from '../shared/paciente-campos.js'
import { PACIENTE_VACIO } from '../shared/paciente-datos.js'
import { validarPaciente } from '../shared/paciente-validacion.js'
import { createTestApp, type TestApp } from './test/app.js'
import { datosPaciente } from './test/factories.js'
import { definicionDelCheck, valoresDelCheck } from './test/esquema.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const columna = (c: string) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)

/**
 * What the database keeps beside the fields: identity, consent, bookkeeping, search keys, and a
 * newborn's link to its mother (a record, not a value typed in the form).
 */
const OTRAS_COLUMNAS = [
  'id',
  'politica_aceptada_en',
  'politica_version',
  'creado_en',
  'creado_por',
  'primer_nombre_norm',
  'segundo_nombre_norm',
  'primer_apellido_norm',
  'segundo_apellido_norm',
  'version',
  'fusionado_en',
  'madre_id',
]

describe('la lista de campos del paciente y la tabla pacientes', () => {
  it('tiene una columna por campo y ninguna columna que no sea un campo ni la mantenga la base de datos', async () => {
    const columnas = await t.db.sql<{ columnName: string }[]>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'pacientes'`
    const nombres = columnas.map((c) => c.columnName).sort()
    expect(nombres).toEqual([...CAMPOS.map(columna), ...OTRAS_COLUMNAS].sort())
  })

  it.each(CAMPOS)('%s: obligatorio, tipo, límite y valores como los revisa la base', async (c) => {
    const d = campo(c)
    const [col] = await t.db.sql<{ isNullable: string; dataType: string }[]>`
      select is_nullable, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'pacientes'
        and column_name = ${columna(c)}`
    expect(col!.isNullable, 'nulo en la base').toBe(d.requerido ? 'NO' : 'YES')
    expect(col!.dataType).toBe(d.regla === 'fecha' ? 'date' : 'text')
    const check = await definicionDelCheck(t.db.sql, 'pacientes', `pacientes_${columna(c)}_check`)
    if (d.valores) {
      expect(await valoresDelCheck(t.db.sql, 'pacientes', `pacientes_${columna(c)}_check`)).toEqual(
        [...d.valores],
      )
    } else if (d.regla !== 'fecha') {
      expect(check, 'largo máximo en la base').toContain(`(length(${columna(c)}) <= ${d.max})`)
    }
  })
})

describe('un campo de la lista, de principio a fin', () => {
  /** A value that each field's rule accepts and that differs from the factory's. */
  const VALOR: Record<CampoPaciente, string> = {
    tipoDocumento: 'pasaporte',
    documento: 'PX' + String(process.pid).padStart(7, '0'),
    primerNombre: 'Ana',
    segundoNombre: 'Lucía',
    primerApellido: 'Huamán',
    segundoApellido: 'Ccori',
    fechaNacimiento: '1990-02-03',
    grupoSanguineo: 'O+',
    sexo: 'Otro',
    departamento: 'Cusco',
    municipio: 'Urubamba',
    distrito: 'Ollantaytambo',
    zonaResidencial: 'Rural',
    barrio: 'San Blas',
    direccion: 'Jr. Tecsecocha 12',
    celular: '987 654 321',
    telefono: '(084) 123456',
    telefono2: '084 654321',
    codigoPostal: '08001',
    correoElectronico: 'ana@example.pe',
    acudiente: 'Rosa Ccori',
  }
  /** Fields checked against another travel with it: a document with its type, a municipio with its departamento. */
  const JUNTO: Partial<Record<CampoPaciente, CampoPaciente>> = {
    tipoDocumento: 'documento',
    departamento: 'municipio',
  }
  const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
  const registrar = (cuerpo: object) =>
    t.app.inject({ method: 'POST', url: '/pacientes', headers: json(t.headers), payload: cuerpo })
  type Respuesta = Record<string, unknown> & { id: number }

  it('la validación da datos de la forma que la respuesta declara, con cada campo lleno o vacío', () => {
    /** What PacienteDatosSchema says of each field, checked on the value. */
    const cumple = (c: CampoPaciente, v: unknown) => {
      const d = campo(c)
      if (v === null) return !d.requerido
      if (typeof v !== 'string' || v === '') return false
      if (d.valores) return d.valores.includes(v)
      return d.regla === 'fecha' ? /^\d{4}-\d{2}-\d{2}$/.test(v) : true
    }
    const lleno = validarPaciente({ ...VALOR, aceptaPolitica: true }, '2026-01-01')
    expect(lleno.errores).toEqual([])
    for (const c of CAMPOS) expect(cumple(c, lleno.datos![c]), c).toBe(true)
    const minimo = validarPaciente(
      { ...PACIENTE_VACIO, ...datosPaciente(), aceptaPolitica: true },
      '2026-01-01',
    )
    expect(minimo.errores).toEqual([])
    for (const c of CAMPOS) {
      expect(cumple(c, minimo.datos![c]), c).toBe(true)
      if (!campo(c).requerido) expect(minimo.datos![c], c).toBeNull()
    }
    expect(Object.keys(lleno.datos!).sort()).toEqual([...CAMPOS].sort())
  })

  it('se guarda al registrar y se responde tal como se envió, para cada campo', async () => {
    const res = await registrar({ ...datosPaciente(), ...VALOR })
    expect(res.statusCode, res.body).toBe(201)
    const p = res.json<Respuesta>()
    for (const c of CAMPOS) expect(p[c], c).toBe(VALOR[c])
    const [fila] = await t.db.sql<Record<string, unknown>[]>`
      select ${t.db.sql(CAMPOS)} from pacientes where id = ${p.id}`
    for (const c of CAMPOS) {
      const v = fila![c]
      expect(v instanceof Date ? v.toISOString().slice(0, 10) : v, c).toBe(VALOR[c])
    }
  })

  it('se corrige con su valor anterior y el nuevo en el historial, para cada campo', async () => {
    const destino = { ...VALOR, documento: VALOR.documento + 'C' }
    const res = await registrar(datosPaciente())
    let actual = res.json<Respuesta>()
    let etag = (await t.app.inject({ url: `/pacientes/${actual.id}`, headers: t.headers })).headers
      .etag as string
    for (const c of CAMPOS) {
      if (actual[c] === destino[c]) continue
      const junto = JUNTO[c]
      const cambio = { [c]: destino[c], ...(junto ? { [junto]: destino[junto] } : {}) }
      const r = await t.app.inject({
        method: 'PATCH',
        url: `/pacientes/${actual.id}`,
        headers: { ...json(t.headers), 'if-match': etag },
        payload: cambio,
      })
      expect(r.statusCode, `${c}: ${r.body}`).toBe(200)
      actual = r.json<Respuesta>()
      etag = r.headers.etag as string
    }
    for (const c of CAMPOS) expect(actual[c], c).toBe(destino[c])
    const h = await t.app.inject({ url: `/pacientes/${actual.id}/historial`, headers: t.headers })
    const cambios = (
      h.json() as { cambios: { campo: string; despues: string | null }[] }[]
    ).flatMap((e) => e.cambios)
    for (const c of CAMPOS)
      expect(cambios, c).toContainEqual(expect.objectContaining({ campo: c, despues: destino[c] }))
  })

  it('se toma del registro absorbido cuando la fusión lo indica, para cada campo fusionable', async () => {
    const admin = await t.login('admin')
    const conservado = (await registrar(datosPaciente())).json<Respuesta>()
    const absorbido = (
      await registrar({ ...datosPaciente(), ...VALOR, documento: VALOR.documento + 'F' })
    ).json<Respuesta>()
    const campos = Object.fromEntries(CAMPOS_FUSION.map((c) => [c, 'absorber']))
    const r = await t.app.inject({
      method: 'POST',
      url: '/pacientes/fusiones',
      headers: json(admin),
      payload: { conservar: conservado.id, absorber: absorbido.id, campos },
    })
    expect(r.statusCode, r.body).toBe(201)
    const p = (
      await t.app.inject({ url: `/pacientes/${conservado.id}`, headers: t.headers })
    ).json<Respuesta>()
    for (const c of CAMPOS_FUSION) expect(p[c], c).toBe(VALOR[c])
    expect(p.documento).toBe(conservado.documento)
  })
})
