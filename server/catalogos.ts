// The catalogues as this server last read them: every atención and search checks its sede and
// studies against them, and GET /catalogos serves them, so they are read once per few seconds,
// not on every request. A change made through this server is seen at once; one made through
// another instance of the same database, within CATALOGOS_SEGUNDOS.
import { createHash } from 'node:crypto'
import type { Modalidad } from '../shared/catalogos.js'
import {
  modalidadesCon,
  type Catalogos,
  type EstudioCatalogo,
  type Sala,
  type SedeCatalogo,
} from '../shared/configuracion.js'
import type { Sql } from './db.js'
import { listarEstudios, listarSalas, listarSedes } from './queries/catalogos.js'

/** How long a read of the catalogues is trusted. */
export const CATALOGOS_SEGUNDOS = 5

export interface Instantanea {
  /** What GET /catalogos answers: the active entries. */
  activos: Catalogos
  /** Its strong ETag. */
  etag: string
  /** Every sede ever created, active or not: old atenciones and searches name them. */
  sedes: SedeCatalogo[]
  salas: Sala[]
  estudios: EstudioCatalogo[]
}

export interface CacheCatalogos {
  leer(): Promise<Instantanea>
  /** Forgets the last read: the next one goes to the database. */
  olvidar(): void
}

export function cacheCatalogos(sql: Sql, segundos = CATALOGOS_SEGUNDOS): CacheCatalogos {
  let ultima: { hasta: number; valor: Promise<Instantanea> } | null = null
  async function cargar(): Promise<Instantanea> {
    const [sedes, salas, estudios] = await Promise.all([
      listarSedes(sql),
      listarSalas(sql),
      listarEstudios(sql),
    ])
    const activos: Catalogos = {
      sedes: sedes.filter((s) => s.activa),
      modalidades: modalidadesCon(estudios.filter((e) => e.activo)),
      salas: salas.filter((s) => s.activa),
    }
    const etag = `"${createHash('sha256').update(JSON.stringify(activos)).digest('base64url').slice(0, 22)}"`
    return { activos, etag, sedes: [...sedes], salas: [...salas], estudios: [...estudios] }
  }
  return {
    leer() {
      if (ultima && Date.now() < ultima.hasta) return ultima.valor
      const entrada = { hasta: Date.now() + segundos * 1000, valor: cargar() }
      // A failed read is not kept. A change clears the entry at once (olvidar), so a read begun
      // before it is never served after it.
      entrada.valor.catch(() => {
        if (ultima === entrada) ultima = null
      })
      ultima = entrada
      return entrada.valor
    },
    olvidar() {
      ultima = null
    },
  }
}

/** Names of the active studies of a modality. */
export const estudiosActivos = (i: Instantanea, modalidad: Modalidad): string[] =>
  i.estudios.filter((e) => e.modalidad === modalidad && e.activo).map((e) => e.nombre)

/** Names of the active sedes, in the clinic's order. */
export const sedesActivas = (i: Instantanea): string[] =>
  i.sedes.filter((s) => s.activa).map((s) => s.nombre)
