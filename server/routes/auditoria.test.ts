// The audit trail: append-only in the database itself, and GET /auditoria for admins, newest
// first, paged, filterable by user, patient, action and days at the clinic; GET /auditoria.csv,
// the same filters as a file for Excel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrarEvento } from '../queries/auditoria.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { capturar, secuenciales } from '../test/planes.js'

let t: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  for (let i = 1; i <= 7; i++) {
    await registrarEvento(t.db.sql, {
      accion: 'paciente.consultado',
      usuarioId: null,
      usuario: i % 2 ? 'ana.quispe' : 'luis.rojas',
      direccion: '10.9.0.1',
      pacienteId: i <= 4 ? 41 : 42,
    })
  }
  // Days long past, at the edges of Lima's day (UTC-5): 23:30 local is 04:30Z the next day.
  for (const [en, detalle] of [
    ['2024-03-01T00:10:00-05:00', { nota: 'primero del 1' }],
    ['2024-03-01T23:30:00-05:00', { nota: 'último del 1; con "comillas"' }],
    ['2024-03-02T00:00:00-05:00', { nota: 'primero del 2' }],
    ['2024-03-05T12:00:00-05:00', { nota: '=1+1' }],
  ] as const) {
    await t.db.sql`
      insert into auditoria (en, usuario, direccion, accion, paciente_id, detalle)
      values (${en}, 'marta.rivas', '10.9.0.2', 'atencion.creada', 77, ${t.db.sql.json(detalle)})`
  }
})
afterAll(() => t.close())

const listar = (query = '', headers = admin) => t.app.inject({ url: `/auditoria${query}`, headers })

describe('la tabla de auditoría solo admite agregar filas', () => {
  it('la base de datos rechaza UPDATE, DELETE y TRUNCATE, incluso a su dueño', async () => {
    await expect(t.db.sql`update auditoria set usuario = 'otro'`).rejects.toThrow(
      /no se puede modificar/,
    )
    await expect(t.db.sql`delete from auditoria`).rejects.toThrow(/no se puede modificar/)
    await expect(t.db.sql`truncate auditoria`).rejects.toThrow(/no se puede modificar/)
    const [fila] = await t.db.sql<
      { n: number }[]
    >`select count(*)::int as n from auditoria where usuario = 'otro'`
    expect(fila!.n).toBe(0)
  })
})

describe('GET /auditoria', () => {
  it('es para administradores: personal recibe 403', async () => {
    const res = await listar('', t.headers)
    expect(res.statusCode).toBe(403)
  })

  it('lista lo más reciente primero, con quién, desde dónde, cuándo y qué', async () => {
    const res = await listar()
    expect(res.statusCode).toBe(200)
    const eventos = res.json() as {
      id: number
      en: string
      accion: string
      usuario: string
      direccion: string
    }[]
    expect(eventos.length).toBeGreaterThanOrEqual(9)
    expect(eventos.map((e) => e.id)).toEqual([...eventos.map((e) => e.id)].sort((a, b) => b - a))
    const login = eventos.find(
      (e) => e.accion === 'sesion.iniciada' && e.usuario === 'prueba.admin',
    )!
    expect(login.direccion).toBe('127.0.0.1')
    expect(Date.now() - Date.parse(login.en)).toBeLessThan(60_000)
  })

  it('filtra por usuario (sin distinguir mayúsculas), por paciente y por acción', async () => {
    const porUsuario = (await listar('?usuario=Ana.Quispe')).json() as {
      usuario: string
      pacienteId: number
    }[]
    expect(porUsuario).toHaveLength(4)
    expect(new Set(porUsuario.map((e) => e.usuario))).toEqual(new Set(['ana.quispe']))
    const porPaciente = (await listar('?pacienteId=42')).json() as { pacienteId: number }[]
    expect(porPaciente.map((e) => e.pacienteId)).toEqual([42, 42, 42])
    const ambos = (await listar('?usuario=luis.rojas&pacienteId=41')).json()
    expect(ambos).toHaveLength(2)
    const logins = (await listar('?accion=sesion.iniciada')).json() as { accion: string }[]
    expect(logins.length).toBeGreaterThanOrEqual(2)
    expect(logins.every((e) => e.accion === 'sesion.iniciada')).toBe(true)
    expect((await listar('?usuario=&pacienteId=&accion=')).json().length).toBeGreaterThanOrEqual(9)
  })

  it('pagina con limite y un Link: rel="next" que conserva los filtros', async () => {
    const primera = await listar('?pacienteId=41&limite=3')
    expect(primera.json()).toHaveLength(3)
    const link = primera.headers.link as string
    const m = /^<([^>]+)>; rel="next"$/.exec(link)
    expect(m).not.toBeNull()
    expect(m![1]).toContain('pacienteId=41')
    const segunda = await t.app.inject({ url: m![1]!, headers: admin })
    const ids = [...primera.json(), ...segunda.json()].map((e: { id: number }) => e.id)
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
    expect(segunda.headers.link).toBeUndefined()
  })

  it('responde 400 en español ante filtros inválidos', async () => {
    for (const q of [
      '?limite=0',
      '?limite=201',
      '?limite=x',
      '?pacienteId=abc',
      '?accion=borrar.todo',
      '?antesDe=-1',
      '?usuario=a%00b',
      '?desde=2024-3-1',
      '?hasta=ayer',
    ]) {
      const res = await listar(q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().message, q).toBe('Datos inválidos')
    }
  })
})

const notas = (eventos: { detalle: { nota?: string } | null }[]) =>
  eventos.map((e) => e.detalle?.nota)

describe('GET /auditoria por días de la clínica', () => {
  it('desde y hasta son días enteros en la zona horaria de la clínica, ambos incluidos', async () => {
    const dia1 = (await listar('?desde=2024-03-01&hasta=2024-03-01')).json()
    expect(notas(dia1)).toEqual(['último del 1; con "comillas"', 'primero del 1'])
    const desde2 = (await listar('?desde=2024-03-02&usuario=marta.rivas')).json()
    expect(notas(desde2)).toEqual(['=1+1', 'primero del 2'])
    const hasta4 = (await listar('?hasta=2024-03-04')).json()
    expect(notas(hasta4)).toEqual([
      'primero del 2',
      'último del 1; con "comillas"',
      'primero del 1',
    ])
    const conAccion = await listar('?desde=2024-03-01&hasta=2024-03-31&accion=atencion.creada')
    expect(conAccion.json()).toHaveLength(4)
  })

  it('la página siguiente conserva los días', async () => {
    const primera = await listar('?desde=2024-03-01&hasta=2024-03-31&limite=3')
    const link = /^<([^>]+)>; rel="next"$/.exec(primera.headers.link as string)![1]!
    expect(link).toContain('desde=2024-03-01')
    expect(link).toContain('hasta=2024-03-31')
    const segunda = (await t.app.inject({ url: link, headers: admin })).json()
    expect(notas(segunda)).toEqual(['primero del 1'])
  })

  it('rechaza un día que no existe y un rango al revés, en español, por campo', async () => {
    const inexistente = await listar('?desde=2024-02-30')
    expect(inexistente.statusCode).toBe(400)
    expect(inexistente.json().errores).toEqual([
      { campo: 'desde', mensaje: 'Fecha inválida (use AAAA-MM-DD)' },
    ])
    const alReves = await listar('?desde=2024-03-05&hasta=2024-03-01')
    expect(alReves.statusCode).toBe(400)
    expect(alReves.json().errores).toEqual([
      { campo: 'hasta', mensaje: 'La fecha final debe ser igual o posterior a la inicial' },
    ])
  })

  it('cada página filtrada se lee por un índice, nunca recorriendo toda la auditoría', async () => {
    const captura = capturar(t.db.sql)
    try {
      for (const q of [
        '',
        '?usuario=ana.quispe',
        '?pacienteId=41',
        '?accion=sesion.iniciada',
        '?desde=2024-03-01&hasta=2024-03-02',
        '?usuario=marta.rivas&desde=2024-03-01',
        '?antesDe=5&limite=2',
      ])
        expect((await listar(q)).statusCode, q).toBe(200)
      await exportar('?desde=2024-03-01&hasta=2024-03-31')
      const sentencias = captura.tomar().filter((s) => /\bauditoria\b/.test(s.texto))
      expect(sentencias.length).toBeGreaterThanOrEqual(8)
      for (const s of sentencias)
        expect(await secuenciales(t.db.sql, s, ['auditoria']), s.texto).toEqual([])
    } finally {
      captura.soltar()
    }
    // A range of days alone is bounded by the instant's own index (0024).
    const [plan] = await t.db.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`
      return tx.unsafe(`explain (format json) select id from auditoria
        where en >= '2024-03-01' and en < '2024-03-02' order by id desc limit 51`)
    })
    expect(JSON.stringify(plan)).toContain('auditoria_en_idx')
  })
})

/** RFC 4180 with «;»: what Excel (or any CSV reader) reads back. */
function leerCsv(texto: string): string[][] {
  const filas: string[][] = []
  let fila: string[] = []
  let celda = ''
  let comillas = false
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i]!
    if (comillas) {
      if (c === '"' && texto[i + 1] === '"') {
        celda += '"'
        i++
      } else if (c === '"') comillas = false
      else celda += c
    } else if (c === '"') comillas = true
    else if (c === ';') {
      fila.push(celda)
      celda = ''
    } else if (c === '\r' && texto[i + 1] === '\n') {
      fila.push(celda)
      filas.push(fila)
      fila = []
      celda = ''
      i++
    } else celda += c
  }
  return filas
}

function exportar(query = '', headers = admin) {
  return t.app.inject({ url: `/auditoria.csv${query}`, headers })
}

describe('GET /auditoria.csv', () => {
  it('es para administradores: personal recibe 403 y no se registra nada', async () => {
    const res = await exportar('', t.headers)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
    const [fila] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from auditoria where accion = 'auditoria.exportada' and usuario = 'prueba.recepcion'`
    expect(fila!.n).toBe(0)
  })

  it('un archivo para Excel: BOM, «;», CRLF, encabezados en español, dd/mm/aaaa, hora de la clínica, la acción en español', async () => {
    const res = await exportar('?desde=2024-03-01&hasta=2024-03-31&usuario=Marta.Rivas')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(res.body.replaceAll('\r\n', '')).not.toContain('\n')
    const [cabecera, ...filas] = leerCsv(res.body.slice(1))
    expect(cabecera).toEqual([
      'N.º de evento',
      'Fecha',
      'Hora',
      'Usuario',
      'Dirección',
      'Acción',
      'ID del paciente',
      'Detalle',
    ])
    const objetos = filas.map((f) => Object.fromEntries(cabecera!.map((c, i) => [c, f[i]])))
    expect(objetos.map((o) => [o.Fecha, o.Hora])).toEqual([
      ['05/03/2024', '12:00:00'],
      ['02/03/2024', '00:00:00'],
      ['01/03/2024', '23:30:00'],
      ['01/03/2024', '00:10:00'],
    ])
    expect(objetos[2]).toMatchObject({
      Usuario: 'marta.rivas',
      Dirección: '10.9.0.2',
      Acción: 'Atención registrada',
      'ID del paciente': '77',
      Detalle: '{"nota":"último del 1; con \\"comillas\\""}',
    })
    // A detail that starts like a formula stays text in a spreadsheet.
    expect(objetos[0]!.Detalle).toBe('{"nota":"=1+1"}')
    const ids = objetos.map((o) => Number(o['N.º de evento']))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('los mismos eventos que la lista, todos ellos, y la exportación queda auditada con sus filtros', async () => {
    const lista = (await listar('?usuario=ana.quispe&limite=200')).json() as { id: number }[]
    const res = await exportar('?usuario=ana.quispe&accion=')
    const [, ...filas] = leerCsv(res.body.slice(1))
    expect(filas.map((f) => Number(f[0]))).toEqual(lista.map((e) => e.id))
    const [evento] = await t.db.sql<{ usuario: string; detalle: Record<string, unknown> }[]>`
      select usuario, detalle from auditoria where accion = 'auditoria.exportada' order by id desc limit 1`
    expect(evento).toEqual({
      usuario: 'prueba.admin',
      detalle: { usuario: 'ana.quispe', eventos: lista.length },
    })
    // The export's own event is newer than the file: it is in the list now, not in the file.
    const ahora = (await listar('?accion=auditoria.exportada&limite=1')).json()
    expect(ahora[0].detalle).toEqual({ usuario: 'ana.quispe', eventos: lista.length })
  })

  it('rechaza filtros inválidos con 400 en español', async () => {
    for (const q of ['?desde=2024-02-30', '?accion=borrar.todo', '?pacienteId=x']) {
      const res = await exportar(q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().message, q).toBe('Datos inválidos')
    }
  })
})
