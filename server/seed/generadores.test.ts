import { describe, expect, it } from 'vitest'
import { validarEstudios } from '../../shared/atenciones.js'
import {
  ESTADOS,
  ESTADOS_ABIERTOS,
  ESTUDIOS_INICIALES,
  MODALIDADES,
  PRIORIDADES,
  PROCEDENCIAS,
  SEDES,
} from '../../shared/catalogos.js'
import { errorDocumento } from '../../shared/documento.js'
import { edadDetallada } from '../../shared/edad.js'
import { validarPaciente } from '../../shared/paciente-validacion.js'
import { crearAleatorio } from './aleatorio.js'
import { leerArgumentos } from './consola.js'
import {
  CONTADORES_INICIALES,
  Documentos,
  formatearDocumento,
  generarAtenciones,
  generarPaciente,
  SinDocumentosError,
  type AtencionSemilla,
  type PacienteSemilla,
} from './generadores.js'
import { crearVentana } from './ventana.js'

const TZ = 'America/Lima'
const AHORA = new Date('2025-06-18T20:30:00Z') // 15:30 in Lima

function generar(n: number, semilla = 7, ahora = AHORA) {
  const r = crearAleatorio(semilla)
  const v = crearVentana(TZ, ahora)
  const docs = new Documentos(CONTADORES_INICIALES, n)
  const pacientes: PacienteSemilla[] = []
  const atenciones: AtencionSemilla[] = []
  for (let i = 0; i < n; i++) {
    const p = generarPaciente(r, docs, v)
    pacientes.push(p)
    atenciones.push(
      ...generarAtenciones(r, { id: i + 1, departamento: p.departamento, creadoEn: p.creadoEn }, v),
    )
  }
  return { pacientes, atenciones, v }
}

describe('pacientes generados', () => {
  const { pacientes, v } = generar(20_000)
  const hoy = v.fechaLocal(v.ahora)

  it('cumplen las reglas del registro, documentos incluidos', () => {
    const malos = pacientes
      .map((p) => ({ p, e: validarPaciente({ ...p, aceptaPolitica: true }, hoy).errores }))
      .filter((x) => x.e.length > 0)
    expect(malos.slice(0, 3)).toEqual([])
    expect(pacientes.every((p) => errorDocumento(p.tipoDocumento, p.documento) === null)).toBe(true)
  })

  it('viven en un distrito de su provincia, casi todos en zona urbana', () => {
    // Validation above holds each distrito to its provincia; here, that every patient has one.
    expect(pacientes.filter((p) => !p.distrito)).toEqual([])
    expect(new Set(pacientes.map((p) => p.distrito)).size).toBeGreaterThan(50)
    const rurales = pacientes.filter((p) => p.zonaResidencial === 'Rural').length
    expect(rurales / pacientes.length).toBeGreaterThan(0.05)
    expect(rurales / pacientes.length).toBeLessThan(0.2)
  })

  it('tienen documentos únicos y todos los tipos de documento', () => {
    expect(new Set(pacientes.map((p) => `${p.tipoDocumento}:${p.documento}`)).size).toBe(
      pacientes.length,
    )
    expect(new Set(pacientes.map((p) => p.tipoDocumento))).toEqual(
      new Set(['dni', 'ruc', 'cedula', 'pasaporte']),
    )
  })

  it('llevan nombres peruanos con tildes y ñ', () => {
    const nombres = pacientes.flatMap((p) => [
      p.primerNombre,
      p.segundoNombre,
      p.primerApellido,
      p.segundoApellido,
    ])
    const conjunto = new Set(nombres)
    for (const n of ['Pérez', 'Quispe', 'Mamani', 'Huamán', 'Núñez', 'José', 'María', 'Ángel'])
      expect(conjunto).toContain(n)
    expect(nombres.filter((n) => n && /[áéíóúÁÉÍÓÚ]/.test(n)).length).toBeGreaterThan(
      pacientes.length / 4,
    )
    expect(nombres.some((n) => n?.includes('ñ'))).toBe(true)
    expect(nombres.some((n) => n?.includes('Ñ'))).toBe(true)
  })

  it('van de recién nacidos a personas de 100 años, nacidos el día de su registro o antes', () => {
    const edades = pacientes.map((p) => edadDetallada(p.fechaNacimiento, hoy)!)
    expect(edades.some((e) => e.tipoEdad === 'días')).toBe(true)
    expect(edades.some((e) => e.tipoEdad === 'meses')).toBe(true)
    const anios = edades.filter((e) => e.tipoEdad === 'años').map((e) => e.edad)
    expect(Math.max(...anios)).toBeGreaterThanOrEqual(99)
    expect(Math.max(...anios)).toBeLessThanOrEqual(101)
    expect(pacientes.every((p) => p.fechaNacimiento <= v.fechaLocal(p.creadoEn.getTime()))).toBe(
      true,
    )
  })

  it('se registraron este año, hasta ahora', () => {
    expect(
      pacientes.every(
        (p) => p.creadoEn.getTime() >= v.inicioAnio && p.creadoEn.getTime() <= v.ahora,
      ),
    ).toBe(true)
    expect(pacientes.some((p) => p.creadoEn.getTime() >= v.inicioHoy)).toBe(true)
  })

  it('salen iguales con la misma semilla', () => {
    expect(generar(50).pacientes).toEqual(generar(50).pacientes)
    expect(generar(50, 8).pacientes).not.toEqual(generar(50).pacientes)
  })
})

describe('atenciones generadas', () => {
  const { pacientes, atenciones, v } = generar(5_000)

  it('son unas tres por paciente', () => {
    expect(atenciones.length / pacientes.length).toBeGreaterThan(2.7)
    expect(atenciones.length / pacientes.length).toBeLessThan(3.4)
  })

  it('usan cada sede, modalidad, estado, prioridad y procedencia, con estudios del catálogo', () => {
    for (const [campo, valores] of [
      ['sede', SEDES],
      ['modalidad', MODALIDADES],
      // No se presentó is a cita's: the generated atenciones are walk-ins (citas: seed/citas.ts).
      ['estado', ESTADOS.filter((e) => e !== 'No se presentó')],
      ['prioridad', PRIORIDADES],
      ['procedencia', PROCEDENCIAS],
    ] as const) {
      expect(new Set(atenciones.map((a) => a[campo])), campo).toEqual(new Set(valores))
    }
    expect(
      atenciones.flatMap((a) =>
        validarEstudios(
          a.modalidad,
          a.estudios.map((nombre) => ({ nombre })),
          ESTUDIOS_INICIALES[a.modalidad as (typeof MODALIDADES)[number]],
        ),
      ),
    ).toEqual([])
  })

  it('ocurren este año, después del registro, y en el futuro solo cuando son citas de hoy', () => {
    const creado = new Map(pacientes.map((p, i) => [i + 1, p.creadoEn.getTime()]))
    for (const a of atenciones) {
      const t = a.llegada.getTime()
      expect(t).toBeGreaterThanOrEqual(creado.get(a.pacienteId)!)
      expect(t).toBeLessThanOrEqual(v.finHoy)
      if (t > v.ahora) expect(a.estado).toBe('Programado')
      expect(a.creadoEn.getTime()).toBeLessThanOrEqual(v.ahora)
      expect(a.actualizadoEn.getTime()).toBeGreaterThanOrEqual(a.creadoEn.getTime())
    }
  })

  it('incluyen algunas de hoy, algunas aún en espera y algunas urgentes sin terminar', () => {
    const hoy = atenciones.filter((a) => a.llegada.getTime() >= v.inicioHoy)
    expect(hoy.length).toBeGreaterThan(20)
    expect(hoy.some((a) => a.estado === 'En espera' || a.estado === 'Programado')).toBe(true)
    const abiertas = (a: AtencionSemilla) =>
      (ESTADOS_ABIERTOS as readonly string[]).includes(a.estado)
    expect(
      atenciones.filter((a) => a.prioridad !== 'Rutina' && abiertas(a)).length,
    ).toBeGreaterThan(0)
  })
})

describe('en el horario de las salas', () => {
  const hora = new Intl.DateTimeFormat('en-GB', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  })
  /** 'Sun 02:51' → whether the seeded salas (Monday to Saturday, 07:00–20:00) are open then. */
  const abierto = (t: number) => {
    const [dia, hh] = hora.format(t).split(' ') as [string, string]
    return dia !== 'Sun' && hh >= '07:00' && hh < '20:00'
  }
  // Each weekday, late evening and early morning in Lima, and a Sunday night.
  const relojes = [
    '2025-06-16T11:00:00Z', // Monday 06:00, before opening
    '2025-06-17T04:30:00Z', // Monday 23:30
    '2025-06-18T20:30:00Z', // Wednesday 15:30
    '2025-06-20T02:00:00Z', // Thursday 21:00
    '2025-06-21T17:00:00Z', // Saturday 12:00
    '2025-06-23T04:59:00Z', // Sunday 23:59
  ]
  for (const reloj of relojes) {
    it(`con el reloj en ${reloj}: nadie se registra ni llega con las salas cerradas`, () => {
      const { pacientes, atenciones, v } = generar(3000, 11, new Date(reloj))
      const fuera = [
        ...pacientes.map((p) => p.creadoEn.getTime()).filter((t) => t !== v.ahora),
        ...atenciones.map((a) => a.llegada.getTime()),
      ].filter((t) => !abierto(t))
      expect(fuera.map((t) => hora.format(t))).toEqual([])
    })
  }
})

describe('documentos', () => {
  it('siguen después del último número de cada tipo', () => {
    const r = crearAleatorio(1)
    const ultimos = {
      dni: 45_000_000,
      ruc: 20_000_000,
      cedula: 2_000_000_000,
      pasaporte: 12_345_678,
    }
    const docs = new Documentos(ultimos, 1000)
    const vistos = Array.from({ length: 1000 }, () => docs.siguiente(r))
    for (const d of vistos) {
      expect(errorDocumento(d.tipoDocumento, d.documento)).toBeNull()
      if (d.tipoDocumento === 'dni') expect(Number(d.documento)).toBeGreaterThan(ultimos.dni)
      if (d.tipoDocumento === 'ruc')
        expect(Number(d.documento.slice(2, 10))).toBeGreaterThan(ultimos.ruc)
      if (d.tipoDocumento === 'pasaporte')
        expect(d.documento > formatearDocumento('pasaporte', ultimos.pasaporte)).toBe(true)
    }
    expect(formatearDocumento('pasaporte', 12_345_678)).toBe('AB2345678')
    expect(formatearDocumento('ruc', 10_000_001)).toMatch(/^1010000001\d$/)
  })

  it('no pasan del último DNI', () => {
    const docs = new Documentos({ ...CONTADORES_INICIALES, dni: 99_999_999 }, 10)
    const r = crearAleatorio(3)
    expect(() => Array.from({ length: 50 }, () => docs.siguiente(r))).toThrow(SinDocumentosError)
  })
})

describe('ventana en la zona de la clínica', () => {
  it('el día de hoy y el año empiezan a la medianoche local', () => {
    const v = crearVentana(TZ, AHORA)
    expect(new Date(v.inicioHoy).toISOString()).toBe('2025-06-18T05:00:00.000Z')
    expect(new Date(v.inicioAnio).toISOString()).toBe('2025-01-01T05:00:00.000Z')
    expect(new Date(v.finHoy + 1).toISOString()).toBe('2025-06-19T05:00:00.000Z')
  })

  it('sigue el horario de verano donde lo hay', () => {
    const v = crearVentana('Europe/Madrid', new Date('2025-06-18T20:30:00Z'))
    expect(new Date(v.inicioHoy).toISOString()).toBe('2025-06-17T22:00:00.000Z')
    expect(new Date(v.inicioAnio).toISOString()).toBe('2024-12-31T23:00:00.000Z')
  })

  it('el 1 de enero justo después de la medianoche aún tiene un año y un hoy válidos', () => {
    const { pacientes, atenciones, v } = generar(300, 5, new Date('2026-01-01T05:03:00Z'))
    expect(pacientes.every((p) => p.creadoEn.getTime() >= v.inicioAnio)).toBe(true)
    expect(
      atenciones.every(
        (a) => a.llegada.getTime() >= v.inicioAnio && a.llegada.getTime() <= v.finHoy,
      ),
    ).toBe(true)
  })
})

describe('argumentos de npm run seed', () => {
  it('lee la cantidad de pacientes en ambas formas, con separadores', () => {
    expect(leerArgumentos(['--pacientes', '1_000_000'])).toEqual({ pacientes: 1_000_000 })
    expect(leerArgumentos(['--pacientes=50', '--semilla', '9', '--lote=100'])).toEqual({
      pacientes: 50,
      semilla: 9,
      lote: 100,
    })
  })

  it('rechaza un argumento ausente, inválido o desconocido con un mensaje en español', () => {
    expect(() => leerArgumentos([])).toThrow(/Indique cuántos pacientes/)
    expect(() => leerArgumentos(['--pacientes'])).toThrow(/Falta el valor/)
    expect(() => leerArgumentos(['--pacientes', 'mil'])).toThrow(/número entero/)
    expect(() => leerArgumentos(['--pacientes', '0'])).toThrow(/número entero/)
    expect(() => leerArgumentos(['--pacientes', '5', '--prisa'])).toThrow(
      /Falta el valor|Opción desconocida/,
    )
    expect(() => leerArgumentos(['--pacientes', '5', '--prisa', '1'])).toThrow(
      /Opción desconocida: --prisa/,
    )
    expect(() => leerArgumentos(['5'])).toThrow(/Argumento no reconocido/)
  })
})
