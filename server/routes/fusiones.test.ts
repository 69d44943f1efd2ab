// Merging two records of one person and undoing it, through the real app on a real database:
// byte-identical undo, the absorbed record leading to the survivor, concurrent merges, bad input,
// admins only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import {
  crearAtencion,
  crearPaciente,
  datosPaciente,
  dniNuevo,
  insertarAtencion,
} from '../test/factories.js'
import { capturar, clienteBusqueda, secuenciales } from '../test/planes.js'

let t: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(async () => {
  await t?.close()
})

const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })
const fusionar = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/pacientes/fusiones', headers: json(headers), payload })
const deshacer = (id: number | string, headers = admin) =>
  t.app.inject({ method: 'DELETE', url: `/pacientes/fusiones/${id}`, headers })

/** Everything stored about these patients, as full rows: what a merge changes and an undo restores. */
/**
 * Every stored value of the records, their atenciones and counters. A patient's `version` is left
 * out: it is the edit's concurrency token (ETag) and only moves forward, through a merge and its
 * undo as through any change, so an edit opened before the merge cannot overwrite it blindly.
 */
async function estado(ids: number[]) {
  const sql = t.db.sql
  const [fila] = await sql<{ e: unknown }[]>`
    select jsonb_build_object(
      'pacientes', (select jsonb_agg(to_jsonb(p) - 'version' order by p.id) from pacientes p
        where p.id = any(${ids}::int[])),
      'atenciones', (select jsonb_agg(to_jsonb(a) order by a.id) from atenciones a
        where a.paciente_id = any(${ids}::int[])),
      'sinAtencion', (select jsonb_agg(to_jsonb(s) order by s.paciente_id) from pacientes_sin_atencion s
        where s.paciente_id = any(${ids}::int[])),
      'porHora', (select jsonb_agg(to_jsonb(h) order by h.hora) from atenciones_por_hora h)
    )::text as e`
  return fila!.e as string
}

const eventos = (accion: string, pacienteId: number) => t.db.sql<{ detalle: unknown }[]>`
  select detalle from auditoria where accion = ${accion} and paciente_id = ${pacienteId} order by id`

describe('solo administradores', () => {
  test('el personal recibe 403 en español en cada llamada y nada cambia', async () => {
    const a = await crearPaciente(t)
    const b = await crearPaciente(t)
    const antes = await estado([a.id, b.id])
    const llamadas = [
      fusionar({ conservar: a.id, absorber: b.id }, t.headers),
      deshacer(1, t.headers),
      t.app.inject({ url: '/pacientes/fusiones', headers: t.headers }),
      t.app.inject({ url: '/pacientes/duplicados', headers: t.headers }),
      t.app.inject({
        method: 'POST',
        url: '/pacientes/duplicados/descartes',
        headers: json(t.headers),
        payload: { pacienteA: a.id, pacienteB: b.id },
      }),
    ]
    for (const res of await Promise.all(llamadas)) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
    }
    expect(await estado([a.id, b.id])).toBe(antes)
    const [cuenta] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from fusiones`
    expect(cuenta!.n).toBe(0)
  })
})

describe('fusionar y deshacer', () => {
  // Which record has atenciones: the absorbed, the survivor, both or neither. Each shape moves
  // pacientes_sin_atencion rows differently.
  const formas = [
    { nombre: 'solo el absorbido tiene atenciones', conservado: 0, absorbido: 2 },
    { nombre: 'solo el conservado tiene atenciones', conservado: 1, absorbido: 0 },
    { nombre: 'ambos tienen atenciones', conservado: 2, absorbido: 1 },
    { nombre: 'ninguno tiene atenciones', conservado: 0, absorbido: 0 },
  ]
  for (const forma of formas) {
    test(`deshacer devuelve filas idénticas byte a byte (${forma.nombre})`, async () => {
      const conservado = await crearPaciente(t, {
        primerNombre: 'Juana',
        primerApellido: 'Mamani',
        celular: '',
        departamento: 'Lima',
        municipio: 'Callao',
      })
      const absorbido = await crearPaciente(t, {
        tipoDocumento: 'pasaporte',
        documento: `PA${dniNuevo()}`,
        primerNombre: 'Juana',
        segundoNombre: 'Rosa',
        primerApellido: 'Mamani',
        celular: '987 654 321',
        departamento: 'Cusco',
        municipio: 'Urubamba',
      })
      for (let i = 0; i < forma.conservado; i++)
        await crearAtencion(t, conservado.id, { modalidad: 'Eco', estudios: [{ nombre: 'Renal' }] })
      for (let i = 0; i < forma.absorbido; i++) await crearAtencion(t, absorbido.id)
      const ids = [conservado.id, absorbido.id]
      const antes = await estado(ids)

      const res = await fusionar({
        conservar: conservado.id,
        absorber: absorbido.id,
        campos: {
          segundoNombre: 'absorber',
          celular: 'absorber',
          departamento: 'absorber',
          municipio: 'absorber',
          sexo: 'conservar',
        },
      })
      expect(res.statusCode, res.body).toBe(201)
      const { id } = res.json<{ id: number }>()
      expect(id).toBeGreaterThan(0)

      // The survivor took the chosen values and every atención; its copies follow it.
      const [s] = await t.db.sql`select * from pacientes where id = ${conservado.id}`
      expect(s).toMatchObject({
        segundoNombre: 'Rosa',
        celular: '987 654 321',
        departamento: 'Cusco',
        municipio: 'Urubamba',
        documento: conservado.documento,
        fusionadoEn: null,
      })
      const [a] = await t.db.sql`select fusionado_en from pacientes where id = ${absorbido.id}`
      expect(a!.fusionadoEn).toBe(conservado.id)
      const atenciones = await t.db.sql`
        select paciente_id, documento, segundo_nombre_norm from atenciones where paciente_id = any(${ids}::int[])`
      expect(atenciones).toHaveLength(forma.conservado + forma.absorbido)
      for (const at of atenciones)
        expect(at).toEqual({
          pacienteId: conservado.id,
          documento: conservado.documento,
          segundoNombreNorm: 'rosa',
        })
      const sinAtencion = await t.db.sql<{ pacienteId: number; segundoNombreNorm: string }[]>`
        select paciente_id, segundo_nombre_norm from pacientes_sin_atencion where paciente_id = any(${ids}::int[])`
      expect(sinAtencion).toEqual(
        forma.conservado + forma.absorbido === 0
          ? [{ pacienteId: conservado.id, segundoNombreNorm: 'rosa' }]
          : [],
      )
      // One audit record per patient, committed with the change.
      for (const p of ids)
        expect(await eventos('paciente.fusionado', p)).toEqual([
          {
            detalle: {
              fusion: id,
              conservado: conservado.id,
              absorbido: absorbido.id,
              campos: ['segundoNombre', 'departamento', 'municipio', 'celular'],
              atenciones: forma.absorbido,
            },
          },
        ])

      const versiones = () =>
        t.db.sql<
          { version: number }[]
        >`select version from pacientes where id = any(${ids}::int[]) order by id`
      const versionesAntes = (await versiones()).map((v) => v.version)
      const undo = await deshacer(id)
      expect(undo.statusCode, undo.body).toBe(204)
      expect(await estado(ids)).toBe(antes)
      // The ETag still moves forward: an edit opened while merged gets 412, never a blind write.
      for (const [i, v] of (await versiones()).entries())
        expect(v.version).toBeGreaterThan(versionesAntes[i]!)
      for (const p of ids) expect(await eventos('paciente.fusion_deshecha', p)).toHaveLength(1)

      const otra = await deshacer(id)
      expect(otra.statusCode).toBe(409)
      expect(otra.json()).toEqual({ message: 'La fusión ya fue deshecha' })
      expect(await estado(ids)).toBe(antes)
    })
  }

  test('una atención registrada en el conservado tras la fusión se queda con él al deshacer', async () => {
    const conservado = await crearPaciente(t)
    const absorbido = await crearPaciente(t)
    const vieja = await crearAtencion(t, absorbido.id)
    const { id } = (await fusionar({ conservar: conservado.id, absorber: absorbido.id })).json()
    const nueva = await crearAtencion(t, conservado.id)
    expect((await deshacer(id)).statusCode).toBe(204)
    const filas = await t.db.sql`select id, paciente_id from atenciones
      where paciente_id = any(${[conservado.id, absorbido.id]}::int[]) order by id`
    expect(filas).toEqual([
      { id: vieja.id, pacienteId: absorbido.id },
      { id: nueva.id, pacienteId: conservado.id },
    ])
    const sin = await t.db.sql`select paciente_id from pacientes_sin_atencion
      where paciente_id = any(${[conservado.id, absorbido.id]}::int[])`
    expect(sin).toEqual([])
  })

  test('no se deshace si el conservado cambió después: 409 y nada cambia', async () => {
    const conservado = await crearPaciente(t)
    const absorbido = await crearPaciente(t)
    const { id } = (await fusionar({ conservar: conservado.id, absorber: absorbido.id })).json()
    await t.db.sql`update pacientes set barrio = 'Centro' where id = ${conservado.id}`
    const antes = await estado([conservado.id, absorbido.id])
    const res = await deshacer(id)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/cambió después de la fusión/)
    expect(await estado([conservado.id, absorbido.id])).toBe(antes)
  })
})

describe('el registro absorbido lleva al que se conserva', () => {
  let conservado: Awaited<ReturnType<typeof crearPaciente>>
  let absorbido: Awaited<ReturnType<typeof crearPaciente>>
  beforeAll(async () => {
    conservado = await crearPaciente(t, { primerNombre: 'Teófilo', primerApellido: 'Ccahuana' })
    absorbido = await crearPaciente(t, {
      tipoDocumento: 'cedula',
      documento: 'CE' + dniNuevo(),
      primerNombre: 'Teofilo',
      primerApellido: 'Ccahuana',
    })
    await crearAtencion(t, absorbido.id)
    const res = await fusionar({ conservar: conservado.id, absorber: absorbido.id })
    expect(res.statusCode).toBe(201)
  })

  test('GET /pacientes/:id del absorbido responde 200 con el conservado y sus atenciones', async () => {
    const res = await t.app.inject({ url: `/pacientes/${absorbido.id}`, headers: t.headers })
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p.id).toBe(conservado.id)
    expect(p.documento).toBe(conservado.documento)
    expect(p.atenciones).toHaveLength(1)
    const [ev] = await t.db.sql`select paciente_id from auditoria
      where accion = 'paciente.consultado' order by id desc limit 1`
    expect(Number(ev!.pacienteId)).toBe(conservado.id)
  })

  test('buscar el documento absorbido encuentra al conservado; sus nombres no muestran otra persona', async () => {
    for (const query of [
      `documento=${absorbido.documento}`,
      `tipoDocumento=cedula&documento=${absorbido.documento.toLowerCase()}`,
    ]) {
      const res = await t.app.inject({ url: `/pacientes/buscar?${query}`, headers: t.headers })
      expect(res.statusCode).toBe(200)
      const ids = res.json<{ id: number }[]>().map((f) => f.id)
      expect(ids.length, query).toBeGreaterThan(0)
      expect(new Set(ids), query).toEqual(new Set([conservado.id]))
    }
    const otroTipo = await t.app.inject({
      url: `/pacientes/buscar?tipoDocumento=dni&documento=${absorbido.documento}`,
      headers: t.headers,
    })
    expect(otroTipo.json()).toEqual([])
    const porNombre = await t.app.inject({
      url: '/pacientes/buscar?primerNombre=teofilo&primerApellido=ccahuana',
      headers: t.headers,
    })
    const ids = porNombre.json<{ id: number }[]>().map((f) => f.id)
    expect(ids).toContain(conservado.id)
    expect(ids).not.toContain(absorbido.id)
  })

  test('la lista, los posibles duplicados y el tablero no lo cuentan como otra persona', async () => {
    const lista = await t.app.inject({ url: '/pacientes?limite=200', headers: t.headers })
    const ids = lista.json<{ id: number }[]>().map((p) => p.id)
    expect(ids).toContain(conservado.id)
    expect(ids).not.toContain(absorbido.id)
    const dup = await t.app.inject({
      url: `/pacientes/posibles-duplicados?primerNombre=Teofilo&primerApellido=Ccahuana&fechaNacimiento=1985-04-12`,
      headers: t.headers,
    })
    expect(dup.json<{ id: number }[]>().map((p) => p.id)).toEqual([conservado.id])
    const [vivos] = await t.db.sql<{ total: number }[]>`
      select count(*)::int as total from pacientes where fusionado_en is null`
    const tablero = await t.app.inject({ url: '/estadisticas', headers: t.headers })
    expect(tablero.statusCode).toBe(200)
    expect(JSON.stringify(tablero.json())).toContain(`"totalPacientes":${vivos!.total}`)
  })

  test('registrar su documento otra vez responde 409 con el id del conservado', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/pacientes',
      headers: json(t.headers),
      payload: datosPaciente({ tipoDocumento: 'cedula', documento: absorbido.documento }),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().id).toBe(conservado.id)
  })

  test('una atención registrada con el id del absorbido queda en el conservado', async () => {
    const a = await crearAtencion(t, absorbido.id)
    expect(a.pacienteId).toBe(conservado.id)
    const [s] = await t.db
      .sql`select count(*)::int as n from pacientes_sin_atencion where paciente_id = ${absorbido.id}`
    expect(s!.n).toBe(0)
  })

  test('fusionar de nuevo el absorbido, o dentro de él, es 409', async () => {
    const otro = await crearPaciente(t)
    for (const payload of [
      { conservar: otro.id, absorber: absorbido.id },
      { conservar: absorbido.id, absorber: otro.id },
    ]) {
      const res = await fusionar(payload)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        message: `El paciente ${absorbido.id} ya fue fusionado en el ${conservado.id}`,
        id: conservado.id,
      })
    }
    // The survivor of a merge in force is not absorbed into a third record (no chains).
    const res = await fusionar({ conservar: otro.id, absorber: conservado.id })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/conserva otras fusiones/)
  })
})

describe('fusiones a la vez', () => {
  test('diez fusiones del mismo registro a la vez: una gana, las demás reciben 409', async () => {
    const absorbido = await crearPaciente(t)
    await crearAtencion(t, absorbido.id)
    await crearAtencion(t, absorbido.id)
    const destinos = await Promise.all(Array.from({ length: 10 }, () => crearPaciente(t)))
    const respuestas = await Promise.all(
      destinos.map((d) => fusionar({ conservar: d.id, absorber: absorbido.id })),
    )
    const codigos = respuestas.map((r) => r.statusCode).sort()
    expect(codigos).toEqual([201, ...Array(9).fill(409)])
    const ganador = destinos[respuestas.findIndex((r) => r.statusCode === 201)]!
    const filas = await t.db.sql`select paciente_id from atenciones where paciente_id = any(${[
      absorbido.id,
      ...destinos.map((d) => d.id),
    ]}::int[])`
    expect(filas).toEqual([{ pacienteId: ganador.id }, { pacienteId: ganador.id }])
    const vigentes = await t.db.sql`select conservado_id from fusiones
      where absorbido_id = ${absorbido.id} and deshecha_en is null`
    expect(vigentes).toEqual([{ conservadoId: ganador.id }])
  })

  test('A en B y B en A a la vez: una gana y la otra recibe 409', async () => {
    for (let vuelta = 0; vuelta < 5; vuelta++) {
      const a = await crearPaciente(t)
      const b = await crearPaciente(t)
      await insertarAtencion(t.db.sql, a.id)
      await insertarAtencion(t.db.sql, b.id)
      const [r1, r2] = await Promise.all([
        fusionar({ conservar: a.id, absorber: b.id }),
        fusionar({ conservar: b.id, absorber: a.id }),
      ])
      expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([201, 409])
      const filas = await t.db.sql<{ id: number; fusionadoEn: number | null }[]>`
        select id, fusionado_en from pacientes where id = any(${[a.id, b.id]}::int[]) order by id`
      expect(filas.filter((f) => f.fusionadoEn === null)).toHaveLength(1)
      const atenciones = await t.db.sql`select distinct paciente_id from atenciones
        where paciente_id = any(${[a.id, b.id]}::int[])`
      expect(atenciones).toHaveLength(1)
    }
  })

  test('dos deshacer a la vez: uno deshace, el otro recibe 409', async () => {
    const a = await crearPaciente(t)
    const b = await crearPaciente(t)
    await crearAtencion(t, b.id)
    const antes = await estado([a.id, b.id])
    const { id } = (await fusionar({ conservar: a.id, absorber: b.id })).json()
    const rs = await Promise.all([deshacer(id), deshacer(id)])
    expect(rs.map((r) => r.statusCode).sort()).toEqual([204, 409])
    expect(await estado([a.id, b.id])).toBe(antes)
  })
})

describe('datos inválidos: un mensaje en español y nada guardado', () => {
  test('cada error con su campo', async () => {
    const a = await crearPaciente(t, { departamento: 'Lima', municipio: 'Callao' })
    const b = await crearPaciente(t, { departamento: 'Cusco', municipio: 'Urubamba' })
    const antes = await estado([a.id, b.id])
    const casos: [object, number, object][] = [
      [
        { conservar: a.id, absorber: a.id },
        400,
        { errores: [{ campo: 'absorber', mensaje: 'Elija dos registros distintos' }] },
      ],
      [
        { conservar: a.id, absorber: b.id, campos: { documento: 'absorber' } },
        400,
        {
          errores: [
            {
              campo: 'campos.documento',
              mensaje:
                'El documento es el del registro que se conserva: elija ese registro como el que queda',
            },
          ],
        },
      ],
      [
        { conservar: a.id, absorber: b.id, campos: { favorito: 'absorber' } },
        400,
        { errores: [{ campo: 'campos.favorito', mensaje: 'Campo no elegible' }] },
      ],
      [
        { conservar: a.id, absorber: b.id, campos: { celular: 'ambos' } },
        400,
        { errores: [{ campo: 'campos.celular', mensaje: 'Use "conservar" o "absorber"' }] },
      ],
      [{ absorber: b.id }, 400, { errores: [{ campo: 'conservar', mensaje: 'Campo requerido' }] }],
      [{ conservar: 'uno', absorber: b.id }, 400, { message: 'Datos inválidos' }],
      [{ conservar: a.id, absorber: 2_147_483_647 }, 404, { message: 'Paciente no encontrado' }],
      [
        // Cusco's municipio with Lima's departamento.
        { conservar: a.id, absorber: b.id, campos: { municipio: 'absorber' } },
        400,
        {
          errores: [{ campo: 'municipio', mensaje: 'La provincia no pertenece al departamento' }],
        },
      ],
    ]
    for (const [payload, codigo, cuerpo] of casos) {
      const res = await fusionar(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(codigo)
      expect(res.json(), JSON.stringify(payload)).toMatchObject(cuerpo)
    }
    for (const [id, codigo] of [
      ['999999', 404],
      ['0', 404],
      ['abc', 400],
      ['99999999999', 404],
    ] as const) {
      const res = await deshacer(id)
      expect(res.statusCode, id).toBe(codigo)
      expect(typeof res.json().message).toBe('string')
    }
    const malCuerpo = await t.app.inject({
      method: 'POST',
      url: '/pacientes/fusiones',
      headers: json(admin),
      payload: '{"conservar":',
    })
    expect(malCuerpo.statusCode).toBe(400)
    expect(await estado([a.id, b.id])).toBe(antes)
    const [cuenta] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from fusiones where ${a.id} in (conservado_id, absorbido_id)`
    expect(cuenta!.n).toBe(0)
  })
})

describe('planes', () => {
  test('la búsqueda del documento absorbido y la fusión no recorren tablas enteras', async () => {
    const captura = capturar(t.db.sql, await clienteBusqueda(t.db))
    try {
      const conservado = await crearPaciente(t)
      const absorbido = await crearPaciente(t)
      await crearAtencion(t, absorbido.id)
      const { id } = (await fusionar({ conservar: conservado.id, absorber: absorbido.id })).json()
      await t.app.inject({
        url: `/pacientes/buscar?documento=${absorbido.documento}`,
        headers: t.headers,
      })
      await t.app.inject({ url: `/pacientes/${absorbido.id}`, headers: t.headers })
      await t.app.inject({ url: '/pacientes/fusiones', headers: admin })
      const sentencias = captura
        .tomar()
        .filter((s) => /\b(pacientes|atenciones|fusiones)\b/.test(s.texto))
      expect(sentencias.some((s) => /fusionado_en is not null/.test(s.texto))).toBe(true)
      for (const s of sentencias)
        expect(
          await secuenciales(t.db.sql, s, ['pacientes', 'atenciones', 'pacientes_sin_atencion']),
          s.texto,
        ).toEqual([])
      void id
    } finally {
      captura.soltar()
    }
  })
})
