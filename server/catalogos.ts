// The catalogues as this server last read them: every atención and search checks its sede,
// modality and studies against them, GET /catalogos serves them, and the laboratory reads its
// analitos, ranges and exams here, so they are read once per few seconds, not on every request.
// A change made through this server is seen at once; one made through another instance of the
// same database, within CATALOGOS_SEGUNDOS.
import { createHash } from 'node:crypto'
import { MENSAJES_ATENCIONES } from '../shared/atenciones.js'
import type { Modalidad } from '../shared/catalogos.js'
import { MENSAJES_CITAS } from '../shared/citas.js'
import {
  etiquetaDe,
  modalidadesCon,
  type Catalogos,
  type EstudioCatalogo,
  type ModalidadFila,
  type Sala,
  type SedeCatalogo,
} from '../shared/configuracion.js'
import type { ErrorCampo } from '../shared/contract.js'
import type { Analito, CatalogoLaboratorio } from '../shared/laboratorio.js'
import type { Sql } from './db.js'
import { listarEstudios, listarModalidades, listarSalas, listarSedes } from './queries/catalogos.js'
import { catalogoLaboratorio } from './queries/laboratorio.js'

/** How long a read of the catalogues is trusted. */
export const CATALOGOS_SEGUNDOS = 5

export interface Instantanea {
  /** What GET /catalogos answers: the active entries. */
  activos: Catalogos
  /** Its strong ETag. */
  etag: string
  /** Every sede ever created, active or not: old atenciones and searches name them. */
  sedes: SedeCatalogo[]
  /** Every modality ever created, active or not, in the clinic's order. */
  modalidades: ModalidadFila[]
  salas: Sala[]
  estudios: EstudioCatalogo[]
  laboratorio: CatalogoLab
}

/** An exam of the laboratory's catalogue with its analitos themselves, in report order. */
export interface ExamenCatalogo {
  estudioId: number
  nombre: string
  recipiente: string
  muestra: string
  analitos: { analito: Analito; seccion: string | null }[]
}

/**
 * The laboratory's catalogue (GET /laboratorio/analitos answers it whole): every grid, save and
 * validation reads its analitos and ranges here, not from the database on each request.
 */
export interface CatalogoLab {
  catalogo: CatalogoLaboratorio
  analitos: Map<number, Analito>
  /** By study name, as an atención names its studies. */
  examenes: Map<string, ExamenCatalogo>
}

function indexarLaboratorio(catalogo: CatalogoLaboratorio): CatalogoLab {
  const porCodigo = new Map(catalogo.analitos.map((a) => [a.codigo, a]))
  return {
    catalogo,
    analitos: new Map(catalogo.analitos.map((a) => [a.id, a])),
    examenes: new Map(
      catalogo.examenes.map((e) => [
        e.nombre,
        {
          estudioId: e.estudioId,
          nombre: e.nombre,
          recipiente: e.recipiente,
          muestra: e.muestra,
          analitos: e.analitos.map((x) => ({
            analito: porCodigo.get(x.codigo)!,
            seccion: x.seccion,
          })),
        },
      ]),
    ),
  }
}

export interface CacheCatalogos {
  leer(): Promise<Instantanea>
  /** Forgets the last read: the next one goes to the database. */
  olvidar(): void
}

export function cacheCatalogos(sql: Sql, segundos = CATALOGOS_SEGUNDOS): CacheCatalogos {
  let ultima: { hasta: number; valor: Promise<Instantanea> } | null = null
  async function cargar(): Promise<Instantanea> {
    const [sedes, modalidades, salas, estudios, laboratorio] = await Promise.all([
      listarSedes(sql),
      listarModalidades(sql),
      listarSalas(sql),
      listarEstudios(sql),
      catalogoLaboratorio(sql),
    ])
    const activos: Catalogos = {
      sedes: sedes.filter((s) => s.activa),
      modalidades: modalidadesCon(
        modalidades.filter((m) => m.activa),
        estudios.filter((e) => e.activo),
      ),
      salas: salas.filter((s) => s.activa),
    }
    const etag = `"${createHash('sha256').update(JSON.stringify(activos)).digest('base64url').slice(0, 22)}"`
    return {
      activos,
      etag,
      sedes: [...sedes],
      modalidades: [...modalidades],
      salas: [...salas],
      estudios: [...estudios],
      laboratorio: indexarLaboratorio(laboratorio),
    }
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

/** Values of the active modalities, in the clinic's order. */
export const modalidadesActivas = (i: Instantanea): string[] =>
  i.modalidades.filter((m) => m.activa).map((m) => m.valor)

/** Values of every modality the clinic has had: old atenciones and searches name them. */
export const todasLasModalidades = (i: Instantanea): string[] => i.modalidades.map((m) => m.valor)

/** A modality's label, as messages name it. */
export const etiquetaModalidad = (i: Instantanea, valor: Modalidad): string =>
  etiquetaDe(i.modalidades, valor)

/** Names of the active sedes, in the clinic's order. */
export const sedesActivas = (i: Instantanea): string[] =>
  i.sedes.filter((s) => s.activa).map((s) => s.nombre)

/**
 * The sala an atención registered at the desk belongs to: the one asked for, which must be active
 * and of the atención's sede and modality (or be the one it already has); else the only active sala
 * there, or null where there are none or several (docs/datos.md#salas).
 */
export function salaDeAtencion(
  i: Instantanea,
  sede: string,
  modalidad: Modalidad,
  pedida: number | undefined,
  actual: number | null = null,
): { salaId: number | null } | { error: ErrorCampo } {
  if (pedida === undefined) {
    const alli = i.salas.filter((s) => s.activa && s.sede === sede && s.modalidad === modalidad)
    return { salaId: alli.length === 1 ? alli[0]!.id : null }
  }
  const sala = i.salas.find((s) => s.id === pedida)
  const error = (mensaje: string) => ({ error: { campo: 'salaId', mensaje } })
  if (!sala) return error(MENSAJES_CITAS.salaNoEncontrada)
  if (sala.sede !== sede) return error(MENSAJES_CITAS.salaDeOtraSede)
  if (sala.modalidad !== modalidad) return error(MENSAJES_ATENCIONES.salaOtraModalidad(modalidad))
  if (!sala.activa && sala.id !== actual) return error(MENSAJES_CITAS.salaInactiva)
  return { salaId: sala.id }
}
