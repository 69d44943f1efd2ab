// A sala's form values and the bodies they make: the new sala, or only what changed, each checked
// with the shared schemas, and where each of their errors goes in the form.
import type { JuegoCaracteres } from '../../../shared/catalogos.js'
import {
  CambioSalaSchema,
  erroresHorario,
  NuevaSalaSchema,
  type CambioSala,
  type NuevaSala,
  type Sala,
} from '../../../shared/configuracion.js'
import type { ErrorCampo } from '../../../shared/contract.js'
import { aDias, aHorario, DIAS, diaDelTramo, type DiaHorario } from './horario.js'
import { erroresDeEsquema } from './validar-catalogo.js'

export interface Valores {
  sede: string
  modalidad: string
  nombre: string
  dias: DiaHorario[]
  aeTitle: string
  direccion: string
  /** '' is the modality's usual code. */
  modalidadDicom: string
  juegoCaracteres: JuegoCaracteres
  activa: boolean
}

/** An optional text as the server takes it: trimmed, and empty means none. */
const opcional = (s: string) => s.trim() || null

/** The changeable fields as they will be sent (the whole set: a correction checks them all). */
const campos = (v: Valores) => ({
  nombre: v.nombre.trim(),
  horario: aHorario(v.dias),
  aeTitle: opcional(v.aeTitle),
  direccion: opcional(v.direccion),
  modalidadDicom: v.modalidadDicom || null,
  juegoCaracteres: v.juegoCaracteres,
})

export const nueva = (v: Valores) => {
  const { aeTitle, direccion, modalidadDicom, ...resto } = campos(v)
  return {
    sede: v.sede,
    modalidad: v.modalidad,
    ...resto,
    ...(aeTitle === null ? {} : { aeTitle }),
    ...(direccion === null ? {} : { direccion }),
    ...(modalidadDicom === null ? {} : { modalidadDicom }),
  } satisfies NuevaSala
}

/** Only what changed: an unchanged sala sends nothing. */
export function cambio(v: Valores, sala: Sala): CambioSala {
  const c: CambioSala = {}
  const n = { ...campos(v), activa: v.activa }
  if (n.nombre !== sala.nombre) c.nombre = n.nombre
  if (JSON.stringify(n.horario) !== JSON.stringify(aHorario(aDias(sala.horario))))
    c.horario = n.horario
  if (n.aeTitle !== sala.aeTitle) c.aeTitle = n.aeTitle
  if (n.direccion !== sala.direccion) c.direccion = n.direccion
  if (n.modalidadDicom !== sala.modalidadDicom) c.modalidadDicom = n.modalidadDicom
  if (n.juegoCaracteres !== sala.juegoCaracteres) c.juegoCaracteres = n.juegoCaracteres
  if (n.activa !== sala.activa) c.activa = n.activa
  return c
}

/**
 * Where an error of the body goes in the form: the horario's under the week, naming the day
 * («Martes: Hora inválida (HH:MM)»); the rest under the field of the same name.
 */
export function ubicar(dias: readonly DiaHorario[]) {
  return (e: ErrorCampo): { campo: keyof Valores; mensaje: string } | null => {
    const tramo = /^horario\.(\d+)\./.exec(e.campo)
    if (tramo) {
      const dia = DIAS[diaDelTramo(dias, Number(tramo[1]))]
      return { campo: 'dias', mensaje: dia ? `${dia}: ${e.mensaje}` : e.mensaje }
    }
    if (e.campo === 'horario') return { campo: 'dias', mensaje: e.mensaje }
    const propios = [
      'sede',
      'modalidad',
      'nombre',
      'aeTitle',
      'direccion',
      'modalidadDicom',
      'juegoCaracteres',
      'activa',
    ]
    return propios.includes(e.campo)
      ? { campo: e.campo as keyof Valores, mensaje: e.mensaje }
      : null
  }
}

export function errores(v: Valores, editada: boolean): ErrorCampo[] {
  const cuerpo = editada ? { ...campos(v), activa: v.activa } : nueva(v)
  const schema = editada ? CambioSalaSchema : NuevaSalaSchema
  const todos = [...erroresDeEsquema(schema, cuerpo), ...erroresHorario(cuerpo.horario)]
  return todos.flatMap((e) => ubicar(v.dias)(e) ?? [])
}
