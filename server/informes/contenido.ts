// What an informe's content may hold before it is stored, for a draft and for a template alike.
import {
  canonico,
  LARGO_MAXIMO_INFORME,
  MENSAJES_INFORMES as M,
  seccionesDe,
  textoDe,
  type ContenidoInforme,
  type TipoInforme,
} from '../../shared/informes.js'
import { datosInvalidos } from '../errors.js'

/**
 * The content to store: only the sections a version of `tipo` holds, within a length a paste
 * cannot grow without bound, and only what the schema names.
 */
export function comprobarContenido(tipo: TipoInforme, c: ContenidoInforme): ContenidoInforme {
  const permitidas = new Set<string>(seccionesDe(tipo).map((s) => s.clave))
  const ajenas = Object.keys(c).filter((k) => !permitidas.has(k))
  if (ajenas.length > 0)
    throw datosInvalidos(
      ajenas.map((k) => ({ campo: `contenido.${k}`, mensaje: M.seccionAjena(k) })),
    )
  const largo = Object.values(c).reduce((n, bloques) => n + textoDe(bloques).length, 0)
  if (largo > LARGO_MAXIMO_INFORME) throw datosInvalidos([{ campo: 'contenido', mensaje: M.largo }])
  return canonico(c)
}
