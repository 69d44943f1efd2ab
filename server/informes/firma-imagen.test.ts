// The médico's signature-and-stamp image on the signed informe, through the real app on
// PostgreSQL: drawn above the signer's line, in its box, on the informes signed from then on (each
// signer of two with their own); never on one signed before, whose bytes stay the same when the
// image changes; and an image pdfkit could not draw leaves the line for a pen, and the signature
// goes through. The upload itself: server/routes/firma-imagen.test.ts.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Informe } from '../../shared/informes.js'
import { crearUsuario } from '../auth/usuarios.js'
import { CONTRASENA_PRUEBA, createTestApp, iniciarSesionPrueba, type TestApp } from '../test/app.js'
import { insertarAtencion, insertarPaciente } from '../test/factories.js'
import { AZUL, dataUrl, hacerJpeg, png, ROJO, type Rgb } from '../test/imagenes.js'

let t: TestApp
let medica: Record<string, string>
let segundo: Record<string, string>
let jpeg: Buffer
let dir: string

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://resultados.clinica.example' })
  medica = await t.login('medico')
  await crearUsuario(t.db.sql, {
    usuario: 'jorge.salas',
    nombre: 'Dr. Jorge Salas',
    rol: 'medico',
    colegiatura: 'CMP 30211',
    contrasena: CONTRASENA_PRUEBA,
  })
  segundo = await iniciarSesionPrueba(t.app, t.config, 'jorge.salas')
  dir = mkdtempSync(join(tmpdir(), 'clinica-firma-'))
  jpeg = await hacerJpeg(dir)
})
afterAll(() => t?.close())

const subir = (imagen: string, headers = medica) =>
  t.app.inject({ method: 'PUT', url: '/sesion/firma', headers, payload: { imagen } })
const quitar = (headers = medica) =>
  t.app.inject({ method: 'DELETE', url: '/sesion/firma', headers })

const parrafo = (texto: string) => ({ tipo: 'parrafo' as const, tramos: [{ t: texto }] })
const CONTENIDO = {
  hallazgos: [parrafo('Campos pulmonares sin consolidaciones.')],
  conclusion: [parrafo('Tórax dentro de límites normales.')],
}

async function listo(sede = 'Lima'): Promise<Informe> {
  const paciente = await insertarPaciente(t.db.sql, {
    primerNombre: 'Rosa',
    primerApellido: 'Quispe',
  })
  const atencion = await insertarAtencion(t.db.sql, paciente, { estado: 'Completado', sede })
  const creado = (
    await t.app.inject({ method: 'POST', url: `/atenciones/${atencion}/informe`, headers: medica })
  ).json<Informe>()
  const res = await t.app.inject({
    method: 'PUT',
    url: `/informes/${creado.id}`,
    headers: { ...medica, 'if-match': `"${creado.revision}"` },
    payload: { contenido: CONTENIDO },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function firmar(id: number, headers = medica): Promise<Informe> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/informes/${id}/firmar`,
    headers,
    payload: { contrasena: CONTRASENA_PRUEBA },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function pdfDe(id: number): Promise<Buffer> {
  const res = await t.app.inject({ url: `/informes/${id}/pdf`, headers: medica })
  expect(res.statusCode, res.body).toBe(200)
  return res.rawPayload
}

/** The images a PDF draws, as pdfimages lists them: width and height of each (masks apart). */
function imagenesDe(pdf: Buffer, nombre: string): { ancho: number; alto: number }[] {
  const archivo = join(dir, `${nombre}.pdf`)
  writeFileSync(archivo, pdf)
  return execFileSync('pdfimages', ['-list', archivo])
    .toString()
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 4 && c[2] === 'image')
    .map((c) => ({ ancho: Number(c[3]), alto: Number(c[4]) }))
}

/** Page 1 at 72 dpi (a pixel a point): where the pixels of `color` are, and where a word is. */
function pagina(pdf: Buffer, nombre: string, color: Rgb, palabra: string) {
  const archivo = join(dir, `${nombre}.pdf`)
  writeFileSync(archivo, pdf)
  execFileSync('pdftoppm', [
    '-r',
    '72',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    archivo,
    join(dir, nombre),
  ])
  const ppm = readFileSync(join(dir, `${nombre}.ppm`))
  // P6, width, height, 255, then RGB bytes.
  const cabecera = ppm.toString('latin1', 0, 50).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)!
  const [ancho, alto, inicio] = [Number(cabecera[1]), Number(cabecera[2]), cabecera[0].length]
  const caja = { x0: Infinity, y0: Infinity, x1: -1, y1: -1, n: 0 }
  for (let y = 0; y < alto; y++)
    for (let x = 0; x < ancho; x++) {
      const i = inicio + (y * ancho + x) * 3
      const cerca = [0, 1, 2].every((c) => Math.abs(ppm[i + c]! - color[c]!) < 40)
      if (!cerca) continue
      caja.n++
      caja.x0 = Math.min(caja.x0, x)
      caja.y0 = Math.min(caja.y0, y)
      caja.x1 = Math.max(caja.x1, x)
      caja.y1 = Math.max(caja.y1, y)
    }
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', archivo, '-']).toString()
  const m = html.match(
    new RegExp(
      `<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${palabra}</word>`,
    ),
  )!
  const texto = { x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]) }
  return { caja, texto }
}

describe('la firma y sello en el informe firmado', () => {
  it('sin imagen, el PDF no dibuja ninguna', async () => {
    await quitar()
    const informe = await firmar((await listo()).id)
    expect(imagenesDe(await pdfDe(informe.id), 'sin')).toEqual([])
  })

  it('se dibuja sobre el nombre del firmante, en su caja; cambiarla después no cambia el PDF firmado', async () => {
    // 600 × 150 px, fitted in 160 × 60 pt: 160 × 40 pt, its band 160 × ~13 pt.
    expect((await subir(dataUrl('image/png', png(600, 150, ROJO)))).statusCode).toBe(200)
    const informe = await firmar((await listo()).id)
    const pdf = await pdfDe(informe.id)
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(informe.sha256)
    expect(imagenesDe(pdf, 'con')).toEqual([{ ancho: 600, alto: 150 }])
    const { caja, texto } = pagina(pdf, 'con', ROJO, 'Médica')
    expect(caja.n).toBeGreaterThan(1000)
    // In the signer's half, centred over the name, within 160 pt, just above the name's line.
    expect(caja.x1 - caja.x0).toBeLessThanOrEqual(161)
    expect(caja.x1 - caja.x0).toBeGreaterThan(150)
    const centro = (caja.x0 + caja.x1) / 2
    expect(Math.abs(centro - (50 + 495 * 0.75))).toBeLessThan(3)
    expect(caja.y1).toBeLessThan(texto.y0)
    expect(texto.y0 - caja.y1).toBeLessThan(40)

    // Changed or removed later: the signed document is the same bytes.
    expect((await subir(dataUrl('image/jpeg', jpeg))).statusCode).toBe(200)
    expect((await pdfDe(informe.id)).equals(pdf)).toBe(true)
    await quitar()
    const otraVez = await pdfDe(informe.id)
    expect(createHash('sha256').update(otraVez).digest('hex')).toBe(informe.sha256)
  })

  it('un JPEG también; con dos firmas, cada médico con la suya', async () => {
    expect((await subir(dataUrl('image/jpeg', jpeg))).statusCode).toBe(200)
    expect((await subir(dataUrl('image/png', png(300, 100, AZUL)), segundo)).statusCode).toBe(200)
    await t.db.sql`update sedes set informe_doble_firma = true where nombre = 'Cusco'`
    const informe = await listo('Cusco')
    expect((await firmar(informe.id)).estado).toBe('preliminar')
    const final = await firmar(informe.id, segundo)
    expect(final.estado).toBe('final')
    const pdf = await pdfDe(final.id)
    expect(imagenesDe(pdf, 'dos').sort((a, b) => a.ancho - b.ancho)).toEqual([
      { ancho: 160, alto: 60 },
      { ancho: 300, alto: 100 },
    ])
    // The second signer's image over their own name, on the right.
    const { caja, texto } = pagina(pdf, 'dos', AZUL, 'Salas')
    expect(caja.n).toBeGreaterThan(500)
    expect(caja.y1).toBeLessThan(texto.y0)
    expect(caja.x0).toBeGreaterThan(297)
    const textoPdf = execFileSync('pdftotext', ['-layout', join(dir, 'dos.pdf'), '-']).toString()
    expect(textoPdf).toContain('Primera lectura el')
    await t.db.sql`update sedes set informe_doble_firma = false where nombre = 'Cusco'`
  })

  it('una imagen que pdfkit no sabría dibujar no impide firmar: queda la línea, sin imagen (y sin logo)', async () => {
    await quitar()
    // Stored some other way than through Mi cuenta: a PNG whose pixels are not zlib data.
    const rota = png(300, 100, ROJO, { alfa: true, idat: Buffer.from('esto no es zlib') })
    await t.db.sql`
      insert into firmas_imagen (usuario_id, imagen, tipo, ancho, alto)
      select id, ${rota}, 'image/png', 300, 100 from usuarios where usuario = 'prueba.medico'`
    // The clinic's logo too (its upload checks only the first bytes).
    await t.db.sql`update clinica set logo = ${rota}, logo_tipo = 'image/png'`
    const informe = await firmar((await listo()).id)
    await t.db.sql`update clinica set logo = null, logo_tipo = null`
    expect(informe.estado).toBe('final')
    expect(imagenesDe(await pdfDe(informe.id), 'rota')).toEqual([])
  })

  it('ni una cuyos datos se inflan pero cuyas filas nombran un filtro que PNG no tiene: no termina el proceso', async () => {
    await quitar()
    // pdfkit's decoder throws «Invalid filter algorithm» in a zlib callback, outside any try.
    const filtroAjeno = png(300, 100, ROJO, {
      alfa: true,
      idat: deflateSync(Buffer.alloc(100 * (1 + 300 * 4), 7)),
    })
    await t.db.sql`
      insert into firmas_imagen (usuario_id, imagen, tipo, ancho, alto)
      select id, ${filtroAjeno}, 'image/png', 300, 100 from usuarios where usuario = 'prueba.medico'`
    await t.db.sql`update clinica set logo = ${filtroAjeno}, logo_tipo = 'image/png'`
    const informe = await firmar((await listo()).id)
    await t.db.sql`update clinica set logo = null, logo_tipo = null`
    expect(informe.estado).toBe('final')
    expect(imagenesDe(await pdfDe(informe.id), 'filtro')).toEqual([])
  })
})
