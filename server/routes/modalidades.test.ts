// The modalities' catalogue (migration 0050): an admin adds a mammograph or a densitometer with its
// DICOM codes and it is offered, registered, searched and published at once; the spec's RX, Eco
// and MRI keep working; every refusal is a Spanish message that stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import {
  crearAtencion,
  crearPaciente,
  datosAtencion,
  LUNES_A_SABADO,
  registrarEnPacienteNuevo,
  ultimoEvento,
} from '../test/factories.js'

let t: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin')
})
afterAll(() => t.close())

const enviar = (method: 'POST' | 'PATCH', url: string, payload: object, headers = admin) =>
  t.app.inject({ method, url, headers, payload })
const pedir = (url: string, headers = t.headers) => t.app.inject({ url, headers })
/** What a refusal must leave as it was: the modalities, the salas, the studies and the trail. */
const estado = () =>
  t.db.sql`
    select (select json_agg(m order by valor) from modalidades m) as modalidades,
      (select count(*) from salas) as salas, (select count(*) from estudios) as estudios,
      (select count(*) from auditoria) as auditoria`

describe('modalidades', () => {
  it('una modalidad nueva, con su estudio y su sala, se registra, se busca y se lista al instante', async () => {
    const res = await enviar('POST', '/configuracion/modalidades', {
      valor: 'MG',
      etiqueta: 'Mamografía',
      codigosDicom: ['MG'],
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      valor: 'MG',
      etiqueta: 'Mamografía',
      codigosDicom: ['MG'],
      icono: 'otra',
      activa: true,
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'modalidad.creada',
      detalle: { valor: 'MG', etiqueta: 'Mamografía', codigosDicom: ['MG'] },
    })
    const catalogo = (await pedir('/catalogos')).json()
    expect(catalogo.modalidades.map((m: { valor: string }) => m.valor)).toEqual([
      'RX',
      'Eco',
      'MRI',
      'LAB',
      'MG',
    ])
    expect(catalogo.modalidades[4]).toMatchObject({ etiqueta: 'Mamografía', estudios: [] })

    // With no study yet, no atención can name one.
    const sinEstudio = await registrarEnPacienteNuevo(t, {
      modalidad: 'MG',
      estudios: [{ nombre: 'Bilateral' }],
    })
    expect(sinEstudio.statusCode).toBe(400)
    expect(sinEstudio.json().errores).toEqual([
      { campo: 'estudios', mensaje: 'Estudio no disponible para Mamografía: Bilateral' },
    ])
    const estudio = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'MG',
      codigo: 'MG-BILATERAL',
      nombre: 'Bilateral',
      duracionMinutos: 20,
    })
    expect(estudio.statusCode).toBe(201)
    const sala = await enviar('POST', '/configuracion/salas', {
      sede: 'Lima',
      modalidad: 'MG',
      nombre: 'Mamógrafo',
      horario: LUNES_A_SABADO,
      aeTitle: 'MG_LIMA',
      modalidadDicom: 'MG',
    })
    expect(sala.statusCode, sala.body).toBe(201)

    const p = await crearPaciente(t)
    await crearAtencion(t, p.id, { modalidad: 'RX' })
    const a = await t.app.inject({
      method: 'POST',
      url: `/pacientes/${p.id}/atenciones`,
      headers: t.headers,
      payload: { ...datosAtencion(), modalidad: 'MG', estudios: [{ nombre: 'Bilateral' }] },
    })
    expect(a.statusCode, a.body).toBe(201)
    expect(a.json()).toMatchObject({ modalidad: 'MG', salaId: sala.json().id })

    const busqueda = await pedir(`/pacientes/buscar?modalidad=MG&documento=${p.documento}`)
    expect(busqueda.statusCode).toBe(200)
    expect(busqueda.json().map((f: { atencionId: number }) => f.atencionId)).toEqual([a.json().id])
    // The spec's values still search; an unknown one names every modality the clinic has.
    expect((await pedir('/pacientes/buscar?modalidad=MRI')).statusCode).toBe(200)
    const desconocida = await pedir('/pacientes/buscar?modalidad=CT')
    expect(desconocida.statusCode).toBe(400)
    expect(desconocida.json().errores).toEqual([
      { campo: 'modalidad', mensaje: 'Modalidad no válida: use RX, Eco, MRI, LAB, MG' },
    ])
    // The patients list names the new one after RX, in the clinic's order.
    const lista = (await pedir('/pacientes?limite=200')).json()
    expect(lista.find((x: { id: number }) => x.id === p.id).estudios).toEqual(['RX', 'MG'])
  })

  it('el código y el nombre son únicos como se leen, y lo que no puede guardar es un 400 en español que no guarda nada', async () => {
    expect(
      (
        await enviar('POST', '/configuracion/modalidades', {
          valor: 'DXA',
          etiqueta: 'Densitometría ósea',
          codigosDicom: ['BMD'],
        })
      ).statusCode,
    ).toBe(201)
    const antes = await estado()
    const conflictos: [object, string][] = [
      [
        { valor: 'dxa', etiqueta: 'Otra', codigosDicom: [] },
        'Ya existe una modalidad con ese código',
      ],
      [
        { valor: 'rx', etiqueta: 'Rayos', codigosDicom: [] },
        'Ya existe una modalidad con ese código',
      ],
      [
        { valor: 'DEXA', etiqueta: 'DENSITOMETRIA OSEA', codigosDicom: [] },
        'Ya existe una modalidad con ese nombre',
      ],
    ]
    for (const [cuerpo, mensaje] of conflictos) {
      const res = await enviar('POST', '/configuracion/modalidades', cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(409)
      expect(res.json().message).toBe(mensaje)
    }
    const base = { valor: 'CT', etiqueta: 'Tomografía', codigosDicom: ['CT'] }
    const invalidos: [object, string, string][] = [
      [
        { ...base, valor: '' },
        'valor',
        'Código: de 1 a 16 letras sin tildes o números (CT, MG, DXA…)',
      ],
      [
        { ...base, valor: 'C T' },
        'valor',
        'Código: de 1 a 16 letras sin tildes o números (CT, MG, DXA…)',
      ],
      [
        { ...base, valor: 'Tomografía' },
        'valor',
        'Código: de 1 a 16 letras sin tildes o números (CT, MG, DXA…)',
      ],
      [
        { ...base, etiqueta: ' Tomo' },
        'etiqueta',
        'Nombre: de 1 a 60 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
      ],
      [
        { ...base, etiqueta: 'To\u0000mo' },
        'etiqueta',
        'Nombre: de 1 a 60 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
      ],
      [
        { ...base, codigosDicom: ['ct'] },
        'codigosDicom.0',
        'Cada código DICOM: de 2 a 16 letras mayúsculas o números (CT, MG, BMD…)',
      ],
      [
        { ...base, codigosDicom: ['CT', 'CT'] },
        'codigosDicom',
        'Códigos DICOM: una lista, cada código una sola vez',
      ],
      [
        { ...base, codigosDicom: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'] },
        'codigosDicom',
        'Como máximo 8',
      ],
    ]
    for (const [cuerpo, campo, mensaje] of invalidos) {
      const res = await enviar('POST', '/configuracion/modalidades', cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400)
      expect(res.json().errores, JSON.stringify(cuerpo)).toContainEqual({ campo, mensaje })
    }
    expect(await estado()).toEqual(antes)
  })

  it('cambia nombre y códigos DICOM, pero no quita un código que una sala usa ni desactiva una modalidad con salas activas', async () => {
    const creada = await enviar('POST', '/configuracion/modalidades', {
      valor: 'RF',
      etiqueta: 'Fluoroscopía',
      codigosDicom: ['RF', 'XA'],
    })
    expect(creada.statusCode).toBe(201)
    const sala = await enviar('POST', '/configuracion/salas', {
      sede: 'Arequipa',
      modalidad: 'RF',
      nombre: 'Telecomandado',
      horario: LUNES_A_SABADO,
      aeTitle: 'RF_AQP',
      modalidadDicom: 'XA',
    })
    expect(sala.statusCode, sala.body).toBe(201)
    // A code the modality does not have is refused, naming those it has.
    const ajeno = await enviar('PATCH', `/configuracion/salas/${sala.json().id}`, {
      modalidadDicom: 'CT',
    })
    expect(ajeno.statusCode).toBe(400)
    expect(ajeno.json().errores).toEqual([
      {
        campo: 'modalidadDicom',
        mensaje: 'Ese código DICOM no corresponde a la modalidad de la sala: use RF, XA',
      },
    ])

    const antes = await estado()
    const enUso = await enviar('PATCH', '/configuracion/modalidades/RF', { codigosDicom: ['RF'] })
    expect(enUso.statusCode).toBe(409)
    expect(enUso.json().message).toBe('Una sala usa el código DICOM que quitaría')
    const conSalas = await enviar('PATCH', '/configuracion/modalidades/RF', { activa: false })
    expect(conSalas.statusCode).toBe(409)
    expect(conSalas.json().message).toBe(
      'La modalidad tiene salas activas: desactívelas primero (Telecomandado (Arequipa))',
    )
    for (const [url, cuerpo, codigo] of [
      ['/configuracion/modalidades/RF', {}, 400],
      ['/configuracion/modalidades/RF', { valor: 'RF2' }, 400],
      ['/configuracion/modalidades/NADA', { activa: false }, 404],
      ['/configuracion/modalidades/R%20F', { activa: false }, 400],
      ['/configuracion/modalidades/R%00F', { activa: false }, 400],
    ] as const) {
      const res = await enviar('PATCH', url, cuerpo)
      expect(res.statusCode, url + JSON.stringify(cuerpo)).toBe(codigo)
      expect(res.json().message).toMatch(/\S/)
    }
    expect(await estado()).toEqual(antes)

    const renombrada = await enviar('PATCH', '/configuracion/modalidades/RF', {
      etiqueta: 'Fluoroscopía digital',
      codigosDicom: ['XA', 'RF', 'DX'],
    })
    expect(renombrada.statusCode).toBe(200)
    expect(renombrada.json()).toMatchObject({
      etiqueta: 'Fluoroscopía digital',
      codigosDicom: ['XA', 'RF', 'DX'],
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'modalidad.modificada',
      detalle: { modalidad: 'RF', etiqueta: 'Fluoroscopía digital' },
    })
  })

  it('una modalidad desactivada conserva sus atenciones y búsquedas, y no recibe atenciones, salas ni estudios nuevos', async () => {
    await enviar('POST', '/configuracion/modalidades', {
      valor: 'OT',
      etiqueta: 'Otra prueba',
      codigosDicom: [],
    })
    const estudio = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'OT',
      codigo: 'OT-UNO',
      nombre: 'Uno',
      duracionMinutos: 15,
    })
    expect(estudio.statusCode).toBe(201)
    const vieja = await registrarEnPacienteNuevo(t, {
      modalidad: 'OT',
      estudios: [{ nombre: 'Uno' }],
    })
    expect(vieja.statusCode, vieja.body).toBe(201)
    const res = await enviar('PATCH', '/configuracion/modalidades/OT', { activa: false })
    expect(res.statusCode).toBe(200)
    expect(res.json().activa).toBe(false)
    expect(
      (await pedir('/catalogos')).json().modalidades.map((m: { valor: string }) => m.valor),
    ).not.toContain('OT')

    const nueva = await registrarEnPacienteNuevo(t, {
      modalidad: 'OT',
      estudios: [{ nombre: 'Uno' }],
    })
    expect(nueva.statusCode).toBe(400)
    expect(nueva.json().errores).toEqual([
      { campo: 'modalidad', mensaje: expect.stringMatching(/^Modalidad no válida: use RX, Eco/) },
    ])
    const sala = await enviar('POST', '/configuracion/salas', {
      sede: 'Lima',
      modalidad: 'OT',
      nombre: 'Otra',
      horario: LUNES_A_SABADO,
    })
    expect(sala.statusCode).toBe(400)
    const otroEstudio = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'OT',
      codigo: 'OT-DOS',
      nombre: 'Dos',
      duracionMinutos: 15,
    })
    expect(otroEstudio.statusCode).toBe(400)

    const busqueda = await pedir('/pacientes/buscar?modalidad=OT')
    expect(busqueda.statusCode).toBe(200)
    expect(busqueda.json().map((f: { atencionId: number }) => f.atencionId)).toEqual([
      vieja.json().id,
    ])
    // A correction that keeps the modality is allowed.
    const correccion = await t.app.inject({
      method: 'PATCH',
      url: `/atenciones/${vieja.json().id}`,
      headers: t.headers,
      payload: { prioridad: 'Urgente' },
    })
    expect(correccion.statusCode, correccion.body).toBe(200)
    expect(correccion.json().modalidad).toBe('OT')
  })

  it('una sala de una modalidad desactivada no se vuelve a activar hasta que se active su modalidad', async () => {
    await enviar('POST', '/configuracion/modalidades', {
      valor: 'ECG',
      etiqueta: 'Electrocardiograma',
      codigosDicom: [],
    })
    const sala = await enviar('POST', '/configuracion/salas', {
      sede: 'Cusco',
      modalidad: 'ECG',
      nombre: 'ECG 1',
      horario: LUNES_A_SABADO,
    })
    expect(sala.statusCode).toBe(201)
    const url = `/configuracion/salas/${sala.json().id}`
    expect((await enviar('PATCH', url, { activa: false })).statusCode).toBe(200)
    expect(
      (await enviar('PATCH', '/configuracion/modalidades/ECG', { activa: false })).statusCode,
    ).toBe(200)
    const antes = await estado()
    const reactivada = await enviar('PATCH', url, { activa: true })
    expect(reactivada.statusCode).toBe(409)
    expect(reactivada.json().message).toBe(
      'La modalidad de la sala está desactivada: actívela primero en Modalidades',
    )
    expect(await estado()).toEqual(antes)
    // Its other fields can still be corrected while it stays inactive.
    expect((await enviar('PATCH', url, { nombre: 'ECG antiguo' })).statusCode).toBe(200)
    expect(
      (await enviar('PATCH', '/configuracion/modalidades/ECG', { activa: true })).statusCode,
    ).toBe(200)
    expect((await enviar('PATCH', url, { activa: true })).statusCode).toBe(200)
  })

  it('una sala nueva mientras su modalidad se desactiva: la sala espera y se rechaza, nunca queda activa en una modalidad inactiva', async () => {
    await enviar('POST', '/configuracion/modalidades', {
      valor: 'PET',
      etiqueta: 'Tomografía por emisión',
      codigosDicom: ['PT'],
    })
    // Fill the cache while PET is active, as a request just before the deactivation would.
    await pedir('/catalogos')
    const bloqueo = t.db.sql.reserve()
    const tx = await bloqueo
    try {
      await tx`begin`
      await tx`select 1 from modalidades where valor = 'PET' for update`
      const sala = enviar('POST', '/configuracion/salas', {
        sede: 'Lima',
        modalidad: 'PET',
        nombre: 'PET 1',
        horario: LUNES_A_SABADO,
      })
      await new Promise((r) => setTimeout(r, 300))
      await tx`update modalidades set activa = false where valor = 'PET'`
      await tx`commit`
      const res = await sala
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().errores[0].campo).toBe('modalidad')
    } finally {
      tx.release()
    }
    const [n] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from salas where modalidad = 'PET'`
    expect(n!.n).toBe(0)
  })

  it('no deja sin códigos DICOM a una modalidad con salas activas, ni acepta nombres que difieren en lo que no se ve', async () => {
    const antes = await estado()
    const sinCodigos = await enviar('PATCH', '/configuracion/modalidades/Eco', { codigosDicom: [] })
    expect(sinCodigos.statusCode).toBe(409)
    expect(sinCodigos.json().message).toBe(
      'Sus salas activas publican su lista de trabajo con el código habitual: deje al menos un código DICOM',
    )
    for (const etiqueta of ['Eco\u200b (US)', '\u202eEco (US)', 'Eco (US)\ufeff']) {
      const res = await enviar('POST', '/configuracion/modalidades', {
        valor: 'ECO2',
        etiqueta,
        codigosDicom: [],
      })
      expect(res.statusCode, JSON.stringify(etiqueta)).toBe(400)
      expect(res.json().errores[0].campo).toBe('etiqueta')
    }
    // LAB has no codes and active salas: sending none again changes nothing and is no error.
    expect(
      (await enviar('PATCH', '/configuracion/modalidades/LAB', { codigosDicom: [] })).statusCode,
    ).toBe(200)
    expect((await estado())[0]!.modalidades).toEqual(antes[0]!.modalidades)
    // A value that names a built-in icon, or a property of every object, gets the common icon.
    for (const valor of ['Resonancia', 'constructor']) {
      const res = await enviar('POST', '/configuracion/modalidades', {
        valor,
        etiqueta: `Prueba ${valor}`,
        codigosDicom: [],
      })
      expect(res.statusCode).toBe(201)
      expect(res.json().icono).toBe('otra')
    }
  })

  it('responde 403 a personal y no cambia nada', async () => {
    const antes = await estado()
    for (const res of [
      await pedir('/configuracion/modalidades'),
      await enviar('POST', '/configuracion/modalidades', { valor: 'US2' }, t.headers),
      await enviar('PATCH', '/configuracion/modalidades/RX', { activa: false }, t.headers),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
    }
    expect(await estado()).toEqual(antes)
  })

  it('la base de datos sostiene el código DICOM de cada sala dentro de los de su modalidad', async () => {
    const [rx] = await t.db.sql<{ id: number }[]>`
      select id from salas where modalidad = 'RX' order by id limit 1`
    await expect(
      t.db.sql`update salas set modalidad_dicom = 'US' where id = ${rx!.id}`,
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'salas_modalidad_dicom_check' })
    await t.db.sql`update salas set modalidad_dicom = 'CR' where id = ${rx!.id}`
    await expect(
      t.db.sql`update modalidades set codigos_dicom = '{DX}' where valor = 'RX'`,
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'modalidades_codigos_en_uso' })
    await t.db.sql`update salas set modalidad_dicom = null where id = ${rx!.id}`
    await expect(
      t.db
        .sql`insert into atenciones (paciente_id, sede, modalidad, estudios, estado, procedencia, prioridad)
        select id, 'Lima', 'XX', '{Tórax PA}', 'En espera', 'Ambulatorio', 'Rutina' from pacientes limit 1`,
    ).rejects.toMatchObject({ code: '23503' })
  })
})
