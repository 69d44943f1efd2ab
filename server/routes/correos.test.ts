// Emails about a signed document through the real app on PostgreSQL and a real SMTP server started
// here (smtp-server, the SMTP client's own project): the message arrives once and carries no
// health data; an SMTP server that is down or refuses for now leaves the row waiting and it leaves
// later, once; a refusal for good is «fallido»; a send cut off is «incierto» and never repeated;
// two senders at once send each row once; bad requests store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_CORREOS as M, type Correo, type CorreosPaciente } from '../../shared/correos.js'
import { ConfigError, loadConfig } from '../config.js'
import { enviarPendientes, INTENTOS_MAXIMOS, POR_PASADA } from '../correo/bandeja.js'
import { crearSmtp } from '../correo/smtp.js'
import { createTestApp, type TestApp } from '../test/app.js'
import { insertarInformeFinal } from '../test/informes.js'
import { servidorSmtp, textoDe } from '../test/smtp.js'

let smtp: Awaited<ReturnType<typeof servidorSmtp>>
let t: TestApp
let sinSmtp: TestApp
const REMITENTE = 'Clínica de Prueba <avisos@clinica.test>'

beforeAll(async () => {
  smtp = await servidorSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url, SMTP_FROM: REMITENTE })
  sinSmtp = await createTestApp()
})
afterAll(async () => {
  await t?.close()
  await sinSmtp?.close()
  await smtp?.cerrar()
})

/** A patient with a signed informe, their email set as the desk would. */
async function pacienteConInforme(app: TestApp, correo: string | null = 'eustaquia@correo.test') {
  const { informe, atencion } = await insertarInformeFinal(app.db.sql, {
    modalidad: 'RX',
    completadoEn: '2026-11-20T14:00:00Z',
    firmadoEn: '2026-11-20T15:30:00Z',
  })
  const [p] = await app.db.sql<{ id: number }[]>`
    update pacientes set correo_electronico = ${correo}, primer_nombre = 'Eustaquia'
    where id = (select paciente_id from atenciones where id = ${atencion}) returning id`
  return { pacienteId: p!.id, informe }
}

const pedir = (app: TestApp, pacienteId: number, body: unknown) =>
  app.app.inject({
    method: 'POST',
    url: `/pacientes/${pacienteId}/correos`,
    headers: app.headers,
    payload: body as Record<string, unknown>,
  })

const correosDe = async (app: TestApp, pacienteId: number) => {
  const res = await app.app.inject({
    method: 'GET',
    url: `/pacientes/${pacienteId}/correos`,
    headers: app.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as CorreosPaciente).correos
}

/** Until the row leaves «pendiente»/«enviando» (the server's sender runs on its own). */
async function esperarEstado(app: TestApp, pacienteId: number, id: string): Promise<Correo> {
  for (let i = 0; i < 100; i++) {
    const c = (await correosDe(app, pacienteId)).find((x) => x.id === id)!
    if (c.estado !== 'pendiente' && c.estado !== 'enviando') return c
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('El correo no salió de la cola')
}

/**
 * A row queued straight in the outbox, as the desk's request writes it: the app's own sender is
 * not woken, so only the test's passes below send it.
 */
async function enCola(app: TestApp, informe: number, correo: string, asunto = 'Aviso') {
  const [f] = await app.db.sql<{ id: string }[]>`
    insert into correos (atencion_id, documento, documento_id, destinatario, correo, asunto,
      texto, pedido_por)
    select atencion_id, 'informe', id, 'paciente', ${correo}, ${asunto}, 'Texto',
      (select id from usuarios order by id limit 1)
    from informes where id = ${informe}
    returning id::text`
  return f!.id
}

const filasCorreos = async (app: TestApp) =>
  (await app.db.sql<{ n: number }[]>`select count(*)::int as n from correos`)[0]!.n

describe('Avisar por correo un documento firmado', () => {
  it('el servidor SMTP recibe un aviso, una vez, sin datos de salud, y queda auditado', async () => {
    const { pacienteId, informe } = await pacienteConInforme(t)
    const antes = smtp.recibidos.length
    const res = await pedir(t, pacienteId, { documento: 'informe', documentoId: informe })
    expect(res.statusCode, res.body).toBe(202)
    const pedido = res.json() as Correo
    expect(pedido).toMatchObject({
      documento: 'informe',
      documentoId: informe,
      destinatario: 'paciente',
      correo: 'eustaquia@correo.test',
      pedidoPor: expect.any(String),
    })
    const lista = await t.app.inject({
      method: 'GET',
      url: `/pacientes/${pacienteId}/correos`,
      headers: t.headers,
    })
    expect(lista.json()).toMatchObject({
      correo: 'eustaquia@correo.test',
      envioConfigurado: true,
      documentos: [{ tipo: 'informe', id: informe, titulo: expect.stringMatching(/^Informe de /) }],
    })
    const final = await esperarEstado(t, pacienteId, pedido.id)
    expect(final).toMatchObject({ estado: 'enviado', intentos: 1, error: null })
    expect(final.enviadoEn).not.toBeNull()

    const nuevos = smtp.recibidos.slice(antes)
    expect(nuevos).toHaveLength(1)
    expect(nuevos[0]!.para).toEqual(['eustaquia@correo.test'])
    const texto = textoDe(nuevos[0]!)
    expect(texto).toContain('avisos@clinica.test')
    expect(texto).toContain(`${t.config.publicUrl}/resultados`)
    expect(texto).toContain('Eustaquia')
    expect(texto).toContain('20/11/2026')
    // Nothing of the study or the patient's record: only that a document exists.
    for (const dato of ['RX', 'Rayos', 'Informe', 'informe', 'Mamani', 'DNI'])
      expect(texto).not.toMatch(new RegExp(`\\b${dato}\\b`))

    const [evento] = await t.db.sql<{ accion: string; detalle: unknown }[]>`
      select accion, detalle from auditoria where paciente_id = ${pacienteId}
        and accion = 'correo.pedido'`
    expect(evento?.detalle).toEqual({
      documento: 'informe',
      id: informe,
      destinatario: 'paciente',
    })
  })

  it('una cola de más de una pasada sale entera sin esperar al reloj de cada minuto', async () => {
    const { pacienteId, informe } = await pacienteConInforme(t)
    // Queued as the desk's requests write them (the app's sender is not woken by these rows),
    // more than two passes of them: then one request wakes the sender, and no other comes.
    const N = 130
    const antes = smtp.recibidos.length
    for (let i = 0; i < N; i++) await enCola(t, informe, `cola${i}@correo.test`, `Cola ${i}`)
    const res = await pedir(t, pacienteId, { documento: 'informe', documentoId: informe })
    expect(res.statusCode, res.body).toBe(202)
    // What is measured is the gap between two passes, not how fast this machine sends (each
    // message is a new SMTP connection, about 0.1 to 0.3 s).
    await expect
      .poll(() => smtp.recibidos.length - antes, { timeout: 100_000, interval: 50 })
      .toBe(N + 1)
    const nuevos = smtp.recibidos.slice(antes)
    // A pass takes POR_PASADA rows; the next one starts at once, not at the minute's clock.
    for (const k of [POR_PASADA, 2 * POR_PASADA])
      expect(nuevos[k]!.en - nuevos[k - 1]!.en, `entre el correo ${k} y el ${k + 1}`).toBeLessThan(
        15_000,
      )
    expect(new Set(nuevos.map((r) => r.para[0])).size).toBe(N + 1)
    const [pendientes] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from correos where estado in ('pendiente', 'enviando')`
    expect(pendientes!.n).toBe(0)
  }, 120_000)

  it('con el servidor SMTP caído el correo espera, y sale una sola vez cuando vuelve', async () => {
    // A port nobody listens on.
    const caido = await servidorSmtp()
    const url = caido.url
    await caido.cerrar()
    const { informe } = await pacienteConInforme(t, 'espera@correo.test')
    const id = await enCola(t, informe, 'espera@correo.test')

    const smtpCaido = crearSmtp(url, REMITENTE)
    try {
      await enviarPendientes(t.db.sql, smtpCaido)
    } finally {
      smtpCaido.cerrar()
    }
    const [fila] = await t.db.sql<
      { estado: string; intentos: number; error: string; espera: number }[]
    >`select estado, intentos, error,
        extract(epoch from proximo_en - now())::float8 as espera
      from correos where id = ${id}`
    expect(fila).toMatchObject({ estado: 'pendiente', intentos: 1 })
    expect(fila!.error).toMatch(/ECONNREFUSED|conectar|connect/i)
    expect(fila!.espera).toBeGreaterThan(30)

    // The wait is over and the server is back: it leaves, once.
    const antes = smtp.recibidos.length
    await t.db.sql`update correos set proximo_en = now() where id = ${id}`
    const vivo = crearSmtp(smtp.url, REMITENTE)
    try {
      await Promise.all([enviarPendientes(t.db.sql, vivo), enviarPendientes(t.db.sql, vivo)])
    } finally {
      vivo.cerrar()
    }
    expect(
      smtp.recibidos.slice(antes).filter((r) => r.para[0] === 'espera@correo.test'),
    ).toHaveLength(1)
    const [enviado] = await t.db.sql<{ estado: string; intentos: number }[]>`
      select estado, intentos from correos where id = ${id}`
    expect(enviado).toEqual({ estado: 'enviado', intentos: 2 })
  })

  it('un rechazo pasajero (451) espera; uno definitivo (550) o el último intento quedan «fallido»', async () => {
    const { informe } = await pacienteConInforme(t, 'rechazo@correo.test')
    const id = await enCola(t, informe, 'rechazo@correo.test')
    const vivo = crearSmtp(smtp.url, REMITENTE)
    const fila = async () =>
      (
        await t.db.sql<{ estado: string; intentos: number; error: string | null }[]>`
          select estado, intentos, error from correos where id = ${id}`
      )[0]!
    try {
      smtp.estado.modo = 'temporal'
      await enviarPendientes(t.db.sql, vivo)
      const pasajero = await fila()
      expect(pasajero).toMatchObject({ estado: 'pendiente', intentos: 1 })
      expect(pasajero.error).toContain('451')

      // Its last try, refused for now again: no more.
      await t.db.sql`update correos set proximo_en = now(), intentos = ${INTENTOS_MAXIMOS - 1}
        where id = ${id}`
      await enviarPendientes(t.db.sql, vivo)
      expect(await fila()).toMatchObject({ estado: 'fallido', intentos: INTENTOS_MAXIMOS })

      // Refused for good at the first try.
      smtp.estado.modo = 'definitivo'
      const otro = await enCola(t, informe, 'rechazo@correo.test')
      await enviarPendientes(t.db.sql, vivo)
      const [definitivo] = await t.db.sql<{ estado: string; intentos: number; error: string }[]>`
        select estado, intentos, error from correos where id = ${otro}`
      expect(definitivo).toMatchObject({ estado: 'fallido', intentos: 1 })
      expect(definitivo!.error).toContain('550')
    } finally {
      smtp.estado.modo = 'aceptar'
      vivo.cerrar()
    }
  })

  it('un envío cortado (el servidor se detuvo a medio envío) queda «incierto» y no se repite', async () => {
    const { pacienteId, informe } = await pacienteConInforme(t, 'cortado@correo.test')
    const id = await enCola(t, informe, 'cortado@correo.test')
    // As a server that took the row and stopped before recording the answer leaves it.
    await t.db.sql`update correos set estado = 'enviando', intentos = 1,
        tomado_en = now() - interval '20 minutes'
      where id = ${id}`
    const antes = smtp.recibidos.length
    const vivo = crearSmtp(smtp.url, REMITENTE)
    try {
      await enviarPendientes(t.db.sql, vivo)
      await enviarPendientes(t.db.sql, vivo)
    } finally {
      vivo.cerrar()
    }
    const [c] = (await correosDe(t, pacienteId)).filter((x) => x.id === id)
    expect(c).toMatchObject({ estado: 'incierto', error: expect.stringContaining('pudo salir') })
    expect(smtp.recibidos.slice(antes).filter((r) => r.para[0] === 'cortado@correo.test')).toEqual(
      [],
    )
  })

  it('dos envíos a la vez mandan cada correo una sola vez', async () => {
    const { pacienteId, informe } = await pacienteConInforme(t, 'muchos@correo.test')
    // Rows written straight, so the app's own sender does not take them first.
    await t.db.sql`
      insert into correos (atencion_id, documento, documento_id, destinatario, correo, asunto,
        texto, pedido_por)
      select (select atencion_id from informes where id = ${informe}), 'informe', ${informe},
        'paciente', 'muchos@correo.test', 'Aviso ' || n, 'Texto ' || n,
        (select id from usuarios order by id limit 1)
      from generate_series(1, 20) n`
    const antes = smtp.recibidos.length
    const a = crearSmtp(smtp.url, REMITENTE)
    const b = crearSmtp(smtp.url, REMITENTE)
    try {
      await Promise.all([enviarPendientes(t.db.sql, a), enviarPendientes(t.db.sql, b)])
    } finally {
      a.cerrar()
      b.cerrar()
    }
    const asuntos = smtp.recibidos
      .slice(antes)
      .filter((r) => r.para[0] === 'muchos@correo.test')
      .map((r) => /Subject: (Aviso \d+)/.exec(r.datos)?.[1])
    expect(asuntos).toHaveLength(20)
    expect(new Set(asuntos).size).toBe(20)
    const estados = (await correosDe(t, pacienteId)).map((c) => c.estado)
    expect(estados.filter((e) => e === 'enviado')).toHaveLength(20)
  })

  it('una solicitud mala responde en español y no guarda nada', async () => {
    const { pacienteId, informe } = await pacienteConInforme(t)
    const sinCorreo = await pacienteConInforme(t, null)
    const otro = await pacienteConInforme(t)
    const antes = await filasCorreos(t)
    const casos: [number, unknown, number, string][] = [
      [
        sinCorreo.pacienteId,
        { documento: 'informe', documentoId: sinCorreo.informe },
        409,
        M.sinCorreo,
      ],
      [
        pacienteId,
        { documento: 'informe', documentoId: otro.informe },
        404,
        M.documentoNoEncontrado,
      ],
      [pacienteId, { documento: 'resultados', documentoId: informe }, 404, M.documentoNoEncontrado],
      [99_999_999, { documento: 'informe', documentoId: informe }, 404, M.pacienteNoEncontrado],
      [pacienteId, { documento: 'informe', documentoId: 0 }, 400, 'Datos inválidos'],
      [pacienteId, { documento: 'carta', documentoId: informe }, 400, 'Datos inválidos'],
    ]
    for (const [id, body, estado, mensaje] of casos) {
      const res = await pedir(t, id, body)
      expect(res.statusCode, res.body).toBe(estado)
      expect((res.json() as { message: string }).message).toBe(mensaje)
    }
    const sin = await pacienteConInforme(sinSmtp)
    const res = await pedir(sinSmtp, sin.pacienteId, {
      documento: 'informe',
      documentoId: sin.informe,
    })
    expect(res.statusCode).toBe(409)
    expect((res.json() as { message: string }).message).toBe(M.sinSmtp)
    const sinEnvio = await sinSmtp.app.inject({
      method: 'GET',
      url: `/pacientes/${sin.pacienteId}/correos`,
      headers: sinSmtp.headers,
    })
    expect(sinEnvio.json()).toMatchObject({ envioConfigurado: false, correos: [] })
    expect(await filasCorreos(t)).toBe(antes)
    expect(await filasCorreos(sinSmtp)).toBe(0)
  })

  it('SMTP_URL pide SMTP_FROM, y un SMTP_URL mal escrito no se repite en el mensaje', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://correo.clinica.pe:587' })).toThrow(ConfigError)
    expect(() => loadConfig({ SMTP_URL: 'smtp://correo.clinica.pe:587' })).toThrow(/SMTP_FROM/)
    try {
      loadConfig({ SMTP_URL: 'http://usuario:clave-secreta@x', SMTP_FROM: 'a@b.pe' })
      expect.unreachable()
    } catch (e) {
      expect((e as Error).message).toBe('Variable de entorno SMTP_URL inválida')
    }
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:c@correo.clinica.pe:465', SMTP_FROM: 'a@b.pe' }).smtp,
    ).toEqual({ url: 'smtps://u:c@correo.clinica.pe:465', remitente: 'a@b.pe' })
  })
})
