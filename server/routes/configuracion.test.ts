// The catalogues in the database: GET /catalogos for every signed-in client (with its ETag), and
// the admins' sedes, salas and estudios, each change audited and seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.js'
import {
  crearAtencion,
  crearPaciente,
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

const catalogos = (headers: Record<string, string> = t.headers) =>
  t.app.inject({ url: '/catalogos', headers })
const enviar = (method: 'POST' | 'PATCH', url: string, payload: object, headers = admin) =>
  t.app.inject({ method, url, headers, payload })
const cuenta = async (tabla: 'sedes' | 'salas' | 'estudios' | 'auditoria') =>
  (await t.db.sql<{ n: number }[]>`select count(*)::int as n from ${t.db.sql(tabla)}`)[0]!.n

describe('GET /catalogos', () => {
  it('los catálogos de una base nueva: las sedes de hoy, las cuatro modalidades con sus estudios, una sala por sede y modalidad', async () => {
    const res = await catalogos()
    expect(res.statusCode).toBe(200)
    const c = res.json()
    expect(c.sedes).toEqual([
      { nombre: 'Lima', activa: true, informeDobleFirma: false, laboratorioAutovalidacion: false },
      {
        nombre: 'Arequipa',
        activa: true,
        informeDobleFirma: false,
        laboratorioAutovalidacion: false,
      },
      { nombre: 'Cusco', activa: true, informeDobleFirma: false, laboratorioAutovalidacion: false },
    ])
    expect(
      c.modalidades.map((m: { valor: string; etiqueta: string }) => [m.valor, m.etiqueta]),
    ).toEqual([
      ['RX', 'DX (RX)'],
      ['Eco', 'Eco (US)'],
      ['MRI', 'MRI'],
      ['LAB', 'Laboratorio'],
    ])
    const eco = c.modalidades[1].estudios
    expect(eco[0]).toMatchObject({
      codigo: 'ECO-ABD',
      nombre: 'Abdominal completa',
      duracionMinutos: 30,
      preparacion: 'Ayuno de 6 a 8 horas.',
      activo: true,
    })
    expect(c.salas).toHaveLength(12)
    expect(c.salas[0]).toMatchObject({
      sede: 'Lima',
      modalidad: 'RX',
      nombre: 'RX 1',
      horario: LUNES_A_SABADO,
      aeTitle: null,
      direccion: null,
      activa: true,
    })
  })

  it('responde 304 a la ETag que dio, y una ETag nueva tras un cambio', async () => {
    const primera = await catalogos()
    const etag = primera.headers.etag as string
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    expect(primera.headers['cache-control']).toBe('private, no-cache')
    const otra = await catalogos({ ...t.headers, 'if-none-match': etag })
    expect(otra.statusCode).toBe(304)
    expect(otra.body).toBe('')
    const cambio = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'RX',
      codigo: 'RX-ETAG',
      nombre: 'Hombro',
      duracionMinutos: 10,
    })
    expect(cambio.statusCode).toBe(201)
    const despues = await catalogos({ ...t.headers, 'if-none-match': etag })
    expect(despues.statusCode).toBe(200)
    expect(despues.headers.etag).not.toBe(etag)
  })

  it('pide sesión', async () => {
    expect((await catalogos({})).statusCode).toBe(401)
  })
})

describe('solo los administradores', () => {
  it('responde 403 a personal en cada llamada a /configuracion, y no cambia nada', async () => {
    const antes = await Promise.all([cuenta('sedes'), cuenta('salas'), cuenta('estudios')])
    for (const res of [
      await t.app.inject({ url: '/configuracion/sedes', headers: t.headers }),
      await enviar('POST', '/configuracion/sedes', { nombre: 'Tacna' }, t.headers),
      await enviar('PATCH', '/configuracion/sedes/Lima', { activa: false }, t.headers),
      await enviar('POST', '/configuracion/salas', {}, t.headers),
      await enviar('PATCH', '/configuracion/salas/1', { aeTitle: 'X' }, t.headers),
      await enviar('POST', '/configuracion/estudios', {}, t.headers),
      await enviar('PATCH', '/configuracion/estudios/1', { activo: false }, t.headers),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Solo un administrador puede hacer esto' })
    }
    expect(await Promise.all([cuenta('sedes'), cuenta('salas'), cuenta('estudios')])).toEqual(antes)
  })
})

describe('sedes', () => {
  it('una sede nueva se ofrece al instante, auditada; su nombre es único', async () => {
    const res = await enviar('POST', '/configuracion/sedes', { nombre: 'Puno' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      nombre: 'Puno',
      activa: true,
      informeDobleFirma: false,
      laboratorioAutovalidacion: false,
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sede.creada',
      usuario: 'prueba.admin',
      detalle: { sede: 'Puno' },
    })
    expect((await catalogos()).json().sedes.map((s: { nombre: string }) => s.nombre)).toEqual([
      'Lima',
      'Arequipa',
      'Cusco',
      'Puno',
    ])
    expect((await registrarEnPacienteNuevo(t, { sede: 'Puno' })).statusCode).toBe(201)
    const otra = await enviar('POST', '/configuracion/sedes', { nombre: 'Puno' })
    expect(otra.statusCode).toBe(409)
    expect(otra.json().message).toBe('Ya existe una sede con ese nombre')
  })

  it('rechaza un nombre en blanco o con espacios alrededor con un mensaje en español, sin guardar nada', async () => {
    const antes = await cuenta('sedes')
    // NUL would reach PostgreSQL, which refuses it: a 500 before this check.
    for (const nombre of ['', ' Tacna', 'x'.repeat(61), 'Pu\u0000no', 'Ta\u0007cna']) {
      const res = await enviar('POST', '/configuracion/sedes', { nombre })
      expect(res.statusCode).toBe(400)
      expect(res.json().errores[0]).toEqual({
        campo: 'nombre',
        mensaje:
          'De 1 a 60 caracteres, sin espacios al comienzo ni al final ni caracteres de control',
      })
    }
    expect(await cuenta('sedes')).toBe(antes)
  })

  it('una sede desactivada conserva sus atenciones y búsquedas, y no recibe atenciones nuevas', async () => {
    expect((await enviar('POST', '/configuracion/sedes', { nombre: 'Tacna' })).statusCode).toBe(201)
    const p = await crearPaciente(t)
    const vieja = await crearAtencion(t, p.id, { sede: 'Tacna' })
    const res = await enviar('PATCH', '/configuracion/sedes/Tacna', { activa: false })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      nombre: 'Tacna',
      activa: false,
      informeDobleFirma: false,
      laboratorioAutovalidacion: false,
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sede.modificada',
      detalle: { sede: 'Tacna', activa: false },
    })
    expect((await catalogos()).json().sedes).not.toContainEqual(
      expect.objectContaining({ nombre: 'Tacna' }),
    )
    const nueva = await registrarEnPacienteNuevo(t, { sede: 'Tacna' })
    expect(nueva.statusCode).toBe(400)
    expect(nueva.json().errores).toEqual([
      {
        campo: 'sede',
        mensaje: expect.stringMatching(/^Sede no válida: use Lima, Arequipa, Cusco/),
      },
    ])
    const busqueda = await t.app.inject({
      url: '/pacientes/buscar?sede=Tacna',
      headers: t.headers,
    })
    expect(busqueda.statusCode).toBe(200)
    expect(busqueda.json().map((f: { atencionId: number }) => f.atencionId)).toEqual([vieja.id])
    // A correction that keeps the closed sede is allowed; moving into it is not.
    const correccion = await t.app.inject({
      method: 'PATCH',
      url: `/atenciones/${vieja.id}`,
      headers: t.headers,
      payload: { prioridad: 'Urgente' },
    })
    expect(correccion.statusCode).toBe(200)
    expect(correccion.json().sede).toBe('Tacna')
    const desconocida = await t.app.inject({
      url: '/pacientes/buscar?sede=Marte',
      headers: t.headers,
    })
    expect(desconocida.statusCode).toBe(400)
    expect(await enviar('PATCH', '/configuracion/sedes/Marte', { activa: true })).toMatchObject({
      statusCode: 404,
    })
    // A control character in the path's name is no sede's: a 400, not the database's refusal.
    for (const nombre of ['%00', 'Lima%0A', '%7F'])
      expect(
        await enviar('PATCH', `/configuracion/sedes/${nombre}`, { activa: true }),
      ).toMatchObject({ statusCode: 400 })
  })
})

describe('salas', () => {
  const sala = (cambios: object = {}) => ({
    sede: 'Lima',
    modalidad: 'RX',
    nombre: 'RX 2',
    horario: LUNES_A_SABADO,
    ...cambios,
  })

  it('una sala dice qué código DICOM y qué juego de caracteres recibe su equipo, dentro de su modalidad', async () => {
    const res = await enviar(
      'POST',
      '/configuracion/salas',
      sala({ nombre: 'CR 7', aeTitle: 'CR7' }),
    )
    expect(res.json()).toMatchObject({ modalidadDicom: null, juegoCaracteres: 'ISO_IR 192' })
    const id = res.json().id
    const cr = await enviar('PATCH', `/configuracion/salas/${id}`, {
      modalidadDicom: 'CR',
      juegoCaracteres: 'ISO_IR 100',
    })
    expect(cr.json()).toMatchObject({ modalidadDicom: 'CR', juegoCaracteres: 'ISO_IR 100' })
    // A code of another modality, or none DICOM knows, is refused in Spanish and stores nothing.
    const us = await enviar('PATCH', `/configuracion/salas/${id}`, { modalidadDicom: 'US' })
    expect(us.statusCode).toBe(400)
    expect(us.json().errores).toEqual([
      {
        campo: 'modalidadDicom',
        mensaje:
          'Ese código DICOM no corresponde a la modalidad de la sala: use DX, CR, RF, MG, XA',
      },
    ])
    for (const cuerpo of [{ modalidadDicom: 'ZZ' }, { juegoCaracteres: 'ISO_IR 6' }])
      expect((await enviar('PATCH', `/configuracion/salas/${id}`, cuerpo)).statusCode).toBe(400)
    const eco = await enviar(
      'POST',
      '/configuracion/salas',
      sala({ modalidad: 'Eco', nombre: 'Eco 7', modalidadDicom: 'DX' }),
    )
    expect(eco.statusCode).toBe(400)
    const [fila] = await t.db.sql`
      select modalidad_dicom, juego_caracteres from salas where id = ${id}`
    expect(fila).toEqual({ modalidadDicom: 'CR', juegoCaracteres: 'ISO_IR 100' })
    expect(await t.db.sql`select 1 from salas where nombre = 'Eco 7'`).toHaveLength(0)
  })

  it('un administrador crea una con su AE title DICOM y lo cambia; cada cambio queda auditado', async () => {
    const res = await enviar('POST', '/configuracion/salas', sala({ aeTitle: 'RX2_LIMA' }))
    expect(res.statusCode).toBe(201)
    const creada = res.json()
    expect(creada).toMatchObject({
      nombre: 'RX 2',
      aeTitle: 'RX2_LIMA',
      direccion: null,
      activa: true,
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sala.creada',
      detalle: { sala: creada.id },
    })
    const cambio = await enviar('PATCH', `/configuracion/salas/${creada.id}`, {
      aeTitle: 'RX2',
      direccion: '10.0.5.20:104',
      horario: [{ dia: 1, abre: '08:00', cierra: '13:00' }],
    })
    expect(cambio.statusCode).toBe(200)
    expect(cambio.json()).toMatchObject({
      aeTitle: 'RX2',
      direccion: '10.0.5.20:104',
      horario: [{ dia: 1, abre: '08:00', cierra: '13:00' }],
    })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'sala.modificada',
      detalle: { sala: creada.id, aeTitle: 'RX2', direccion: '10.0.5.20:104' },
    })
    const baja = await enviar('PATCH', `/configuracion/salas/${creada.id}`, { activa: false })
    expect(baja.json().activa).toBe(false)
    expect((await catalogos()).json().salas).not.toContainEqual(
      expect.objectContaining({ id: creada.id }),
    )
    const todas = await t.app.inject({ url: '/configuracion/salas', headers: admin })
    expect(todas.json()).toContainEqual(expect.objectContaining({ id: creada.id, activa: false }))
  })

  it('rechaza lo que no puede guardar, en español, sin guardar ni auditar nada', async () => {
    expect(
      (await enviar('POST', '/configuracion/salas', sala({ nombre: 'Eco 9', aeTitle: 'ECO9' })))
        .statusCode,
    ).toBe(201)
    const antes = [await cuenta('salas'), await cuenta('auditoria')]
    const casos: [string, object, number, string, string][] = [
      [
        'POST',
        sala({ nombre: 'RX 1' }),
        409,
        'message',
        'Ya existe una sala con ese nombre en esa sede',
      ],
      [
        'POST',
        sala({ nombre: 'RX 8', aeTitle: 'ECO9' }),
        409,
        'message',
        'Ese AE title ya lo usa otra sala',
      ],
      [
        'POST',
        sala({ aeTitle: 'UN-AE-TITLE-LARGO' }),
        400,
        'aeTitle',
        'AE title: de 1 a 16 caracteres ASCII visibles, sin barra invertida ni espacios al comienzo o al final',
      ],
      [
        'POST',
        sala({ aeTitle: 'RX\\2' }),
        400,
        'aeTitle',
        'AE title: de 1 a 16 caracteres ASCII visibles, sin barra invertida ni espacios al comienzo o al final',
      ],
      [
        'POST',
        sala({ aeTitle: 'ÑANDÚ' }),
        400,
        'aeTitle',
        'AE title: de 1 a 16 caracteres ASCII visibles, sin barra invertida ni espacios al comienzo o al final',
      ],
      [
        'POST',
        sala({ sede: 'Marte' }),
        400,
        'sede',
        'Sede no válida: use Lima, Arequipa, Cusco, Puno',
      ],
      [
        'POST',
        sala({ modalidad: 'CT' }),
        400,
        'modalidad',
        'Modalidad no válida: use RX, Eco, MRI, LAB',
      ],
      [
        'POST',
        sala({
          horario: [
            { dia: 1, abre: '07:00', cierra: '12:00' },
            { dia: 1, abre: '11:00', cierra: '18:00' },
          ],
        }),
        400,
        'horario',
        'Los tramos del lunes se cruzan: uno debe cerrar antes de que abra el otro',
      ],
      [
        'POST',
        sala({ horario: [{ dia: 2, abre: '18:00', cierra: '07:00' }] }),
        400,
        'horario',
        'La hora de cierre debe ser posterior a la de apertura',
      ],
      [
        'POST',
        sala({ horario: [{ dia: 8, abre: '07:00', cierra: '12:00' }] }),
        400,
        'horario.0.dia',
        'Día de la semana inválido (1 a 7)',
      ],
      ['PATCH', {}, 400, 'cuerpo', 'Indique al menos un cambio'],
    ]
    for (const [metodo, cuerpo, estado, campo, mensaje] of casos) {
      const url = metodo === 'POST' ? '/configuracion/salas' : '/configuracion/salas/1'
      const res = await enviar(metodo as 'POST' | 'PATCH', url, cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(estado)
      if (campo === 'message') expect(res.json().message).toBe(mensaje)
      else expect(res.json().errores, JSON.stringify(cuerpo)).toContainEqual({ campo, mensaje })
    }
    expect([await cuenta('salas'), await cuenta('auditoria')]).toEqual(antes)
    expect(
      (await enviar('PATCH', '/configuracion/salas/999999', { activa: false })).statusCode,
    ).toBe(404)
  })
})

describe('estudios', () => {
  it('un estudio que el catálogo no tenía se puede registrar en cuanto un administrador lo agrega', async () => {
    const antes = await registrarEnPacienteNuevo(t, {
      modalidad: 'Eco',
      estudios: [{ nombre: 'Ecografía abdominal' }],
    })
    expect(antes.statusCode).toBe(400)
    expect(antes.json().errores).toEqual([
      { campo: 'estudios', mensaje: 'Estudio no disponible para Eco (US): Ecografía abdominal' },
    ])
    const res = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'Eco',
      codigo: 'ECO-ABD-2',
      nombre: 'Ecografía abdominal',
      duracionMinutos: 30,
      preparacion: 'Ayuno de 8 horas.',
    })
    expect(res.statusCode).toBe(201)
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'estudio.creado',
      detalle: { codigo: 'ECO-ABD-2', nombre: 'Ecografía abdominal' },
    })
    const despues = await registrarEnPacienteNuevo(t, {
      modalidad: 'Eco',
      estudios: [{ nombre: 'Ecografía abdominal' }],
    })
    expect(despues.statusCode).toBe(201)
    const repetido = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'Eco',
      codigo: 'ECO-OTRO',
      nombre: 'Ecografía abdominal',
      duracionMinutos: 30,
    })
    expect(repetido.statusCode).toBe(409)
    expect(repetido.json().message).toBe('Ya existe un estudio con ese nombre en esa modalidad')
    const codigo = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'Eco',
      codigo: 'ECO-ABD-2',
      nombre: 'Otra',
      duracionMinutos: 30,
    })
    expect(codigo.json().message).toBe('Ya existe un estudio con ese código')
    const control = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'Eco',
      codigo: 'ECO-NUL',
      nombre: 'Con\u0000nulo',
      duracionMinutos: 20,
      preparacion: 'Ayuno\u0000',
    })
    expect(control.statusCode).toBe(400)
    expect(
      control
        .json()
        .errores.map((e: { campo: string }) => e.campo)
        .sort(),
    ).toEqual(['nombre', 'preparacion'])
    const lineas = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'Eco',
      codigo: 'ECO-LINEAS',
      nombre: 'Transvaginal',
      duracionMinutos: 20,
      preparacion: 'Vejiga vacía.\nTraer estudios anteriores.',
    })
    expect(lineas.statusCode).toBe(201)
    const mal = await enviar('POST', '/configuracion/estudios', {
      modalidad: 'Eco',
      codigo: 'eco abd',
      nombre: 'Otra',
      duracionMinutos: 2,
    })
    expect(mal.statusCode).toBe(400)
    expect(mal.json().errores).toEqual(
      expect.arrayContaining([
        {
          campo: 'codigo',
          mensaje: 'Código: de 1 a 20 letras mayúsculas sin tildes, números o guiones',
        },
        { campo: 'duracionMinutos', mensaje: 'Duración: de 5 a 480 minutos' },
      ]),
    )
  })

  it('un estudio desactivado se sigue viendo en las atenciones antiguas, una corrección puede conservarlo y ninguna nueva puede elegirlo', async () => {
    const p = await crearPaciente(t)
    const vieja = await crearAtencion(t, p.id, { estudios: [{ nombre: 'Mano' }] })
    const [mano] = await t.db.sql<
      { id: number }[]
    >`select id from estudios where modalidad = 'RX' and nombre = 'Mano'`
    const res = await enviar('PATCH', `/configuracion/estudios/${mano!.id}`, { activo: false })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ nombre: 'Mano', activo: false })
    expect(await ultimoEvento(t)).toMatchObject({
      accion: 'estudio.modificado',
      detalle: { activo: false },
    })
    const rx = (await catalogos())
      .json()
      .modalidades[0].estudios.map((e: { nombre: string }) => e.nombre)
    expect(rx).not.toContain('Mano')

    const leida = await t.app.inject({ url: `/pacientes/${p.id}`, headers: t.headers })
    expect(JSON.stringify(leida.json())).toContain('"Mano"')
    const correccion = await t.app.inject({
      method: 'PATCH',
      url: `/atenciones/${vieja.id}`,
      headers: t.headers,
      payload: { estudios: [{ nombre: 'Mano' }, { nombre: 'Pelvis' }] },
    })
    expect(correccion.statusCode).toBe(200)
    const nueva = await registrarEnPacienteNuevo(t, { estudios: [{ nombre: 'Mano' }] })
    expect(nueva.statusCode).toBe(400)
    expect(nueva.json().errores).toEqual([
      { campo: 'estudios', mensaje: 'Estudio no disponible para DX (RX): Mano' },
    ])
  })
})

describe('nombres únicos como se leen: sin mayúsculas ni tildes', () => {
  it('una sede, una sala de su sede o un estudio de su modalidad que ya existe escrito de otra forma es un 409', async () => {
    const antes = await cuenta('auditoria')
    const casos: [string, object, string][] = [
      ['/configuracion/sedes', { nombre: 'LIMA' }, 'Ya existe una sede con ese nombre'],
      ['/configuracion/sedes', { nombre: 'cúsco' }, 'Ya existe una sede con ese nombre'],
      [
        '/configuracion/estudios',
        { modalidad: 'RX', codigo: 'RX-TPA-2', nombre: 'torax pa', duracionMinutos: 10 },
        'Ya existe un estudio con ese nombre en esa modalidad',
      ],
    ]
    for (const [url, cuerpo, mensaje] of casos) {
      const res = await enviar('POST', url, cuerpo)
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(409)
      expect(res.json().message).toBe(mensaje)
    }
    // Renaming a sala to another's name in its sede, written otherwise: refused too.
    const [a, b] = await t.db.sql<{ id: number; nombre: string }[]>`
      insert into salas (sede, nombre, modalidad, horario)
      values ('Arequipa', 'Ecógrafo Norte', 'Eco', '[]'), ('Arequipa', 'Ecógrafo Sur', 'Eco', '[]')
      returning id, nombre`
    const renombrar = await enviar('PATCH', `/configuracion/salas/${b!.id}`, {
      nombre: 'ECOGRAFO NORTE',
    })
    expect(renombrar.statusCode, renombrar.body).toBe(409)
    expect(renombrar.json().message).toBe('Ya existe una sala con ese nombre en esa sede')
    // Its own name in other letters is no twin.
    const propio = await enviar('PATCH', `/configuracion/salas/${a!.id}`, {
      nombre: 'Ecógrafo norte',
    })
    expect(propio.statusCode, propio.body).toBe(200)
    expect(await cuenta('auditoria')).toBe(antes + 1)
  })

  it('los índices de la migración 0041 sostienen lo mismo ante dos a la vez', async () => {
    const indices = await t.db.sql<{ indexname: string }[]>`
      select indexname from pg_indexes where indexname like '%_nombre_normalizado_key'
      order by indexname`
    expect(indices.map((i) => i.indexname)).toEqual([
      'estudios_nombre_normalizado_key',
      'salas_nombre_normalizado_key',
      'sedes_nombre_normalizado_key',
    ])
    await expect(
      t.db.sql`insert into sedes (nombre, orden) values ('ARÉQUIPA', 99)`,
    ).rejects.toThrow(/sedes_nombre_normalizado_key/)
  })
})
