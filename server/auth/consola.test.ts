// `npm run usuarios`: the commands in-process against a real database, then the command-line
// program itself with the password piped on standard input.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_USUARIOS } from '../../shared/usuarios.js'
import { ROOT } from '../paths.js'
import { createTestDatabase, type TestDatabase } from '../test/database.js'
import { relojMovido } from '../test/server-process.js'
import { ejecutarUsuarios } from './consola.js'
import { verificarContrasena } from './contrasenas.js'
import { abrirSesion, usuarioDeSesion } from './sesiones.js'
import { SesionesRecientes } from './sesiones-recientes.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.drop())

async function correr(args: string[], contrasena = '') {
  const salida: string[] = []
  let leida = false
  await ejecutarUsuarios(args, {
    sql: db.sql,
    leerContrasena: async () => {
      leida = true
      return contrasena
    },
    escribir: (l) => salida.push(l),
  })
  return { salida: salida.join('\n'), leida }
}

const hash = async (usuario: string) =>
  (
    await db.sql<{ claveHash: string; activo: boolean; rol: string; nombre: string }[]>`
    select clave_hash, activo, rol, nombre from usuarios where usuario = ${usuario}`
  )[0]

const config = { sessionIdleMinutes: 30, sessionMaxHours: 12 }

describe('comandos de usuarios', () => {
  it('crear hace una cuenta con la contraseña leída de la entrada, auditada como hecha desde la consola', async () => {
    const r = await correr(
      ['crear', 'jefa', '--nombre', 'Jefa de Sistemas', '--rol', 'admin'],
      'resonancia-magnetica',
    )
    expect(r.leida).toBe(true)
    expect(r.salida).toBe('Cuenta creada: jefa (admin)')
    const fila = await hash('jefa')
    expect(fila).toMatchObject({ rol: 'admin', nombre: 'Jefa de Sistemas', activo: true })
    expect(await verificarContrasena(fila!.claveHash, 'resonancia-magnetica')).toBe(true)
    const [e] =
      await db.sql`select accion, usuario, detalle from auditoria where accion = 'usuario.creado'`
    expect(e).toEqual({
      accion: 'usuario.creado',
      usuario: null,
      detalle: { cuenta: 'jefa', rol: 'admin', origen: 'consola' },
    })
  })

  it('crear da por defecto el rol recepcion y el nombre de usuario como nombre a mostrar', async () => {
    await correr(['crear', 'ana.quispe'], 'ecografo-verde-22')
    expect(await hash('ana.quispe')).toMatchObject({ rol: 'recepcion', nombre: 'ana.quispe' })
  })

  it('un médico se crea con su colegiatura, y sin ella no', async () => {
    await expect(
      correr(['crear', 'lucia.paredes', '--rol', 'medico'], 'ecografo-verde-22'),
    ).rejects.toThrow(`Colegiatura inválida. ${MENSAJES_USUARIOS.medicoSinColegiatura}`)
    expect(await hash('lucia.paredes')).toBeUndefined()
    await correr(
      ['crear', 'lucia.paredes', '--rol', 'medico', '--colegiatura', 'cmp 45821'],
      'ecografo-verde-22',
    )
    expect(await hash('lucia.paredes')).toMatchObject({ rol: 'medico' })
    const [fila] = await db.sql`select colegiatura from usuarios where usuario = 'lucia.paredes'`
    expect(fila).toEqual({ colegiatura: 'CMP 45821' })
  })

  it('rechaza una contraseña dada como argumento, antes de leer nada', async () => {
    for (const args of [
      ['crear', 'x.y.z', '--contrasena', 'secreta123'],
      ['clave', 'jefa', '--password=secreta123'],
    ]) {
      await expect(correr(args, 'resonancia-magnetica')).rejects.toThrow(
        'La contraseña nunca va como argumento',
      )
    }
    expect(await hash('x.y.z')).toBeUndefined()
  })

  it('rechaza contraseñas débiles, nombres inválidos, roles inválidos y nombres ya usados', async () => {
    await expect(correr(['crear', 'pedro'], 'password1')).rejects.toThrow(
      'Contraseña rechazada: Es una contraseña demasiado común',
    )
    await expect(correr(['crear', 'pedro'], 'corta')).rejects.toThrow('al menos 8 caracteres')
    await expect(correr(['crear', 'Pedro Pérez'], 'resonancia-magnetica')).rejects.toThrow(
      'Usuario inválido',
    )
    await expect(correr(['crear', '__proto__'], 'resonancia-magnetica')).rejects.toThrow(
      'Ese nombre de usuario está reservado',
    )
    expect(await hash('__proto__')).toBeUndefined()
    await expect(
      correr(['crear', 'pedro', '--rol', 'jefe'], 'resonancia-magnetica'),
    ).rejects.toThrow('Rol inválido')
    await expect(correr(['crear', 'jefa'], 'resonancia-magnetica')).rejects.toThrow(
      'Ya existe un usuario con ese nombre',
    )
    expect(await hash('pedro')).toBeUndefined()
  })

  it('listar muestra cada cuenta con su rol y estado, nunca un hash', async () => {
    const { salida } = await correr(['listar'])
    expect(salida).toContain('jefa\tadmin\tactivo\tJefa de Sistemas')
    expect(salida).toContain('ana.quispe\trecepcion\tactivo\tana.quispe')
    expect(salida).not.toContain('argon2')
  })

  it('desactivar cierra al instante las sesiones de la cuenta; activar lo deshace; el último administrador se queda', async () => {
    const [ana] = await db.sql<
      { id: number }[]
    >`select id from usuarios where usuario = 'ana.quispe'`
    const token = await abrirSesion(db.sql, config, ana!.id, '10.0.0.1')
    expect(await usuarioDeSesion(db.sql, config, token, new SesionesRecientes(0))).toBeDefined()
    expect((await correr(['desactivar', 'ana.quispe'])).salida).toBe(
      'Cuenta desactivada y sesiones cerradas: ana.quispe',
    )
    expect(await usuarioDeSesion(db.sql, config, token, new SesionesRecientes(0))).toBeUndefined()
    expect((await hash('ana.quispe'))!.activo).toBe(false)
    await correr(['activar', 'ana.quispe'])
    expect((await hash('ana.quispe'))!.activo).toBe(true)
    await expect(correr(['desactivar', 'jefa'])).rejects.toThrow(
      'Debe quedar al menos un administrador activo',
    )
    await expect(correr(['desactivar', 'nadie'])).rejects.toThrow('Usuario no encontrado: nadie')
  })

  it('clave cambia la contraseña y cierra las sesiones', async () => {
    const [ana] = await db.sql<
      { id: number }[]
    >`select id from usuarios where usuario = 'ana.quispe'`
    const token = await abrirSesion(db.sql, config, ana!.id, '10.0.0.1')
    await correr(['clave', 'ana.quispe'], 'rayos-equis-nuevos')
    expect(
      await verificarContrasena((await hash('ana.quispe'))!.claveHash, 'rayos-equis-nuevos'),
    ).toBe(true)
    expect(await usuarioDeSesion(db.sql, config, token, new SesionesRecientes(0))).toBeUndefined()
    const eventos = await db.sql`select detalle from auditoria where accion = 'usuario.contrasena'`
    expect(eventos).toEqual([{ detalle: { cuenta: 'ana.quispe', origen: 'consola' } }])
  })

  it('un comando desconocido o ausente muestra la ayuda', async () => {
    await expect(correr(['borrar'])).rejects.toThrow(
      /Comando desconocido: borrar\nUso: npm run usuarios/,
    )
    await expect(correr([])).rejects.toThrow(/^Uso: npm run usuarios/)
  })
})

describe('el programa usuarios', () => {
  const programa = (args: string[], entrada: string, env: NodeJS.ProcessEnv) =>
    new Promise<{ codigo: number | null; salida: string }>((resolve) => {
      const hijo = spawn(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'server/cli/usuarios.ts'), ...args],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...relojMovido(), ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      )
      let salida = ''
      hijo.stdout.on('data', (d: Buffer) => (salida += d.toString()))
      hijo.stderr.on('data', (d: Buffer) => (salida += d.toString()))
      hijo.stdin.end(entrada)
      hijo.on('exit', (codigo) => resolve({ codigo, salida }))
    })

  it('lee la contraseña de la entrada estándar por tubería y sale con 0; un error del usuario sale con 2', async () => {
    // Its own database: on the embedded home the test's one is locked by this process.
    const env = db.url
      ? { DATABASE_URL: db.url }
      : { DATA_DIR: mkdtempSync(join(tmpdir(), 'clinica-cli-')) }
    const creado = await programa(
      ['crear', 'desde.consola', '--nombre', 'Desde Consola'],
      'tubo-de-rayos-x\n',
      env,
    )
    expect(creado.salida).toContain('Cuenta creada: desde.consola (recepcion)')
    expect(creado.codigo).toBe(0)
    const error = await programa(
      ['clave', 'desde.consola', '--contrasena', 'tubo-de-rayos-x'],
      '',
      env,
    )
    expect(error.codigo).toBe(2)
    expect(error.salida).toContain('La contraseña nunca va como argumento')
    const lista = await programa(['listar'], '', env)
    expect(lista.salida).toContain('desde.consola\trecepcion\tactivo\tDesde Consola')
  }, 60_000)
})
