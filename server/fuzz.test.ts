// Random and malformed calls against every patient, atención, search and dashboard route of the
// real app: never a 5xx, every error `{message}` in Spanish, and afterwards the database holds
// exactly what the successful calls created. FUZZ_SEMILLA=n reproduces (or explores) a run.
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ESTADOS,
  ESTADOS_INICIALES,
  ESTUDIOS_INICIALES,
  MODALIDADES,
  PRIORIDADES,
  PROCEDENCIAS,
  SEDES,
} from '../shared/catalogos.js'
import { CAMPOS } from '../shared/paciente-campos.js'
import { crearAleatorio, type Aleatorio } from './seed/aleatorio.js'
import { CONTADORES_INICIALES, Documentos, generarPaciente } from './seed/generadores.js'
import { crearVentana } from './seed/ventana.js'
import { createTestApp, type TestApp } from './test/app.js'

const SEMILLA = Number(process.env.FUZZ_SEMILLA ?? 20_250_618)
const SOLICITUDES = Number(process.env.FUZZ_SOLICITUDES ?? 1500)

const HUGE = 'x'.repeat(300 * 1024)
const RAROS = [
  '',
  ' ',
  '   ',
  'a'.repeat(61),
  'ñ'.repeat(250),
  'x'.repeat(5000),
  HUGE.slice(0, 70_000),
  '\u0000',
  'José\u0000',
  'Ana\u0000María',
  '\u0007\b\f\v',
  '\r\n\t',
  'Pé\u0301rez',
  '\u200b',
  '\u202eabc',
  '\ud800',
  '\udfff',
  '😀',
  "'; drop table pacientes; --",
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  '\\\\%',
  "Pérez%' union select 1--",
  '$1',
  '::text',
  "'",
  '"',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '&lt;b&gt;',
  '{{7*7}}',
  '${7*7}',
  '2025-02-30',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2025-1-1',
  '1899-12-31',
  '2999-01-01',
  '25:61',
  '23:59',
  '00:00',
  'NaN',
  'null',
  'undefined',
  'true',
  '1e309',
  '-0',
  '-1',
  '0',
  '٣٤',
  '１２３',
  '12345678',
  '20123456786',
  'ABC123',
  'Lima',
  'Cusco',
  'RX',
  'LAB',
  'Eco',
  'MRI',
  'dni',
  'ruc',
  'Masculino',
  'En espera',
  'Cancelado',
  'Informado',
  'Núñez',
  'José',
  "O'Higgins",
  'María-José',
  'QUISPE',
  'huaman',
  'jos',
  'perez',
]
const BASURA_JSON = [
  '{',
  '{"primerNombre":',
  '{"tipoDocumento": "dni",}',
  "{'a':1}",
  '\u0000',
  'null',
  '[]',
  '""',
  '0',
  'true',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '['.repeat(5000),
  '{"a":'.repeat(3000),
  '{"estudios": [{"nombre": "Rodilla"}, ]}',
  '\ufeff{}',
  '{"a": 1e999999}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
]
const TIPOS_CONTENIDO = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonp',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/*',
]
const IDS_MALOS = [
  '1'.repeat(150),
  '%E0%A4%A',
  '%',
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '%00',
  '%zz',
  '99999999999',
  '2147483648',
  '9'.repeat(40),
  '١٢',
  '%20',
  '..%2F..%2Fetc',
  "1'--",
  '1%20or%201=1',
]
const CAMPOS_BUSQUEDA = [
  'tipoDocumento',
  'documento',
  'primerNombre',
  'segundoNombre',
  'primerApellido',
  'segundoApellido',
  'fechaInicial',
  'fechaFinal',
  'sede',
  'modalidad',
  'limite',
  'cursor',
  'orden',
  'sql',
  '__proto__',
]

/** Percent-encodes; a lone surrogate becomes the bytes of one (invalid UTF-8, a fuzz case itself). */
const codificar = (s: string) =>
  [...s].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('')

const cursor = (valor: unknown) => Buffer.from(JSON.stringify(valor)).toString('base64url')

function cursorRaro(r: Aleatorio): string {
  const instante = r.elegir([
    '2025-02-30T00:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '9999-12-31T23:59:59.999999Z',
    '2025-06-01T24:00:00.000000Z',
    '2025-13-01T00:00:00.000000Z',
    '2025-06-01T12:00:00.000000Z',
    '1970-01-01T00:00:00.000000Z',
    'hoy',
    '',
  ])
  const entero = () => r.elegir([0, 1, -1, 2 ** 31, 2 ** 53, 1.5, '1', null])
  return r.elegir([
    cursor([instante, entero()]),
    cursor([instante, entero(), entero()]),
    cursor([instante]),
    cursor({ a: 1 }),
    cursor('x'),
    'no-es-base64!',
    '%00',
    'e30',
    'W10',
    r.elegir(RAROS).slice(0, 300),
  ])
}

function valorRaro(r: Aleatorio, profundidad = 0): unknown {
  switch (r.entero(0, 9)) {
    case 0:
      return r.elegir([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 12345678, 2 ** 31, 2 ** 31 - 1])
    case 1:
      return r.elegir([true, false, null])
    case 2:
      return profundidad > 2
        ? []
        : Array.from({ length: r.entero(0, 3) }, () => valorRaro(r, profundidad + 1))
    case 3:
      return profundidad > 2
        ? {}
        : { nombre: valorRaro(r, profundidad + 1), [r.elegir(RAROS).slice(0, 20)]: 1 }
    case 4:
      return Array.from({ length: r.entero(0, 40) }, () =>
        String.fromCodePoint(
          r.elegir([
            r.entero(0, 31),
            r.entero(32, 0x24f),
            r.entero(0x2000, 0x206f),
            r.entero(0x1f600, 0x1f64f),
            // Half a surrogate pair, as a JSON escape sends it.
            r.entero(0xd800, 0xdfff),
          ]),
        ),
      ).join('')
    default:
      return r.elegir(RAROS)
  }
}

/** A valid body, then maybe broken: a field changed, removed or added. */
function mutar(r: Aleatorio, base: Record<string, unknown>): Record<string, unknown> {
  const b: Record<string, unknown> = { ...base }
  const claves = Object.keys(b)
  for (let i = r.entero(0, 3); i > 0; i--) {
    const k = r.elegir(claves)
    const que = r.entero(0, 9)
    if (que === 0) delete b[k]
    else if (que === 1)
      b[r.elegir(['edad', 'id', 'creadoEn', 'admin', 'x', '$where', 'estado'])] = valorRaro(r)
    else b[k] = valorRaro(r)
  }
  return b
}

describe(`fuzz (semilla ${SEMILLA}, FUZZ_SEMILLA=${SEMILLA} lo repite)`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it(`${SOLICITUDES} solicitudes: nunca un 5xx, errores en español y solo se guarda lo válido`, async () => {
    const r = crearAleatorio(SEMILLA)
    const v = crearVentana(t.config.clinicTz)
    const docs = new Documentos(CONTADORES_INICIALES, SOLICITUDES)
    const pacientes = new Map<
      number,
      { documento: string; primerNombre: string; primerApellido: string }
    >()
    const atenciones = new Map<number, { pacienteId: number; estado: string }>()
    /** Each patient's current version, from the ETags of the answers. */
    const versiones = new Map<number, number>()
    const enlaces: string[] = []
    const registrados: string[] = []
    const vistos = new Map<string, number>()

    const pacienteValido = (): Record<string, unknown> => {
      const p = generarPaciente(r, docs, v)
      const texto = (s: string | null) => s ?? ''
      return {
        ...Object.fromEntries(
          Object.entries(p)
            .filter(([k]) => k !== 'creadoEn')
            .map(([k, x]) => [k, texto(x as string | null)]),
        ),
        edad: r.entero(0, 100),
        aceptaPolitica: true,
      }
    }
    const atencionValida = (): Record<string, unknown> => {
      const modalidad = r.elegir(MODALIDADES)
      return {
        sede: r.elegir(SEDES),
        modalidad,
        estudios: r
          .varios(ESTUDIOS_INICIALES[modalidad], r.entero(1, 3))
          .map((nombre) => ({ nombre })),
        ...(r.si(0.5) && { estado: r.elegir(ESTADOS_INICIALES) }),
        ...(r.si(0.5) && { prioridad: r.elegir(PRIORIDADES), procedencia: r.elegir(PROCEDENCIAS) }),
        ...(r.si(0.3) && {
          fechaLlegada: v.fechaLocal(v.ahora - r.entero(0, 200) * 86_400_000),
          horaLlegada: `${String(r.entero(0, 23)).padStart(2, '0')}:${String(r.entero(0, 59)).padStart(2, '0')}`,
        }),
      }
    }
    const idPaciente = () =>
      r.si(0.7) && pacientes.size > 0
        ? String(r.elegir([...pacientes.keys()]))
        : r.si(0.5)
          ? String(r.entero(1, 5000))
          : r.elegir(IDS_MALOS)
    const idAtencion = () =>
      r.si(0.7) && atenciones.size > 0
        ? String(r.elegir([...atenciones.keys()]))
        : r.si(0.5)
          ? String(r.entero(1, 5000))
          : r.elegir(IDS_MALOS)
    const query = (campos: readonly string[]) => {
      if (r.si(0.1))
        return r.elegir([
          '?',
          '?&&',
          '?=',
          '?%',
          '?primerNombre=%zz',
          '?sede=Lima&sede=Cusco',
          '?primerNombre',
          '?a[b]=1',
          '?primerNombre[]=x',
          `?q=${'a'.repeat(5000)}`,
        ])
      const partes: string[] = []
      for (let i = r.entero(0, 4); i > 0; i--) {
        const k = r.elegir(campos)
        const valor =
          k === 'cursor'
            ? cursorRaro(r)
            : k === 'limite'
              ? r.elegir(['1', '50', '200', '201', '0', '0001', '-1', '1.5', 'x', '9999'])
              : String(valorRaro(r)).slice(0, 400)
        partes.push(`${codificar(k)}=${codificar(valor)}`)
      }
      return partes.length ? `?${partes.join('&')}` : ''
    }

    /** A body: valid, mutated, any JSON value, broken JSON, a wrong content type or too large. */
    const cuerpo = (
      valido: () => Record<string, unknown>,
    ): Pick<InjectOptions, 'payload' | 'headers'> & { valido: boolean } => {
      const tipo = r.ponderado([
        ['valido', 25],
        ['mutado', 40],
        ['json', 10],
        ['roto', 10],
        ['contenido', 10],
        ['enorme', 5],
      ] as const)
      const json = { 'content-type': 'application/json' }
      switch (tipo) {
        case 'valido':
          return { payload: JSON.stringify(valido()), headers: json, valido: true }
        case 'mutado':
          return { payload: JSON.stringify(mutar(r, valido())), headers: json, valido: false }
        case 'json':
          return { payload: JSON.stringify(valorRaro(r)) ?? 'null', headers: json, valido: false }
        case 'roto':
          return { payload: r.elegir(BASURA_JSON), headers: json, valido: false }
        case 'contenido':
          return {
            payload: r.si(0.5) ? JSON.stringify(valido()) : 'a=1&b=2',
            headers: { 'content-type': r.elegir(TIPOS_CONTENIDO) },
            valido: false,
          }
        case 'enorme':
          return {
            payload: JSON.stringify({ ...valido(), direccion: HUGE }),
            headers: json,
            valido: false,
          }
      }
    }

    const revisar = (i: number, desc: string, res: LightMyRequestResponse) => {
      const contexto = `semilla ${SEMILLA}, solicitud #${i}: ${desc.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
      vistos.set(
        `${desc.split(' ')[0]} ${res.statusCode}`,
        (vistos.get(`${desc.split(' ')[0]} ${res.statusCode}`) ?? 0) + 1,
      )
      expect(res.statusCode, contexto).toBeLessThan(500)
      if (res.statusCode < 400) return
      expect(res.headers['content-type'], contexto).toMatch(/^application\/json/)
      const body = res.json<{
        message?: unknown
        errores?: { campo: unknown; mensaje: unknown }[]
      }>()
      expect(typeof body.message === 'string' && body.message.length > 0, contexto).toBe(true)
      expect(
        Object.keys(body).filter((k) => !['message', 'errores', 'id'].includes(k)),
        contexto,
      ).toEqual([])
      const message = body.message as string
      expect(message, contexto).not.toMatch(
        /\b(the|is|not|valid|must|should|invalid|unexpected|unsupported|request|property|body|found|allowed|required|failed|cannot|expected|token|position|url|too|large|length|media|type|method)\b/i,
      )
      expect(message, contexto).not.toMatch(
        /postgres|syntax|relation|column|stack|\bat \w+ \(|FST_|ERR_/i,
      )
      for (const e of body.errores ?? []) {
        expect(
          typeof e.campo === 'string' && typeof e.mensaje === 'string' && e.mensaje.length > 0,
          contexto,
        ).toBe(true)
      }
    }

    for (let i = 0; i < SOLICITUDES; i++) {
      const ruta = r.ponderado([
        ['crearPaciente', 30],
        ['crearAtencion', 20],
        ['cambiarEstado', 12],
        ['editarPaciente', 10],
        ['corregirAtencion', 6],
        ['deshacer', 6],
        ['buscar', 14],
        ['listar', 6],
        ['paciente', 6],
        ['duplicados', 6],
        ['estadisticas', 3],
        ['siguiente', 3],
      ] as const)
      let opciones: InjectOptions
      let valido = false
      switch (ruta) {
        case 'crearPaciente': {
          // Sometimes a registration already made, again: its document is taken (409).
          const c =
            r.si(0.06) && registrados.length > 0
              ? {
                  payload: r.elegir(registrados),
                  headers: { 'content-type': 'application/json' },
                  valido: false,
                }
              : cuerpo(pacienteValido)
          valido = c.valido
          opciones = { method: 'POST', url: '/pacientes', ...c }
          break
        }
        case 'crearAtencion': {
          const c = cuerpo(atencionValida)
          opciones = { method: 'POST', url: `/pacientes/${idPaciente()}/atenciones`, ...c }
          break
        }
        case 'cambiarEstado': {
          const c = cuerpo(() => {
            const estado = r.elegir(ESTADOS)
            return estado === 'Cancelado' ? { estado, motivo: 'No asistió' } : { estado }
          })
          opciones = { method: 'PATCH', url: `/atenciones/${idAtencion()}`, ...c }
          break
        }
        case 'editarPaciente': {
          // A few fields of a new valid patient, against the current version or a stale, missing
          // or unreadable one.
          const id = idPaciente()
          const campos = r.varios(CAMPOS, r.entero(1, 4))
          const c = cuerpo(() => {
            const p = pacienteValido()
            return Object.fromEntries(campos.map((k) => [k, p[k]]))
          })
          const version = versiones.get(Number(id)) ?? 1
          const ifMatch = r.ponderado([
            [`"${version}"`, 60],
            [`"${version > 1 ? version - 1 : version + 1}"`, 10],
            ['', 10],
            [String(valorRaro(r)).slice(0, 200), 10],
            ['*', 5],
            [`W/"${version}"`, 5],
          ] as const)
          opciones = {
            method: 'PATCH',
            url: `/pacientes/${id}`,
            ...c,
            headers: { ...c.headers, ...(ifMatch && { 'if-match': ifMatch }) },
          }
          break
        }
        case 'corregirAtencion': {
          // Some of a registration's fields, as a correction sends them.
          const c = cuerpo(() =>
            Object.fromEntries(
              Object.entries(atencionValida()).filter(([k]) => k !== 'estado' && r.si(0.6)),
            ),
          )
          opciones = { method: 'PATCH', url: `/atenciones/${idAtencion()}`, ...c }
          break
        }
        case 'deshacer': {
          const c = cuerpo(() => ({ estado: r.elegir(ESTADOS) }))
          opciones = { method: 'POST', url: `/atenciones/${idAtencion()}/deshacer`, ...c }
          break
        }
        case 'buscar':
          opciones = { method: 'GET', url: `/pacientes/buscar${query(CAMPOS_BUSQUEDA)}` }
          break
        case 'listar':
          opciones = { method: 'GET', url: `/pacientes${query(['limite', 'cursor', 'x'])}` }
          break
        case 'paciente':
          opciones = { method: 'GET', url: `/pacientes/${idPaciente()}${r.si(0.1) ? '/x' : ''}` }
          break
        case 'duplicados':
          opciones = {
            method: 'GET',
            url: `/pacientes/posibles-duplicados${query(['primerNombre', 'segundoNombre', 'primerApellido', 'segundoApellido', 'fechaNacimiento', 'x'])}`,
          }
          break
        case 'estadisticas':
          opciones = { method: 'GET', url: `/estadisticas${query(['desde', 'anio', 'x'])}` }
          break
        case 'siguiente': {
          // A real next-page link, sometimes with its cursor tampered with.
          const enlace = enlaces.length > 0 ? r.elegir(enlaces) : '/pacientes?limite=1'
          const roto = enlace.replace(
            /cursor=([^&]+)/,
            (_, c: string) =>
              `cursor=${[...c].map((ch) => (r.si(0.1) ? r.elegir(['A', '_', '-', '%2B', '']) : ch)).join('')}`,
          )
          opciones = { method: 'GET', url: r.si(0.5) ? enlace : roto }
          break
        }
      }
      opciones.headers = { ...t.headers, ...opciones.headers }
      let res: LightMyRequestResponse
      try {
        res = await t.app.inject(opciones)
      } catch (err) {
        // A header value no HTTP client could send (light-my-request refuses it): not a request.
        if (ruta === 'editarPaciente' && (err as { code?: string }).code === 'ERR_INVALID_CHAR')
          continue
        throw err
      }
      const payload =
        typeof opciones.payload === 'string' ? ` ${opciones.payload.slice(0, 200)}` : ''
      revisar(
        i,
        `${opciones.method} ${opciones.url} [${opciones.headers['content-type'] ?? ''}]${payload}`,
        res,
      )

      if (valido)
        expect(
          res.statusCode,
          `semilla ${SEMILLA}, #${i}: un registro válido ${res.body.slice(0, 300)}`,
        ).toBe(201)
      const enlace = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1]
      if (enlace) enlaces.push(enlace)
      if (ruta === 'crearPaciente' && res.statusCode === 201) {
        const p = res.json<{
          id: number
          documento: string
          primerNombre: string
          primerApellido: string
        }>()
        pacientes.set(p.id, {
          documento: p.documento,
          primerNombre: p.primerNombre,
          primerApellido: p.primerApellido,
        })
        registrados.push(String(opciones.payload))
        versiones.set(p.id, 1)
      }
      if (ruta === 'editarPaciente' && res.statusCode === 200) {
        const p = res.json<{
          id: number
          documento: string
          primerNombre: string
          primerApellido: string
        }>()
        pacientes.set(p.id, {
          documento: p.documento,
          primerNombre: p.primerNombre,
          primerApellido: p.primerApellido,
        })
        versiones.set(p.id, Number(String(res.headers.etag).replace(/"/g, '')))
      }
      if (ruta === 'crearAtencion' && res.statusCode === 201) {
        const a = res.json<{ id: number; pacienteId: number; estado: string }>()
        atenciones.set(a.id, { pacienteId: a.pacienteId, estado: a.estado })
      }
      if ((ruta === 'cambiarEstado' || ruta === 'deshacer') && res.statusCode === 200) {
        const a = res.json<{ id: number; estado: string }>()
        atenciones.get(a.id)!.estado = a.estado
      }
    }

    // Enough of each kind of call went through, and enough were refused, for the run to mean something.
    const cuenta = (prefijo: string) =>
      [...vistos].filter(([k]) => k.startsWith(prefijo)).reduce((s, [, n]) => s + n, 0)
    expect(cuenta('POST 201')).toBeGreaterThan(SOLICITUDES * 0.05)
    expect(cuenta('POST 400') + cuenta('PATCH 400')).toBeGreaterThan(SOLICITUDES * 0.1)
    for (const c of [
      'POST 409',
      'POST 413',
      'POST 415',
      'GET 400',
      'GET 404',
      'PATCH 200',
      'PATCH 409',
      'PATCH 412',
      'PATCH 428',
    ])
      expect(cuenta(c), c).toBeGreaterThan(0)

    const filas = await t.db.sql<
      { id: number; documento: string; primerNombre: string; primerApellido: string }[]
    >`
      select id, documento, primer_nombre, primer_apellido from pacientes order by id`
    expect(filas, `semilla ${SEMILLA}`).toEqual(
      [...pacientes].sort(([a], [b]) => a - b).map(([id, p]) => ({ id, ...p })),
    )
    const guardadas = await t.db.sql<{ id: number; pacienteId: number; estado: string }[]>`
      select id, paciente_id, estado from atenciones order by id`
    expect(guardadas, `semilla ${SEMILLA}`).toEqual(
      [...atenciones].sort(([a], [b]) => a - b).map(([id, a]) => ({ id, ...a })),
    )
  }, 300_000)
})
