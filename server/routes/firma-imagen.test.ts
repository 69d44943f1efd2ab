// A médico's signature-and-stamp image in Mi cuenta, through the real app on PostgreSQL: PNG or
// JPEG by its bytes, up to 300 KB, a signature's pixel size; served only to its owner's session,
// changed and removed, each change audited; refused to every other role with nothing stored, and
// held by the database too. Its place on the signed informe: server/informes/firma-imagen.test.ts.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_FIRMA, type Cuenta } from '../../shared/mi-cuenta.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { AZUL, dataUrl, hacerJpeg, png, ROJO } from '../test/imagenes.js'

let t: TestApp
let medica: Record<string, string>
let admin: Record<string, string>
let jpeg: Buffer

const subir = (imagen: string, headers = medica) =>
  t.app.inject({ method: 'PUT', url: '/sesion/firma', headers, payload: { imagen } })
const quitar = (headers = medica) =>
  t.app.inject({ method: 'DELETE', url: '/sesion/firma', headers })
const cuenta = async (headers = medica): Promise<Cuenta> => {
  const res = await t.app.inject({ url: '/sesion/cuenta', headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const guardada = async (usuario: string) =>
  t.db.sql<{ tipo: string; ancho: number; alto: number; md5: string }[]>`
    select f.tipo, f.ancho, f.alto, md5(f.imagen) from firmas_imagen f
      join usuarios u on u.id = f.usuario_id where u.usuario = ${usuario}`
const eventos = (usuario: string) =>
  t.db.sql<{ detalle: Record<string, unknown> | null }[]>`
    select detalle from auditoria where accion = 'cuenta.firma' and usuario = ${usuario} order by id`

beforeAll(async () => {
  t = await createTestApp()
  medica = await t.login('medico')
  admin = await t.login('admin')
  await crearUsuario(t.db.sql, {
    usuario: 'jorge.salas',
    nombre: 'Dr. Jorge Salas',
    rol: 'medico',
    colegiatura: 'CMP 30211',
    contrasena: CONTRASENA_PRUEBA,
  })
  jpeg = await hacerJpeg(mkdtempSync(join(tmpdir(), 'clinica-firma-')))
})
afterAll(() => t?.close())

describe('la firma y sello en Mi cuenta', () => {
  it('un médico la sube, la ve servida con su versión, la cambia y la quita; cada cambio auditado', async () => {
    expect(await cuenta()).toEqual({
      usuario: 'prueba.medico',
      nombre: 'Médica de Prueba',
      rol: 'medico',
      colegiatura: 'CMP 45821 RNE 12345',
      // The account flag is a tecnólogo's; a médico validates lab results by role.
      validaResultados: false,
      firma: null,
    })
    const imagen = png(400, 150, AZUL)
    const res = await subir(dataUrl('image/png', imagen))
    expect(res.statusCode, res.body).toBe(200)
    const { firma } = res.json<Cuenta>()
    expect(firma).toMatchObject({ tipo: 'image/png', ancho: 400, alto: 150, bytes: imagen.length })
    expect(firma!.url).toMatch(/^\/sesion\/firma\?v=[0-9a-f]{12}$/)
    expect((await cuenta()).firma).toEqual(firma)

    const servida = await t.app.inject({ url: firma!.url, headers: medica })
    expect(servida.statusCode).toBe(200)
    expect(servida.headers['content-type']).toBe('image/png')
    expect(servida.headers['cache-control']).toBe('private, no-cache')
    expect(servida.rawPayload.equals(imagen)).toBe(true)
    const otraVez = await t.app.inject({
      url: firma!.url,
      headers: { ...medica, 'if-none-match': servida.headers.etag as string },
    })
    expect(otraVez.statusCode).toBe(304)
    // Without a session, nobody reads it.
    expect((await t.app.inject({ url: firma!.url })).statusCode).toBe(401)

    // A JPEG, told by its bytes even under a PNG data URL: a new version, a new address.
    const cambiada = await subir(dataUrl('image/png', jpeg))
    expect(cambiada.statusCode, cambiada.body).toBe(200)
    const nueva = cambiada.json<Cuenta>().firma!
    expect(nueva).toMatchObject({ tipo: 'image/jpeg', ancho: 160, alto: 60 })
    expect(nueva.url).not.toBe(firma!.url)
    const jpg = await t.app.inject({ url: nueva.url, headers: medica })
    expect(jpg.headers['content-type']).toBe('image/jpeg')

    const quitada = await quitar()
    expect(quitada.statusCode, quitada.body).toBe(200)
    expect(quitada.json<Cuenta>().firma).toBeNull()
    const sin = await t.app.inject({ url: '/sesion/firma', headers: medica })
    expect(sin.statusCode).toBe(404)
    expect(sin.json()).toEqual({ message: MENSAJES_FIRMA.sinFirma })
    // Removing none changes and records nothing.
    expect((await quitar()).statusCode).toBe(200)
    expect(await eventos('prueba.medico')).toEqual([
      { detalle: { firma: { tipo: 'image/png', bytes: imagen.length, ancho: 400, alto: 150 } } },
      { detalle: { firma: { tipo: 'image/jpeg', bytes: jpeg.length, ancho: 160, alto: 60 } } },
      { detalle: { firma: null } },
    ])
  })

  it('rechaza en español lo que no es una firma que se pueda imprimir, y la guardada sigue', async () => {
    const buena = png(300, 100, AZUL)
    expect((await subir(dataUrl('image/png', buena))).statusCode).toBe(200)
    const antes = await guardada('prueba.medico')
    const eventosAntes = (await eventos('prueba.medico')).length
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    const rotoConAlfa = png(300, 100, AZUL, { alfa: true, idat: Buffer.from('esto no es zlib') })
    // zlib data whose rows name a filter PNG does not have (7): pdfkit's decoder throws outside
    // any try when it splits the alpha, which would end the process at signing.
    const filtroAjeno = png(300, 100, AZUL, {
      alfa: true,
      idat: deflateSync(Buffer.alloc(100 * (1 + 300 * 4), 7)),
    })
    const casos: [string, string][] = [
      [dataUrl('image/png', gif), MENSAJES_FIRMA.imagen],
      [
        `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`,
        MENSAJES_FIRMA.imagen,
      ],
      ['no es una imagen', MENSAJES_FIRMA.imagen],
      // Over 300 KB: the bytes of a PNG with nothing drawable after its signature.
      [
        dataUrl('image/png', Buffer.concat([buena, Buffer.alloc(300 * 1024)])),
        MENSAJES_FIRMA.imagen,
      ],
      [dataUrl('image/png', rotoConAlfa), MENSAJES_FIRMA.ilegible],
      [dataUrl('image/png', filtroAjeno), MENSAJES_FIRMA.ilegible],
      [dataUrl('image/jpeg', jpeg.subarray(0, 40)), MENSAJES_FIRMA.ilegible],
      [dataUrl('image/png', png(60, 30, AZUL)), MENSAJES_FIRMA.pixeles(60, 30)],
      [dataUrl('image/png', png(2400, 50, AZUL)), MENSAJES_FIRMA.pixeles(2400, 50)],
    ]
    for (const [imagen, mensaje] of casos) {
      const res = await subir(imagen)
      expect(res.statusCode, `${imagen.slice(0, 40)}: ${res.body}`).toBe(400)
      expect(res.json()).toMatchObject({ errores: [{ campo: 'imagen', mensaje }] })
    }
    // Far over the limit, the body itself is refused before it is read.
    const enorme = await subir(dataUrl('image/png', Buffer.alloc(1024 * 1024)))
    expect(enorme.statusCode).toBe(413)
    expect(enorme.json().message).toBe('El cuerpo de la solicitud es demasiado grande')
    expect(await guardada('prueba.medico')).toEqual(antes)
    expect(await eventos('prueba.medico')).toHaveLength(eventosAntes)
  })

  it('solo un médico tiene firma y sello: los demás roles reciben un 403 y nada se guarda', async () => {
    const recepcion = t.headers
    const tecnologo = await t.login('tecnologo')
    for (const [usuario, headers] of [
      ['prueba.recepcion', recepcion],
      ['prueba.tecnologo', tecnologo],
      ['prueba.admin', admin],
    ] as const) {
      const res = await subir(dataUrl('image/png', png(300, 100, ROJO)), headers)
      expect(res.statusCode, usuario).toBe(403)
      expect(res.json()).toEqual({ message: MENSAJES_FIRMA.soloMedico })
      expect(await guardada(usuario)).toEqual([])
      expect(await eventos(usuario)).toEqual([])
      expect((await cuenta(headers)).firma).toBeNull()
      expect((await t.app.inject({ url: '/sesion/firma', headers })).statusCode).toBe(404)
    }
    // An account whose role changed after its session was read: the account's row decides.
    await crearUsuario(t.db.sql, {
      usuario: 'ex.medico',
      nombre: 'Ex Médico',
      rol: 'medico',
      colegiatura: 'CMP 11111',
      contrasena: CONTRASENA_PRUEBA,
    })
    const ex = await iniciarSesionPrueba(t.app, t.config, 'ex.medico')
    await t.db.sql`update usuarios set rol = 'recepcion' where usuario = 'ex.medico'`
    expect((await subir(dataUrl('image/png', png(300, 100, ROJO)), ex)).statusCode).toBe(403)
    expect(await guardada('ex.medico')).toEqual([])
  })

  it('la base de datos misma rechaza otro tipo, otros bytes o un tamaño fuera de los límites', async () => {
    const [u] = await t.db.sql<
      { id: number }[]
    >`select id from usuarios where usuario = 'jorge.salas'`
    const poner = (imagen: Buffer, tipo: string, ancho = 300, alto = 100) =>
      t.db.sql`insert into firmas_imagen (usuario_id, imagen, tipo, ancho, alto)
        values (${u!.id}, ${imagen}, ${tipo}, ${ancho}, ${alto})`
    await expect(poner(png(300, 100, AZUL), 'image/gif')).rejects.toThrow()
    await expect(poner(png(300, 100, AZUL), 'image/jpeg')).rejects.toThrow()
    await expect(poner(Buffer.from('GIF89a'), 'image/png')).rejects.toThrow()
    await expect(poner(Buffer.alloc(301 * 1024, 0x89), 'image/png')).rejects.toThrow()
    await expect(poner(png(300, 100, AZUL), 'image/png', 3000, 100)).rejects.toThrow()
    expect(await guardada('jorge.salas')).toEqual([])
  })
})
