// GET /pacientes/buscar.csv through the real app on a real PostgreSQL: the file Excel in Spanish
// opens (BOM, «;», dd/mm/aaaa, Spanish headers, quoting), the search's filters and rows, its audit
// event, and its refusals.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BusquedaFila } from '../../shared/busqueda.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { COLUMNAS } from '../http/exportacion-csv.js'

let t: TestApp
const ids = {} as Record<'angel' | 'bebe' | 'comillas' | 'sinAtencion', number>
const at = {} as Record<'angelLima' | 'angelCusco' | 'bebeEco' | 'comillasRx', number>

// Lima is UTC-5: local 10:00 is 15:00Z.
const lima = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`).toISOString()

/** RFC 4180 with «;»: what Excel (or any CSV reader) reads back. */
function leerCsv(texto: string): string[][] {
  const filas: string[][] = []
  let fila: string[] = []
  let celda = ''
  let comillas = false
  const cerrarCelda = () => {
    fila.push(celda)
    celda = ''
  }
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i]!
    if (comillas) {
      if (c === '"' && texto[i + 1] === '"') {
        celda += '"'
        i++
      } else if (c === '"') comillas = false
      else celda += c
    } else if (c === '"') comillas = true
    else if (c === ';') cerrarCelda()
    else if (c === '\r' && texto[i + 1] === '\n') {
      cerrarCelda()
      filas.push(fila)
      fila = []
      i++
    } else celda += c
  }
  if (celda || fila.length) {
    cerrarCelda()
    filas.push(fila)
  }
  return filas
}

const exportar = (qs = '', headers = t.headers) =>
  t.app.inject({ method: 'GET', url: `/pacientes/buscar.csv${qs}`, headers })

/** The file's rows as objects keyed by their Spanish headers. */
async function filasDe(qs = ''): Promise<Record<string, string>[]> {
  const res = await exportar(qs)
  expect(res.statusCode, res.body).toBe(200)
  const [cabecera, ...resto] = leerCsv(res.body.slice(1))
  return resto.map((f) => Object.fromEntries(cabecera!.map((c, i) => [c, f[i]!])))
}

beforeAll(async () => {
  t = await createTestApp()
  const sql = t.db.sql
  const creado = lima('2025-01-01', '09:00')
  ids.angel = await insertarPaciente(sql, {
    documento: '01234567',
    primerNombre: 'Ángel',
    segundoNombre: 'Ürsula',
    primerApellido: 'Peña',
    segundoApellido: 'Ñahuincopa',
    fechaNacimiento: '1980-05-14',
    creadoEn: creado,
  })
  ids.bebe = await insertarPaciente(sql, {
    tipoDocumento: 'cedula',
    documento: 'CE771111',
    primerNombre: 'Joselito',
    primerApellido: 'Quispe',
    fechaNacimiento: '2024-12-20',
    creadoEn: creado,
  })
  // Straight into the table, past the name rules: the file must still quote what a value holds.
  ids.comillas = await insertarPaciente(sql, {
    tipoDocumento: 'ruc',
    documento: '20123456786',
    primerNombre: 'Clínica "La Paz"',
    primerApellido: 'Peña; Hnos.',
    segundoApellido: '=HYPERLINK("x")',
    creadoEn: creado,
  })
  ids.sinAtencion = await insertarPaciente(sql, {
    documento: '45678901',
    primerNombre: 'Rosa',
    primerApellido: 'Peña',
    creadoEn: lima('2025-02-01', '08:00'),
  })
  at.angelLima = await insertarAtencion(sql, ids.angel, {
    llegada: lima('2025-03-10', '10:00'),
    sede: 'Lima',
    modalidad: 'RX',
    estudios: ['Tórax PA', 'Mano'],
  })
  at.angelCusco = await insertarAtencion(sql, ids.angel, {
    llegada: lima('2025-03-12', '16:45'),
    sede: 'Cusco',
    modalidad: 'MRI',
    estudios: ['Cerebro'],
  })
  at.bebeEco = await insertarAtencion(sql, ids.bebe, {
    llegada: lima('2025-03-11', '09:05'),
    sede: 'Arequipa',
    modalidad: 'Eco',
    estudios: ['Abdominal completa'],
  })
  at.comillasRx = await insertarAtencion(sql, ids.comillas, {
    llegada: lima('2025-03-09', '07:30'),
    sede: 'Lima',
    modalidad: 'RX',
  })
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('GET /pacientes/buscar.csv', () => {
  test('sin sesión: 401 en español, sin archivo', async () => {
    const res = await exportar('', {})
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Sesión requerida' })
  })

  test('un archivo para Excel: UTF-8 con BOM, «;», CRLF y encabezados en español', async () => {
    const res = await exportar('?primerApellido=pena')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lista-de-trabajo-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const [cabecera] = res.body.slice(1).split('\r\n')
    expect(cabecera).toBe(
      'N.º de atención;Fecha de llegada;Hora de llegada;ID del paciente;Tipo de documento;' +
        'Documento;Primer apellido;Segundo apellido;Primer nombre;Segundo nombre;' +
        'Fecha de nacimiento;Edad;Sede;Modalidad;Estudios;Estado;Prioridad;Procedencia',
    )
    expect(res.body.endsWith('\r\n')).toBe(true)
    expect(res.body.replaceAll('\r\n', '')).not.toContain('\n')
    for (const fila of leerCsv(res.body.slice(1))) expect(fila).toHaveLength(COLUMNAS.length)
  })

  test('las filas de la búsqueda, en su orden, con acentos, fechas dd/mm/aaaa y la edad a la llegada', async () => {
    const filas = await filasDe('?primerApellido=pena')
    const busqueda = (
      await t.app.inject({
        method: 'GET',
        url: '/pacientes/buscar?primerApellido=pena&limite=200',
        headers: t.headers,
      })
    ).json<BusquedaFila[]>()
    expect(filas.map((f) => f['N.º de atención'])).toEqual(
      busqueda.map((b) => (b.atencionId === null ? '' : String(b.atencionId))),
    )
    expect(filas.map((f) => f['ID del paciente'])).toEqual(busqueda.map((b) => String(b.id)))
    expect(filas[0]).toEqual({
      'N.º de atención': String(at.angelCusco),
      'Fecha de llegada': '12/03/2025',
      'Hora de llegada': '16:45',
      'ID del paciente': String(ids.angel),
      'Tipo de documento': 'DNI',
      // Excel keeps the leading zero of a document written as ="…".
      Documento: '="01234567"',
      'Primer apellido': 'Peña',
      'Segundo apellido': 'Ñahuincopa',
      'Primer nombre': 'Ángel',
      'Segundo nombre': 'Ürsula',
      'Fecha de nacimiento': '14/05/1980',
      Edad: '44 años',
      Sede: 'Cusco',
      Modalidad: 'MRI',
      Estudios: 'Cerebro',
      Estado: 'En espera',
      Prioridad: 'Rutina',
      Procedencia: 'Ambulatorio',
    })
    const lima = filas.find((f) => f['N.º de atención'] === String(at.angelLima))!
    expect(lima.Estudios).toBe('Tórax PA, Mano')
    expect(lima.Modalidad).toBe('DX (RX)')
    // A patient with no atención: once, visit fields empty, aged today.
    const rosa = filas.find((f) => f['ID del paciente'] === String(ids.sinAtencion))!
    expect(rosa['N.º de atención']).toBe('')
    expect(rosa['Fecha de llegada']).toBe('')
    expect(rosa.Sede).toBe('')
    expect(rosa.Edad).toMatch(/^\d+ años$/)
  })

  test('«;» y «"» dentro de un valor van entre comillas; una fórmula se lee como texto', async () => {
    const res = await exportar(`?documento=20123456786`)
    const lineas = res.body.slice(1).split('\r\n')
    expect(lineas[1]).toContain(';"Peña; Hnos.";')
    expect(lineas[1]).toContain(';"Clínica ""La Paz""";')
    expect(lineas[1]).toContain(`;"'=HYPERLINK(""x"")";`)
    const [fila] = await filasDe(`?documento=20123456786`)
    expect(fila!['Primer apellido']).toBe('Peña; Hnos.')
    expect(fila!['Primer nombre']).toBe('Clínica "La Paz"')
    expect(fila!['Segundo apellido']).toBe(`'=HYPERLINK("x")`)
    expect(fila!['Tipo de documento']).toBe('RUC')
    expect(fila!.Documento).toBe('="20123456786"')
  })

  test('un lactante tiene su edad en meses o días, como en la pantalla', async () => {
    const [fila] = await filasDe('?documento=CE771111')
    expect(fila!.Edad).toBe('2 meses')
    expect(fila!.Documento).toBe('CE771111')
  })

  test('los filtros de visita dejan fuera al paciente sin atenciones', async () => {
    const filas = await filasDe('?primerApellido=pena&sede=Lima&fechaInicial=2025-03-01')
    expect(filas.map((f) => f['N.º de atención'])).toEqual([
      String(at.angelLima),
      String(at.comillasRx),
    ])
  })

  test('sin coincidencias: solo los encabezados', async () => {
    const res = await exportar('?documento=99999999')
    expect(res.statusCode).toBe(200)
    expect(leerCsv(res.body.slice(1))).toHaveLength(1)
  })

  test('filtros inválidos: 400 en JSON con el error de cada filtro, sin evento', async () => {
    const antes = await t.db
      .sql`select count(*)::int as n from auditoria where accion = 'pacientes.exportados'`
    const res = await exportar('?fechaInicial=2025-13-45&sede=Tacna')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: 'Filtros de búsqueda inválidos',
      errores: [
        { campo: 'fechaInicial', mensaje: 'Fecha inválida (use AAAA-MM-DD)' },
        { campo: 'sede', mensaje: 'Sede no válida: use Lima, Arequipa, Cusco' },
      ],
    })
    const despues = await t.db
      .sql`select count(*)::int as n from auditoria where accion = 'pacientes.exportados'`
    expect(despues[0]!.n).toBe(antes[0]!.n)
  })

  test('queda en la auditoría: quién, los filtros, cuántos pacientes y filas', async () => {
    await exportar('?primerApellido=pe%C3%B1a&sede=Lima')
    const [evento] = await t.db.sql<
      { usuario: string; pacienteId: string | null; detalle: Record<string, unknown> }[]
    >`select usuario, paciente_id, detalle from auditoria where accion = 'pacientes.exportados'
      order by id desc limit 1`
    expect(evento).toEqual({
      usuario: 'prueba.recepcion',
      pacienteId: null,
      detalle: { primerApellido: 'peña', sede: 'Lima', pacientes: 2, filas: 2 },
    })
  })

  test('una URL que un navegador abre descarga el archivo, no la aplicación', async () => {
    const res = await exportar('?documento=CE771111', {
      ...t.headers,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    })
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  })
})
