import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BusquedaFila } from '../../shared/busqueda.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'

let t: TestApp
const ids = {} as Record<'jose' | 'maria' | 'ana' | 'bebe' | 'peter', number>
const at = {} as Record<'joseLima' | 'joseCusco' | 'mariaLab' | 'bebeEco' | 'peterMri', number>

// Lima is UTC-5: local 10:00 is 15:00Z.
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`).toISOString()

beforeAll(async () => {
  t = await createTestApp()
  const sql = t.db.sql
  const creado = lima('2025-01-01', '09:00')
  ids.jose = await insertarPaciente(sql, {
    documento: '41234567',
    primerNombre: 'José',
    segundoNombre: 'Ángel',
    primerApellido: 'Pérez',
    segundoApellido: 'Ñahuincopa',
    creadoEn: creado,
  })
  ids.maria = await insertarPaciente(sql, {
    documento: '42345678',
    primerNombre: 'María',
    segundoNombre: 'Luz',
    primerApellido: 'Gómez',
    segundoApellido: 'Perezaga',
    creadoEn: creado,
  })
  ids.ana = await insertarPaciente(sql, {
    tipoDocumento: 'cedula',
    documento: 'CE778899',
    primerNombre: 'Ána',
    primerApellido: 'Quispeña',
    creadoEn: lima('2025-03-11', '12:00'),
  })
  ids.bebe = await insertarPaciente(sql, {
    tipoDocumento: 'cedula',
    documento: 'CE771111',
    primerNombre: 'Joselito',
    primerApellido: 'Quispeña',
    fechaNacimiento: '2025-02-20',
    creadoEn: creado,
  })
  ids.peter = await insertarPaciente(sql, {
    tipoDocumento: 'pasaporte',
    documento: 'XY123456',
    primerNombre: 'Peter',
    primerApellido: "O'Connor",
    creadoEn: creado,
  })
  at.joseLima = await insertarAtencion(sql, ids.jose, {
    llegada: lima('2025-03-10', '10:00'),
    sede: 'Lima',
    modalidad: 'RX',
    estudios: ['Tórax PA', 'Mano'],
  })
  at.joseCusco = await insertarAtencion(sql, ids.jose, {
    llegada: lima('2025-03-12', '15:00'),
    sede: 'Cusco',
    modalidad: 'Eco',
    estudios: ['Renal'],
  })
  at.mariaLab = await insertarAtencion(sql, ids.maria, {
    llegada: lima('2025-03-11', '08:00'),
    sede: 'Arequipa',
    modalidad: 'LAB',
    estudios: ['Glucosa'],
    prioridad: 'Urgente',
  })
  at.bebeEco = await insertarAtencion(sql, ids.bebe, {
    llegada: lima('2025-03-10', '23:59'),
    sede: 'Lima',
    modalidad: 'Eco',
    estudios: ['Renal'],
  })
  at.peterMri = await insertarAtencion(sql, ids.peter, {
    llegada: lima('2025-03-13', '00:00'),
    sede: 'Cusco',
    modalidad: 'MRI',
    estudios: ['Cerebro'],
  })
})
afterAll(async () => {
  await t?.close()
})

async function buscar(query: string): Promise<BusquedaFila[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/pacientes/buscar?${query}`,
    headers: { ...t.headers },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
/** Each row as the atención's key, or `p<id>` for a patient with no atención. */
const claves = (filas: BusquedaFila[]) =>
  filas.map((f) => (f.atencionId === null ? `p${f.id}` : `a${f.atencionId}`))
const a = (...k: (keyof typeof at)[]) => k.map((x) => `a${at[x]}`)

describe('sin filtros', () => {
  test('todas las atenciones, la más reciente primero, y el paciente sin atención una vez', async () => {
    const filas = await buscar('limite=200')
    // Only this file's fixture rows are looked at, so rows other tests add cannot matter.
    const propias = new Set([
      ...Object.values(at).map((x) => `a${x}`),
      ...Object.values(ids).map((x) => `p${x}`),
    ])
    expect(claves(filas).filter((k) => propias.has(k))).toEqual([
      ...a('peterMri', 'joseCusco'),
      `p${ids.ana}`,
      ...a('mariaLab', 'bebeEco', 'joseLima'),
    ])
    const ana = filas.find((f) => f.id === ids.ana)!
    expect(ana).toMatchObject({
      atencionId: null,
      tipoDocumento: 'cedula',
      documento: 'CE778899',
      nombreCompleto: 'Ána Quispeña',
      estudios: [],
      modalidad: null,
      sede: null,
      estado: null,
      procedencia: null,
      fechaLlegada: null,
      horaLlegada: null,
      prioridad: null,
      tipoEdad: 'años',
    })
  })
  test('campos de una fila: fecha y hora locales, estudios, edad al día de llegada', async () => {
    const filas = await buscar('')
    expect(filas.find((f) => f.atencionId === at.joseLima)).toEqual({
      id: ids.jose,
      atencionId: at.joseLima,
      tipoDocumento: 'dni',
      documento: '41234567',
      primerNombre: 'José',
      segundoNombre: 'Ángel',
      primerApellido: 'Pérez',
      segundoApellido: 'Ñahuincopa',
      nombreCompleto: 'José Ángel Pérez Ñahuincopa',
      fechaNacimiento: '1970-01-01',
      tipoEdad: 'años',
      edad: 55,
      estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Mano' }],
      modalidad: 'RX',
      sede: 'Lima',
      estado: 'En espera',
      procedencia: 'Ambulatorio',
      fechaLlegada: '2025-03-10',
      horaLlegada: '10:00',
      prioridad: 'Rutina',
      interrumpida: false,
      cita: false,
    })
    expect(filas.find((f) => f.atencionId === at.bebeEco)).toMatchObject({
      tipoEdad: 'días',
      edad: 18,
      fechaLlegada: '2025-03-10',
      horaLlegada: '23:59',
    })
  })
  test('valores vacíos cuentan como ausentes', async () => {
    expect(
      claves(await buscar('primerNombre=&sede=&fechaInicial=&documento=%20&modalidad=&cursor=')),
    ).toEqual(claves(await buscar('')))
  })
})

describe('cada filtro solo', () => {
  test('nombres sin tildes ni mayúsculas, como prefijo o subcadena', async () => {
    expect(claves(await buscar('primerApellido=perez'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('primerApellido=PÉREZ'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('primerNombre=jos'))).toEqual(a('joseCusco', 'bebeEco', 'joseLima'))
    expect(claves(await buscar('primerNombre=elit'))).toEqual(a('bebeEco'))
    expect(claves(await buscar('segundoNombre=angel'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('segundoApellido=nahuin'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('segundoApellido=perez'))).toEqual(a('mariaLab'))
    expect(claves(await buscar('primerApellido=quispena'))).toEqual([
      `p${ids.ana}`,
      ...a('bebeEco'),
    ])
    expect(claves(await buscar('primerApellido=o%27co'))).toEqual(a('peterMri'))
  })
  test('términos de uno o dos caracteres: solo prefijo', async () => {
    expect(claves(await buscar('primerApellido=pe'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('primerApellido=P'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('primerApellido=ez'))).toEqual([])
    expect(claves(await buscar('primerNombre=á'))).toEqual([`p${ids.ana}`])
  })
  test('comodines de LIKE se buscan literalmente; solos, sin letras ni números, son un 400', async () => {
    expect(await buscar('primerNombre=jos%25')).toEqual([])
    expect(await buscar('primerNombre=j_se')).toEqual([])
    expect(await buscar('primerNombre=j_')).toEqual([])
    for (const query of ['primerNombre=%25%25%25', 'primerNombre=___', 'primerNombre=%25']) {
      const res = await t.app.inject({ url: `/pacientes/buscar?${query}`, headers: t.headers })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().errores, query).toEqual([
        { campo: 'primerNombre', mensaje: 'Escriba al menos una letra o un número' },
      ])
    }
  })
  test('documento exacto o por prefijo; tipo de documento', async () => {
    expect(claves(await buscar('documento=41234567'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('documento=CE77'))).toEqual([`p${ids.ana}`, ...a('bebeEco')])
    expect(claves(await buscar('documento=ce77 88'))).toEqual([`p${ids.ana}`])
    expect(claves(await buscar('documento=4123456'))).toEqual(a('joseCusco', 'joseLima'))
    expect(claves(await buscar('documento=234567'))).toEqual([])
    expect(claves(await buscar('tipoDocumento=pasaporte'))).toEqual(a('peterMri'))
    expect(claves(await buscar('tipoDocumento=cedula'))).toEqual([`p${ids.ana}`, ...a('bebeEco')])
  })
  test('sede y modalidad dejan fuera al paciente sin atención', async () => {
    expect(claves(await buscar('sede=Cusco'))).toEqual(a('peterMri', 'joseCusco'))
    expect(claves(await buscar('sede=Arequipa'))).toEqual(a('mariaLab'))
    expect(claves(await buscar('modalidad=Eco'))).toEqual(a('joseCusco', 'bebeEco'))
    expect(claves(await buscar('modalidad=LAB'))).toEqual(a('mariaLab'))
  })
  test('fechas inclusivas en la hora de la clínica, cada una sola', async () => {
    expect(claves(await buscar('fechaInicial=2025-03-12'))).toEqual(a('peterMri', 'joseCusco'))
    expect(claves(await buscar('fechaFinal=2025-03-10'))).toEqual(a('bebeEco', 'joseLima'))
    expect(claves(await buscar('fechaInicial=2025-03-11&fechaFinal=2025-03-11'))).toEqual(
      a('mariaLab'),
    )
    expect(claves(await buscar('fechaInicial=2025-03-13&fechaFinal=2025-03-13'))).toEqual(
      a('peterMri'),
    )
    expect(claves(await buscar('fechaInicial=2026-01-01'))).toEqual([])
  })
})

test('combinaciones con AND', async () => {
  expect(claves(await buscar('primerApellido=perez&sede=Lima'))).toEqual(a('joseLima'))
  expect(claves(await buscar('primerNombre=jos&modalidad=Eco&fechaFinal=2025-03-11'))).toEqual(
    a('bebeEco'),
  )
  expect(
    claves(
      await buscar(
        'primerNombre=jose&segundoNombre=ang&primerApellido=pe&segundoApellido=ñahuincopa&documento=4123&tipoDocumento=dni',
      ),
    ),
  ).toEqual(a('joseCusco', 'joseLima'))
  expect(claves(await buscar('primerApellido=quispena&documento=CE7788'))).toEqual([`p${ids.ana}`])
  expect(claves(await buscar('primerApellido=perez&tipoDocumento=cedula'))).toEqual([])
})

test('valores inválidos: 400 con el campo y un mensaje en español', async () => {
  const casos: [string, string][] = [
    ['sede=Tacna', 'sede'],
    ['modalidad=CT', 'modalidad'],
    ['modalidad=rx', 'modalidad'],
    ['tipoDocumento=libreta', 'tipoDocumento'],
    ['fechaInicial=2025-02-30', 'fechaInicial'],
    ['fechaFinal=ayer', 'fechaFinal'],
    ['fechaInicial=2025-03-12&fechaFinal=2025-03-11', 'fechaFinal'],
    ['limite=0', 'limite'],
    ['limite=500', 'limite'],
    ['cursor=xyz', 'cursor'],
    [`primerNombre=${'a'.repeat(61)}`, 'primerNombre'],
    ['sede=Lima&sede=Cusco', 'sede'],
    ['primerNombre=jo%00se', 'primerNombre'],
    ['documento=%00', 'documento'],
  ]
  for (const [query, campo] of casos) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/pacientes/buscar?${query}`,
      headers: { ...t.headers },
    })
    expect(res.statusCode, query).toBe(400)
    const body = res.json()
    expect(body.message, query).toMatch(/[a-zá-ú]/)
    expect(
      body.errores.map((e: { campo: string }) => e.campo),
      query,
    ).toContain(campo)
  }
})

test('paginación por Link: cada fila una vez, en orden, incluso con instantes iguales', async () => {
  const sql = t.db.sql
  const instante = lima('2031-06-01', '10:00')
  const esperadas: string[] = []
  // Atenciones and a patient without any share the same instant: the key still orders them.
  for (let i = 0; i < 4; i++) {
    const p = await insertarPaciente(sql, {
      primerApellido: 'Paginadóz',
      creadoEn: lima('2031-01-01', '00:00'),
    })
    for (let j = 0; j < 3; j++)
      esperadas.push(`a${await insertarAtencion(sql, p, { llegada: instante })}`)
  }
  const sola = await insertarPaciente(sql, { primerApellido: 'Paginadóz', creadoEn: instante })
  const otra = await insertarPaciente(sql, {
    primerApellido: 'Paginadóz',
    creadoEn: lima('2031-05-01', '00:00'),
  })
  esperadas.sort((x, y) => Number(y.slice(1)) - Number(x.slice(1)))
  esperadas.push(`p${sola}`, `p${otra}`)

  const vistas: string[] = []
  let url: string | null = '/pacientes/buscar?primerApellido=paginadoz&limite=5'
  let paginas = 0
  while (url) {
    const actual: string = url
    const res = await t.app.inject({ method: 'GET', url: actual, headers: { ...t.headers } })
    expect(res.statusCode).toBe(200)
    const filas = res.json() as BusquedaFila[]
    expect(filas.length).toBeLessThanOrEqual(5)
    vistas.push(...claves(filas))
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null
    if (url) expect(url).toContain('primerApellido=paginadoz')
    paginas++
  }
  expect(vistas).toEqual(esperadas)
  expect(paginas).toBe(3)
})
