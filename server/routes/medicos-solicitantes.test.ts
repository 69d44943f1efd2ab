// The catalogue of médicos solicitantes through the real app: added from the desk, searched without
// accents and by CMP (the active first), corrected and deactivated only by admins, every change
// audited, and a repeated CMP a 409 that names who has it — also when two requests race for it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { MedicoSolicitante } from '../../shared/medico-solicitante.js'
import { createTestApp, type TestApp } from '../test/app.js'

let t: TestApp
let admin: Record<string, string>
const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' })

const crear = (payload: object, headers = t.headers) =>
  t.app.inject({ method: 'POST', url: '/medicos-solicitantes', headers: json(headers), payload })
const cambiar = (id: number | string, payload: object, headers = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/configuracion/medicos-solicitantes/${id}`,
    headers: json(headers),
    payload,
  })
const buscar = async (query: string) => {
  const res = await t.app.inject({ url: `/medicos-solicitantes?${query}`, headers: t.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<MedicoSolicitante[]>().map((m) => `${m.apellidos}, ${m.nombres}`)
}

/** What is stored: the catalogue's rows and the audit trail's, to see that nothing moved. */
async function huella() {
  const [h] = await t.db.sql<{ medicos: string; eventos: string }[]>`
    select (select count(*) from medicos_solicitantes) as medicos,
      (select count(*) from auditoria where accion like 'solicitante.%') as eventos`
  return h
}

async function nuevo(campos: Partial<Record<string, string>>): Promise<MedicoSolicitante> {
  const res = await crear({ nombres: 'Ana', apellidos: 'Rojas', cmp: '1', ...campos })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('médicos solicitantes', () => {
  test('recepción agrega uno: los datos limpios, el CMP sin ceros delante, auditado', async () => {
    const res = await crear({
      nombres: '  Juan   Carlos ',
      apellidos: 'Pérez Soto',
      cmp: ' 045821 ',
      especialidad: 'Cardiología',
      correo: 'jperez@clinica.pe',
      telefono: '',
    })
    expect(res.statusCode, res.body).toBe(201)
    const m = res.json<MedicoSolicitante>()
    expect(m).toEqual({
      id: expect.any(Number),
      nombres: 'Juan Carlos',
      apellidos: 'Pérez Soto',
      cmp: '45821',
      especialidad: 'Cardiología',
      correo: 'jperez@clinica.pe',
      telefono: null,
      activo: true,
    })
    const [e] = await t.db.sql<{ usuario: string; detalle: Record<string, unknown> }[]>`
      select usuario, detalle from auditoria where accion = 'solicitante.creado'`
    expect(e).toEqual({
      usuario: 'prueba.recepcion',
      detalle: {
        medico: m.id,
        cmp: '45821',
        apellidos: 'Pérez Soto',
        nombres: 'Juan Carlos',
        especialidad: 'Cardiología',
        correo: 'jperez@clinica.pe',
      },
    })
  })

  test('un CMP ya registrado: 409 que nombra a su médico y da su id; nada se guarda', async () => {
    const antes = await huella()
    const res = await crear({ nombres: 'Otro', apellidos: 'Médico', cmp: '45821' })
    expect(res.statusCode).toBe(409)
    const [existente] = await t.db.sql<{ id: number }[]>`
      select id from medicos_solicitantes where cmp = '45821'`
    expect(res.json()).toEqual({
      message: 'El CMP 45821 ya está registrado: Pérez Soto, Juan Carlos',
      id: existente!.id,
    })
    expect(await huella()).toEqual(antes)
  })

  test('entrada mala: un mensaje en español por campo, nunca un 500, y nada guardado', async () => {
    const antes = await huella()
    const res = await crear({
      nombres: 'Juan2',
      apellidos: '',
      cmp: 'CMP-12a',
      correo: 'no-es-correo',
      telefono: '12',
      especialidad: 'x'.repeat(81),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'apellidos', mensaje: 'Campo requerido' },
      { campo: 'nombres', mensaje: 'Solo letras, espacios, apóstrofos y guiones' },
      {
        campo: 'cmp',
        mensaje: 'Solo dígitos: el número del Colegio Médico del Perú, p. ej. 45821',
      },
      { campo: 'especialidad', mensaje: 'Debe tener como máximo 80 caracteres' },
      { campo: 'correo', mensaje: 'Correo electrónico inválido' },
      { campo: 'telefono', mensaje: 'Número inválido: use de 6 a 20 dígitos' },
    ])
    for (const cuerpo of [
      { nombres: 'Ana', apellidos: 'Rojas' },
      { nombres: 'Ana', apellidos: 'Rojas', cmp: 12345 },
      { nombres: 'Ana\u0000', apellidos: 'Rojas', cmp: '12345' },
      { nombres: 'Ana', apellidos: 'Rojas', cmp: '12345678' },
      { nombres: 'Ana', apellidos: 'Rojas', cmp: '0000' },
    ]) {
      const r = await crear(cuerpo)
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(r.json().errores[0].mensaje).toMatch(/^[A-ZÁÉÍÓÚ]/)
    }
    expect(await huella()).toEqual(antes)
  })

  test('solo quien registra atenciones los agrega; solo un administrador los corrige', async () => {
    const antes = await huella()
    const tecnologo = await t.login('tecnologo')
    const medico = await t.login('medico')
    for (const h of [tecnologo, medico]) {
      const r = await crear({ nombres: 'Eva', apellidos: 'Luna', cmp: '777' }, h)
      expect(r.statusCode).toBe(403)
    }
    const [m] = await t.db.sql<{ id: number }[]>`select id from medicos_solicitantes limit 1`
    for (const h of [t.headers, tecnologo, medico]) {
      const r = await cambiar(m!.id, { activo: false }, h)
      expect(r.statusCode).toBe(403)
      expect(r.json().message).toBe('Solo un administrador puede hacer esto')
    }
    expect(await huella()).toEqual(antes)
  })

  test('busca por apellido, nombre o CMP sin tildes, en cualquier orden; los activos primero', async () => {
    await nuevo({ nombres: 'María José', apellidos: 'Ñahui Quispe', cmp: '10001' })
    await nuevo({ nombres: 'Pedro', apellidos: 'Perales', cmp: '10002' })
    const inactiva = await nuevo({ nombres: 'Paula', apellidos: 'Peña', cmp: '10003' })
    expect((await cambiar(inactiva.id, { activo: false })).statusCode).toBe(200)
    await nuevo({ nombres: 'Rosa', apellidos: 'Pezo', cmp: '45900' })

    expect(await buscar('q=perez')).toEqual(['Pérez Soto, Juan Carlos'])
    expect(await buscar('q=PE')).toEqual([
      'Perales, Pedro',
      'Pérez Soto, Juan Carlos',
      'Pezo, Rosa',
      'Peña, Paula',
    ])
    expect(await buscar('q=nahui%20jos')).toEqual(['Ñahui Quispe, María José'])
    expect(await buscar('q=jose%20quispe')).toEqual(['Ñahui Quispe, María José'])
    expect(await buscar('q=carlos')).toEqual(['Pérez Soto, Juan Carlos'])
    // A word inside another is not the start of a word.
    expect(await buscar('q=arlos')).toEqual([])
    expect(await buscar('q=458')).toEqual(['Pérez Soto, Juan Carlos'])
    expect(await buscar('q=CMP%20459')).toEqual(['Pezo, Rosa'])
    expect(await buscar('q=100')).toEqual([
      'Ñahui Quispe, María José',
      'Perales, Pedro',
      'Peña, Paula',
    ])
    // LIKE's own characters are only themselves.
    expect(await buscar('q=%25')).toEqual([])
    expect(await buscar('q=_')).toEqual([])
    expect(await buscar('limite=2')).toHaveLength(2)
    for (const q of ['limite=0', 'limite=101', 'limite=x', `q=${'a'.repeat(101)}`]) {
      const r = await t.app.inject({ url: `/medicos-solicitantes?${q}`, headers: t.headers })
      expect(r.statusCode, q).toBe(400)
    }
  })

  test('un administrador corrige, desactiva y reactiva: auditado con antes y después', async () => {
    const m = await nuevo({ nombres: 'Luis', apellidos: 'Vega', cmp: '20001' })
    const res = await cambiar(m.id, { especialidad: 'Pediatría', telefono: '(01) 555-1234' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ especialidad: 'Pediatría', telefono: '(01) 555-1234' })
    const [e] = await t.db.sql<{ usuario: string; detalle: unknown }[]>`
      select usuario, detalle from auditoria where accion = 'solicitante.modificado'
      order by id desc limit 1`
    expect(e).toEqual({
      usuario: 'prueba.admin',
      detalle: {
        medico: m.id,
        cmp: '20001',
        cambios: {
          especialidad: { antes: null, despues: 'Pediatría' },
          telefono: { antes: null, despues: '(01) 555-1234' },
        },
      },
    })
    // Blank clears an optional field; the same values again change and record nothing.
    expect((await cambiar(m.id, { telefono: ' ' })).json().telefono).toBe(null)
    const antes = await huella()
    expect((await cambiar(m.id, { especialidad: 'Pediatría' })).statusCode).toBe(200)
    expect(await huella()).toEqual(antes)

    expect((await cambiar(m.id, { activo: false })).json().activo).toBe(false)
    expect(await buscar('q=vega')).toEqual(['Vega, Luis'])
    expect((await cambiar(m.id, { activo: true })).json().activo).toBe(true)

    const otro = await cambiar(m.id, { cmp: '045821' })
    expect(otro.statusCode).toBe(409)
    expect(otro.json().message).toBe('El CMP 45821 ya está registrado: Pérez Soto, Juan Carlos')
    const vacio = await cambiar(m.id, {})
    expect(vacio.json()).toEqual({
      message: 'Datos inválidos',
      errores: [{ campo: 'cuerpo', mensaje: 'Indique al menos un cambio' }],
    })
    expect((await cambiar(m.id, { nombres: '' })).json().errores).toEqual([
      { campo: 'nombres', mensaje: 'Campo requerido' },
    ])
    expect((await cambiar(m.id, { activo: 'no' })).statusCode).toBe(400)
    expect((await cambiar(999_999, { activo: false })).statusCode).toBe(404)
    expect((await cambiar('9999999999', { activo: false })).statusCode).toBe(404)
    expect(await huella()).toMatchObject({ medicos: antes!.medicos })
  })

  test('el mismo CMP a la vez desde dos conexiones: uno se guarda, el otro recibe el 409 que lo nombra', async () => {
    // Another connection holds the number in a transaction not yet committed: the request waits
    // for it and then names whoever took it.
    const otra = await t.db.sql.reserve()
    try {
      await otra`begin`
      await otra`insert into medicos_solicitantes (nombres, apellidos, cmp) values ('Irene', 'Salas', '30001')`
      const pedido = crear({ nombres: 'Ignacio', apellidos: 'Soria', cmp: '30001' })
      // Committed only once the request's insert is waiting on that row's lock.
      for (let i = 0; ; i += 1) {
        const [w] = await t.db.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`
        if (w!.n > 0) break
        if (i > 200) throw new Error('el pedido nunca esperó el bloqueo')
        await new Promise((r) => setTimeout(r, 20))
      }
      await otra`commit`
      const res = await pedido
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('El CMP 30001 ya está registrado: Salas, Irene')
    } finally {
      otra.release()
    }
    // Many at once through the app's own pool: exactly one is stored and audited.
    const respuestas = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        crear({ nombres: `Nombre ${'abcdef'[i]}`, apellidos: 'Carrera', cmp: '30002' }),
      ),
    )
    const estados = respuestas.map((r) => r.statusCode).sort()
    expect(estados).toEqual([201, 409, 409, 409, 409, 409])
    const ganador = respuestas.find((r) => r.statusCode === 201)!.json<MedicoSolicitante>()
    for (const r of respuestas.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({
        message: `El CMP 30002 ya está registrado: Carrera, ${ganador.nombres}`,
        id: ganador.id,
      })
    const [n] = await t.db.sql<{ filas: number; eventos: number }[]>`
      select (select count(*)::int from medicos_solicitantes where cmp = '30002') as filas,
        (select count(*)::int from auditoria where accion = 'solicitante.creado'
          and detalle->>'cmp' = '30002') as eventos`
    expect(n).toEqual({ filas: 1, eventos: 1 })
  })
})
