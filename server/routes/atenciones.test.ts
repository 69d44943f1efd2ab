import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MENSAJES_ATENCIONES } from '../../shared/atenciones.js'
import { hoyEn } from '../../shared/edad.js'
import { enlaceSiguiente } from '../../shared/enlaces.js'
import { diaSiguiente } from '../horario.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente, datosAtencion } from '../test/factories.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** The same day a year later (28 February for a 29th); 'YYYY-MM-DD'. */
const enUnAnio = (fecha: string) => {
  const d = new Date(`${fecha}T00:00:00Z`)
  d.setUTCFullYear(d.getUTCFullYear() + 1)
  if (d.getUTCDate() !== Number(fecha.slice(8))) d.setUTCDate(0)
  return d.toISOString().slice(0, 10)
}
const dma = (fecha: string) => fecha.split('-').reverse().join('/')

const json = () => ({ ...t.headers, 'content-type': 'application/json' })
const postAtencion = (pacienteId: number | string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/pacientes/${pacienteId}/atenciones`,
    headers: json(),
    payload,
  })
const patch = (id: number | string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/atenciones/${id}`, headers: json(), payload })

describe('POST /pacientes/:id/atenciones', () => {
  test('201 con valores por defecto: ahora, En espera, Ambulatorio, Rutina', async () => {
    const p = await crearPaciente(t)
    const res = await postAtencion(
      p.id,
      datosAtencion({ estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Mano' }] }),
    )
    expect(res.statusCode).toBe(201)
    const a = res.json()
    expect(a).toMatchObject({
      pacienteId: p.id,
      sede: 'Lima',
      modalidad: 'RX',
      estudios: [{ nombre: 'Tórax PA' }, { nombre: 'Mano' }],
      estado: 'En espera',
      procedencia: 'Ambulatorio',
      prioridad: 'Rutina',
      fechaLlegada: hoyEn(t.config.clinicTz),
    })
    expect(a.horaLlegada).toMatch(/^\d{2}:\d{2}$/)
    const [quien] = await t.db.sql`
      select u.usuario from atenciones a left join usuarios u on u.id = a.creado_por where a.id = ${a.id}`
    expect(quien!.usuario).toBe('prueba.recepcion')
  })

  test('fecha y hora locales de la clínica', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id, {
      fechaLlegada: '2024-12-31',
      horaLlegada: '23:30',
      prioridad: 'Urgente',
      procedencia: 'Emergencia',
    })
    expect(a).toMatchObject({
      fechaLlegada: '2024-12-31',
      horaLlegada: '23:30',
      prioridad: 'Urgente',
      procedencia: 'Emergencia',
    })
    const [fila] = await t.db.sql`select llegada from atenciones where id = ${a.id}`
    // Lima is UTC-5 all year.
    expect((fila!.llegada as Date).toISOString()).toBe('2025-01-01T04:30:00.000Z')
  })

  test('valores inválidos: 400 con mensaje por campo y nada guardado', async () => {
    const p = await crearPaciente(t)
    const casos: [object, string, RegExp][] = [
      [{ sede: 'Tacna' }, 'sede', /Sede no válida/],
      [{ modalidad: 'CT' }, 'modalidad', /Modalidad no válida/],
      [{ estudios: [] }, 'estudios', /al menos un estudio/],
      [{ estudios: [{ nombre: 'Glucosa' }] }, 'estudios', /no disponible para DX \(RX\)/],
      [{ estudios: [{ nombre: 'Mano' }, { nombre: 'Mano' }] }, 'estudios', /repetido/],
      [{ estado: 'Completado' }, 'estado', /Programada o En espera/],
      [{ prioridad: 'Altísima' }, 'prioridad', /Prioridad no válida/],
      [{ fechaLlegada: '2024-02-30', horaLlegada: '10:00' }, 'fechaLlegada', /Fecha inválida/],
      [{ fechaLlegada: '2024-02-03', horaLlegada: '25:00' }, 'horaLlegada', /Hora inválida/],
      [{ horaLlegada: '10:00' }, 'fechaLlegada', /fecha de llegada/],
      [{ fechaLlegada: '2999-01-01', horaLlegada: '10:00' }, 'fechaLlegada', /Programada/],
      [{ fechaLlegada: '1999-12-31', horaLlegada: '10:00' }, 'fechaLlegada', /posterior a 2000/],
      [{ estudios: [{ nombre: 'Mano\u0000' }] }, 'estudios', /no disponible/],
    ]
    for (const [cambio, campo, mensaje] of casos) {
      const res = await postAtencion(p.id, { ...datosAtencion(), ...cambio })
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400)
      const error = res.json().errores.find((e: { campo: string }) => e.campo === campo)
      expect(error?.mensaje, JSON.stringify(cambio)).toMatch(mensaje)
    }
    const [n] = await t.db
      .sql`select count(*)::int as n from atenciones where paciente_id = ${p.id}`
    expect(n!.n).toBe(0)
  })

  test('una atención Programada puede tener fecha futura, hasta un año después de hoy', async () => {
    const p = await crearPaciente(t)
    const maxima = enUnAnio(hoyEn(t.config.clinicTz))
    const a = await crearAtencion(t, p.id, {
      estado: 'Programado',
      fechaLlegada: maxima,
      horaLlegada: '07:15',
    })
    expect(a).toMatchObject({ estado: 'Programado', fechaLlegada: maxima, horaLlegada: '07:15' })
    for (const fechaLlegada of [diaSiguiente(maxima), '2999-01-02', '9999-12-31']) {
      const res = await postAtencion(
        p.id,
        datosAtencion({ estado: 'Programado', fechaLlegada, horaLlegada: '23:59' }),
      )
      expect(res.statusCode, fechaLlegada).toBe(400)
      expect(res.json().errores, fechaLlegada).toEqual([
        {
          campo: 'fechaLlegada',
          mensaje: `Una atención se programa hasta con un año de anticipación: a más tardar el ${dma(maxima)}`,
        },
      ])
    }
    const [n] = await t.db
      .sql`select count(*)::int as n from atenciones where paciente_id = ${p.id}`
    expect(n!.n).toBe(1)
  })

  test('las llegadas en los extremos permitidos se recorren página a página con el cursor de la búsqueda', async () => {
    const p = await crearPaciente(t)
    const hoy = hoyEn(t.config.clinicTz)
    const extremos = [
      await crearAtencion(t, p.id, {
        estado: 'Programado',
        fechaLlegada: enUnAnio(hoy),
        horaLlegada: '23:59',
      }),
      await crearAtencion(t, p.id),
      await crearAtencion(t, p.id, { fechaLlegada: '2000-01-01', horaLlegada: '00:00' }),
    ]
    const vistas: number[] = []
    let url: string | null = `/pacientes/buscar?documento=${p.documento}&limite=1`
    for (let pagina = 0; url && pagina < 10; pagina++) {
      const res = await t.app.inject({ url, headers: t.headers })
      expect(res.statusCode, `${url} ${res.body}`).toBe(200)
      vistas.push(...res.json<{ atencionId: number }[]>().map((f) => f.atencionId))
      url = enlaceSiguiente(res.headers.link as string | undefined)
    }
    expect(vistas).toEqual(extremos.map((a) => a.id))
  })

  test('paciente inexistente: 404; id no numérico: 400', async () => {
    let res = await postAtencion(987654, datosAtencion())
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Paciente no encontrado')
    res = await postAtencion('abc', datosAtencion())
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toContainEqual({ campo: 'id', mensaje: 'Identificador inválido' })
  })
})

describe('PATCH /atenciones/:id', () => {
  test('avanza por la lista de trabajo hasta Completado; Informado es la firma de un médico', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    for (const estado of ['En proceso', 'Completado']) {
      const res = await patch(a.id, { estado })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: a.id, estado })
    }
    const res = await patch(a.id, { estado: 'Informado' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(MENSAJES_ATENCIONES.informadoSoloFirma)
  })

  test('cambios sin sentido: 409 con mensaje, sin tocar el estado', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id, { estado: 'Programado' })
    expect(
      (await patch(a.id, { estado: 'Cancelado', motivo: 'Agendada por error' })).statusCode,
    ).toBe(200)
    let res = await patch(a.id, { estado: 'En espera' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'No se puede pasar una atención de Cancelado a En espera: Cancelado es un estado final',
    )
    const b = await crearAtencion(t, p.id)
    res = await patch(b.id, { estado: 'Completado' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/solo a: En proceso, Cancelado/)
    const [fila] = await t.db.sql`select estado from atenciones where id = ${b.id}`
    expect(fila!.estado).toBe('En espera')
  })

  test('repetir el estado actual no cambia nada', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    const res = await patch(a.id, { estado: 'En espera' })
    expect(res.statusCode).toBe(200)
    expect(res.json().estado).toBe('En espera')
  })

  test('estado desconocido: 400; atención inexistente: 404', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    let res = await patch(a.id, { estado: 'Perdido' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'estado', mensaje: 'Estado no válido' }])
    res = await patch(a.id, {})
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      {
        campo: 'cuerpo',
        mensaje: 'Indique al menos un cambio: el estado o un dato de la atención',
      },
    ])
    res = await patch(999999, { estado: 'En proceso' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Atención no encontrada')
  })

  test('dos cambios a la vez desde el mismo estado: uno gana, el otro recibe 409', async () => {
    const p = await crearPaciente(t)
    const a = await crearAtencion(t, p.id)
    expect((await patch(a.id, { estado: 'En proceso' })).statusCode).toBe(200)
    // Completado and Cancelado are each reachable from En proceso, but not from one another.
    const [r1, r2] = await Promise.all([
      patch(a.id, { estado: 'Completado' }),
      patch(a.id, { estado: 'Cancelado', motivo: 'Equipo averiado' }),
    ])
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409])
  })
})
