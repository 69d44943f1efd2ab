// Correcting the record of an atención: its estado by deliberate change (Cancelado with a reason),
// the last change undone (by its author for 10 minutes, by an admin at any time), its data
// corrected while it is not done, each with its audit row.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hoyEn } from '../../shared/edad.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { crearAtencion, crearPaciente } from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>
let otra: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
  await crearUsuario(t.db.sql, {
    usuario: 'otra.persona',
    nombre: 'Otra Persona',
    rol: 'recepcion',
    contrasena: CONTRASENA_PRUEBA,
  })
  otra = await iniciarSesionPrueba(t.app, t.config, 'otra.persona')
})
afterAll(async () => {
  await t?.close()
})

const patch = (id: number | string, payload: object, headers = t.headers) =>
  t.app.inject({ method: 'PATCH', url: `/atenciones/${id}`, headers, payload })
const deshacer = (id: number | string, payload: object, headers = t.headers) =>
  t.app.inject({ method: 'POST', url: `/atenciones/${id}/deshacer`, headers, payload })

async function guardada(id: number) {
  const [fila] = await t.db.sql<
    {
      estado: string
      sede: string
      motivoCancelacion: string | null
      ultimoCambioDesde: string | null
      actualizadoEn: Date
    }[]
  >`select estado, sede, motivo_cancelacion, ultimo_cambio_desde, actualizado_en from atenciones where id = ${id}`
  return fila!
}
async function salaDe(sede: string, modalidad: string) {
  const [s] = await t.db.sql<{ id: number }[]>`
    select id from salas where sede = ${sede} and modalidad = ${modalidad}`
  return s!.id
}

async function eventos(atencionId: number) {
  return t.db.sql<{ accion: string; usuario: string; detalle: Record<string, unknown> }[]>`
    select accion, usuario, detalle from auditoria
    where accion like 'atencion.%' and accion <> 'atencion.creada' and (detalle->>'atencion')::int = ${atencionId}
    order by id`
}
/** Moves the last change's instant back in this file's own database: the clock, without sleeping. */
const hace = (id: number, minutos: number) =>
  t.db
    .sql`update atenciones set ultimo_cambio_en = now() - make_interval(mins => ${minutos}) where id = ${id}`

async function atencion(estado: 'Programado' | 'En espera' = 'En espera') {
  const p = await crearPaciente(t)
  return crearAtencion(t, p.id, { estado })
}

describe('Cancelado pide confirmar un motivo', () => {
  test('sin motivo, o en blanco: 400 bajo motivo, nada cambia y nada se audita', async () => {
    const a = await atencion('Programado')
    for (const cuerpo of [{ estado: 'Cancelado' }, { estado: 'Cancelado', motivo: '   ' }]) {
      const res = await patch(a.id, cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json()).toEqual({
        message: 'Datos inválidos',
        errores: [{ campo: 'motivo', mensaje: 'Indique el motivo de la cancelación' }],
      })
    }
    expect((await guardada(a.id)).estado).toBe('Programado')
    expect(await eventos(a.id)).toEqual([])
  })

  test('con motivo: se guarda, se responde, se ve en la ficha y queda en la auditoría', async () => {
    const a = await atencion('Programado')
    const res = await patch(a.id, { estado: 'Cancelado', motivo: '  El paciente  no llegó ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      estado: 'Cancelado',
      motivoCancelacion: 'El paciente no llegó',
      ultimoCambio: {
        desde: 'Programado',
        usuario: 'prueba.recepcion',
        nombre: 'Personal de Prueba',
      },
    })
    const ficha = await t.app.inject({ url: `/pacientes/${a.pacienteId}`, headers: t.headers })
    expect(ficha.json().atenciones[0]).toMatchObject({
      id: a.id,
      estado: 'Cancelado',
      motivoCancelacion: 'El paciente no llegó',
    })
    expect(await eventos(a.id)).toEqual([
      {
        accion: 'atencion.modificada',
        usuario: 'prueba.recepcion',
        detalle: {
          atencion: a.id,
          estado: 'Cancelado',
          desde: 'Programado',
          motivo: 'El paciente no llegó',
        },
      },
    ])
  })

  test('un motivo sin cancelar, demasiado largo o con caracteres de control: 400', async () => {
    const a = await atencion()
    const casos: [object, string][] = [
      [{ estado: 'En proceso', motivo: 'porque sí' }, 'El motivo solo se indica al cancelar'],
      [{ estado: 'Cancelado', motivo: 'x'.repeat(501) }, 'Debe tener como máximo 500 caracteres'],
      [{ estado: 'Cancelado', motivo: 'no\u0000vino' }, 'Contiene caracteres no permitidos'],
      [{ estado: 'Cancelado', motivo: 12 }, 'Tipo de dato inválido'],
    ]
    for (const [cuerpo, mensaje] of casos) {
      const res = await patch(a.id, cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json().errores, JSON.stringify(cuerpo)).toEqual([{ campo: 'motivo', mensaje }])
    }
    expect((await guardada(a.id)).estado).toBe('En espera')
    expect(await eventos(a.id)).toEqual([])
  })
})

describe('cada cambio de estado dice de dónde vino, quién y hasta cuándo se puede deshacer', () => {
  test('ultimoCambio: el estado anterior, la cuenta, el instante y diez minutos después', async () => {
    const a = await atencion()
    const res = await patch(a.id, { estado: 'En proceso' })
    const cambio = res.json().ultimoCambio
    expect(cambio).toMatchObject({ desde: 'En espera', usuario: 'prueba.recepcion' })
    expect(Date.parse(cambio.deshacibleHasta) - Date.parse(cambio.en)).toBe(10 * 60_000)
    expect(Math.abs(Date.parse(cambio.en) - Date.now())).toBeLessThan(60_000)
    // A new atención has no change to undo.
    expect(a.ultimoCambio).toBeNull()
    expect(a.motivoCancelacion).toBeNull()
  })

  test('con desde: si otra persona la cambió antes, 409 y nadie gana en silencio', async () => {
    const a = await atencion()
    const [r1, r2] = await Promise.all([
      patch(a.id, { estado: 'En proceso', desde: 'En espera' }),
      patch(a.id, { estado: 'En proceso', desde: 'En espera' }, otra),
    ])
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409])
    const perdedor = r1!.statusCode === 409 ? r1! : r2!
    expect(perdedor.json().message).toBe(
      'La atención ya no está En espera: ahora está En proceso. Revise antes de cambiarla.',
    )
    expect((await eventos(a.id)).length).toBe(1)
    // A stale view asking for another move is refused just the same, and changes nothing.
    const res = await patch(a.id, { estado: 'Cancelado', motivo: 'x', desde: 'En espera' })
    expect(res.statusCode).toBe(409)
    expect((await guardada(a.id)).estado).toBe('En proceso')
  })
})

describe('POST /atenciones/:id/deshacer', () => {
  test('quien hizo el cambio lo deshace dentro de los 10 minutos: vuelve el estado anterior, el motivo se va', async () => {
    const a = await atencion('Programado')
    await patch(a.id, { estado: 'Cancelado', motivo: 'Error de agenda' })
    await hace(a.id, 9)
    const res = await deshacer(a.id, { estado: 'Cancelado' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: a.id,
      estado: 'Programado',
      motivoCancelacion: null,
      ultimoCambio: null,
    })
    expect(await guardada(a.id)).toMatchObject({
      estado: 'Programado',
      motivoCancelacion: null,
      ultimoCambioDesde: null,
    })
    expect((await eventos(a.id)).at(-1)).toEqual({
      accion: 'atencion.estado_deshecho',
      usuario: 'prueba.recepcion',
      detalle: { atencion: a.id, estado: 'Programado', deshecho: 'Cancelado' },
    })
    // Only the last change: now there is nothing left to undo.
    const otraVez = await deshacer(a.id, { estado: 'Programado' })
    expect(otraVez.statusCode).toBe(409)
    expect(otraVez.json().message).toBe('No hay un cambio de estado que deshacer')
  })

  test('pasados los 10 minutos, su autor recibe 403 y nada cambia', async () => {
    const a = await atencion()
    await patch(a.id, { estado: 'En proceso' })
    await hace(a.id, 11)
    const res = await deshacer(a.id, { estado: 'En proceso' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(
      'Pasaron más de 10 minutos desde el cambio: solo un administrador puede deshacerlo ahora',
    )
    expect((await guardada(a.id)).estado).toBe('En proceso')
    expect((await eventos(a.id)).map((e) => e.accion)).toEqual(['atencion.modificada'])
  })

  test('otra persona del personal no puede deshacer un cambio ajeno, ni dentro del plazo', async () => {
    const a = await atencion()
    await patch(a.id, { estado: 'En proceso' })
    const res = await deshacer(a.id, { estado: 'En proceso' }, otra)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Solo quien hizo el cambio o un administrador puede deshacerlo')
    expect((await guardada(a.id)).estado).toBe('En proceso')
  })

  test('un administrador deshace el último cambio de cualquiera, en cualquier momento, también desde un estado final', async () => {
    const a = await atencion()
    for (const estado of ['En proceso', 'Cancelado'])
      expect(
        (await patch(a.id, { estado, ...(estado === 'Cancelado' && { motivo: 'Error' }) }))
          .statusCode,
      ).toBe(200)
    await hace(a.id, 3 * 24 * 60)
    const res = await deshacer(a.id, { estado: 'Cancelado' }, admin)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().estado).toBe('En proceso')
    expect((await eventos(a.id)).at(-1)).toMatchObject({
      accion: 'atencion.estado_deshecho',
      usuario: 'prueba.admin',
    })
  })

  test('si algo cambió desde entonces: 409 con el estado actual', async () => {
    const a = await atencion()
    await patch(a.id, { estado: 'En proceso' })
    await patch(a.id, { estado: 'Completado' })
    const res = await deshacer(a.id, { estado: 'En proceso' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('La atención cambió desde entonces: ahora está Completado')
    expect((await guardada(a.id)).estado).toBe('Completado')
    // What it shows now is the last change, and that one can be undone.
    const ok = await deshacer(a.id, { estado: 'Completado' })
    expect(ok.json().estado).toBe('En proceso')
  })

  test('un deshacer y un cambio a la vez: gana uno y el otro recibe 409', async () => {
    const a = await atencion()
    await patch(a.id, { estado: 'En proceso' })
    const [r1, r2] = await Promise.all([
      deshacer(a.id, { estado: 'En proceso' }),
      patch(a.id, { estado: 'Completado', desde: 'En proceso' }, otra),
    ])
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409])
    expect((await eventos(a.id)).length).toBe(2)
  })

  test('atención inexistente: 404; estado ausente o desconocido: 400; nunca guardada: 409', async () => {
    let res = await deshacer(999999, { estado: 'En proceso' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Atención no encontrada')
    const a = await atencion()
    res = await deshacer(a.id, {})
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([{ campo: 'estado', mensaje: 'Campo requerido' }])
    res = await deshacer(a.id, { estado: 'Perdido' })
    expect(res.json().errores).toEqual([{ campo: 'estado', mensaje: 'Estado no válido' }])
    res = await deshacer(a.id, { estado: 'En espera' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('No hay un cambio de estado que deshacer')
  })
})

describe('PATCH /atenciones/:id corrige los datos mientras la atención no está terminada', () => {
  test('sede, modalidad, estudios, prioridad, procedencia y llegada; la auditoría guarda antes y después de lo cambiado', async () => {
    const a = await atencion()
    const res = await patch(a.id, {
      sede: 'Cusco',
      modalidad: 'Eco',
      estudios: [{ nombre: 'Renal' }, { nombre: 'Pélvica' }],
      prioridad: 'Urgente',
      procedencia: a.procedencia,
      fechaLlegada: '2025-03-01',
      horaLlegada: '08:15',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      sede: 'Cusco',
      modalidad: 'Eco',
      estudios: [{ nombre: 'Renal' }, { nombre: 'Pélvica' }],
      prioridad: 'Urgente',
      procedencia: 'Ambulatorio',
      fechaLlegada: '2025-03-01',
      horaLlegada: '08:15',
      estado: 'En espera',
    })
    const [fila] = await t.db.sql`select llegada from atenciones where id = ${a.id}`
    expect((fila!.llegada as Date).toISOString()).toBe('2025-03-01T13:15:00.000Z')
    expect(await eventos(a.id)).toEqual([
      {
        accion: 'atencion.modificada',
        usuario: 'prueba.recepcion',
        detalle: {
          atencion: a.id,
          cambios: {
            sede: { antes: 'Lima', despues: 'Cusco' },
            modalidad: { antes: 'RX', despues: 'Eco' },
            estudios: { antes: ['Tórax PA'], despues: ['Renal', 'Pélvica'] },
            prioridad: { antes: 'Rutina', despues: 'Urgente' },
            // To the sala of its new sede and modality.
            salaId: { antes: await salaDe('Lima', 'RX'), despues: await salaDe('Cusco', 'Eco') },
            fechaLlegada: { antes: a.fechaLlegada, despues: '2025-03-01' },
            horaLlegada: { antes: a.horaLlegada, despues: '08:15' },
          },
        },
      },
    ])
  })

  test('los mismos valores que ya tiene: 200 sin cambio ni evento', async () => {
    const a = await atencion()
    const res = await patch(a.id, { sede: 'Lima', prioridad: 'Rutina' })
    expect(res.statusCode).toBe(200)
    expect(res.json().actualizadoEn).toBe(a.actualizadoEn)
    expect(await eventos(a.id)).toEqual([])
  })

  test('las reglas del registro: 400 con mensaje por campo, nada guardado, nada auditado', async () => {
    const a = await atencion()
    const hoy = hoyEn(t.config.clinicTz)
    const casos: [object, string, RegExp][] = [
      [{ sede: 'Tacna' }, 'sede', /Sede no válida/],
      [{ modalidad: 'CT' }, 'modalidad', /Modalidad no válida/],
      [{ estudios: [] }, 'estudios', /al menos un estudio/],
      // The stored estudios belong to RX, not to the new modalidad.
      [{ modalidad: 'MRI' }, 'estudios', /no disponible para MRI: Tórax PA/],
      [{ estudios: [{ nombre: 'Glucosa' }] }, 'estudios', /no disponible para DX \(RX\)/],
      [{ estudios: [{ nombre: 'Mano' }, { nombre: 'Mano' }] }, 'estudios', /repetido/],
      [{ prioridad: 'Altísima' }, 'prioridad', /Prioridad no válida/],
      [{ procedencia: 'Marte' }, 'procedencia', /Procedencia no válida/],
      [{ fechaLlegada: '2024-02-30', horaLlegada: '10:00' }, 'fechaLlegada', /Fecha inválida/],
      [{ fechaLlegada: '2024-02-03', horaLlegada: '25:00' }, 'horaLlegada', /Hora inválida/],
      [{ horaLlegada: '10:00' }, 'fechaLlegada', /junto con la hora/],
      [{ fechaLlegada: '1999-12-31', horaLlegada: '10:00' }, 'fechaLlegada', /posterior a 2000/],
      [
        { fechaLlegada: `${Number(hoy.slice(0, 4)) + 1}${hoy.slice(4)}` },
        'fechaLlegada',
        /Solo una atención Programada puede tener fecha futura/,
      ],
    ]
    for (const [cambio, campo, mensaje] of casos) {
      const res = await patch(a.id, cambio)
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400)
      const error = res.json().errores?.find((e: { campo: string }) => e.campo === campo)
      expect(error?.mensaje, `${JSON.stringify(cambio)} ${res.body}`).toMatch(mensaje)
    }
    expect(await guardada(a.id)).toMatchObject({ estado: 'En espera', sede: 'Lima' })
    expect(await eventos(a.id)).toEqual([])
  })

  test('una atención Programada se reprograma hasta un año adelante, no más', async () => {
    const a = await atencion('Programado')
    const hoy = hoyEn(t.config.clinicTz)
    const enUnMes = new Date(Date.parse(`${hoy}T00:00:00Z`) + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    let res = await patch(a.id, { fechaLlegada: enUnMes, horaLlegada: '07:30' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ fechaLlegada: enUnMes, horaLlegada: '07:30' })
    res = await patch(a.id, { fechaLlegada: '2999-01-01', horaLlegada: '07:30' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores[0].mensaje).toMatch(/hasta con un año de anticipación/)
  })

  test('terminada (Completado, Informado, Cancelado): 409 y nada cambia', async () => {
    const finales: [string, object[]][] = [
      ['Completado', [{ estado: 'En proceso' }, { estado: 'Completado' }]],
      ['Informado', [{ estado: 'En proceso' }, { estado: 'Completado' }]],
      ['Cancelado', [{ estado: 'Cancelado', motivo: 'Duplicada' }]],
    ]
    for (const [estado, pasos] of finales) {
      const a = await atencion()
      for (const paso of pasos) expect((await patch(a.id, paso)).statusCode).toBe(200)
      // Informado is a signed informe's (server/routes/informes.test.ts); here, set as it leaves it.
      if (estado === 'Informado')
        await t.db.sql`update atenciones set estado = 'Informado' where id = ${a.id}`
      const res = await patch(a.id, { sede: 'Arequipa' })
      expect(res.statusCode, estado).toBe(409)
      expect(res.json().message).toBe(
        `No se puede corregir una atención ${estado}: solo mientras está Programada, En espera o En proceso`,
      )
      expect(await guardada(a.id)).toMatchObject({ estado, sede: 'Lima' })
      expect((await eventos(a.id)).length).toBe(pasos.length)
    }
  })

  test('el estado va solo; un cuerpo sin cambios, o solo con desde: 400', async () => {
    const a = await atencion()
    let res = await patch(a.id, { estado: 'En proceso', sede: 'Cusco' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'estado', mensaje: 'El estado se cambia solo, sin otros datos de la atención' },
    ])
    res = await patch(a.id, { x: 1 })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      {
        campo: 'cuerpo',
        mensaje: 'Indique al menos un cambio: el estado o un dato de la atención',
      },
    ])
    res = await patch(a.id, { desde: 'En espera' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errores).toEqual([
      { campo: 'desde', mensaje: 'Indique el estado nuevo junto con el de partida' },
    ])
    expect(await guardada(a.id)).toMatchObject({ estado: 'En espera', sede: 'Lima' })
    expect(await eventos(a.id)).toEqual([])
  })

  test('atención inexistente: 404', async () => {
    const res = await patch(999999, { sede: 'Cusco' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Atención no encontrada')
  })
})
