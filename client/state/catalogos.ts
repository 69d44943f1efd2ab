// The clinic's catalogues (GET /catalogos): sedes, modalities with their studies, salas. Read once
// and revalidated whenever a screen that offers them opens; the answer's ETag lets the browser's
// cache turn each revalidation into a 304 (docs/api.md#catálogos).
import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import type { Modalidad } from '../../shared/catalogos.js'
import {
  catalogosContract,
  estudiosDe,
  etiquetaDe,
  type Catalogos,
  type ModalidadCatalogo,
  type Sala,
} from '../../shared/configuracion.js'
import { call } from '../api.js'

export const catalogos = proxy({ datos: null as Catalogos | null, error: null as string | null })

let enCurso: Promise<void> | null = null

/** Reads the catalogues again (one call at a time); a failure keeps the copy already held. */
export function revalidarCatalogos(): Promise<void> {
  enCurso ??= call(catalogosContract, {})
    .then((datos) => {
      catalogos.datos = datos
      catalogos.error = null
    })
    .catch(() => {
      if (!catalogos.datos) catalogos.error = 'No se pudieron cargar las sedes y los estudios'
    })
    .finally(() => {
      enCurso = null
    })
  return enCurso
}

/** The catalogues as last read (null until the first answer); revalidated on mount. */
export function useCatalogos(): Catalogos | null {
  const { datos } = useSnapshot(catalogos)
  useEffect(() => {
    void revalidarCatalogos()
  }, [])
  return datos as Catalogos | null
}

export const nombresDeSedes = (c: Catalogos | null): string[] =>
  c ? c.sedes.map((s) => s.nombre) : []

/** The active modalities, in the clinic's order (none until the first answer). */
export const modalidadesDe = (c: Catalogos | null): readonly ModalidadCatalogo[] =>
  c ? c.modalidades : []

/** How a modality reads: its label, or its value while the catalogue is not read or has it not. */
export const etiquetaModalidad = (c: Catalogos | null, m: Modalidad): string =>
  etiquetaDe(modalidadesDe(c), m)

/** A modality's label as the catalogue last read has it, without asking for it again. */
export function useEtiquetaModalidad(): (m: Modalidad) => string {
  const { datos } = useSnapshot(catalogos)
  return (m) => etiquetaModalidad(datos as Catalogos | null, m)
}

export const estudiosDeModalidad = (c: Catalogos | null, m: Modalidad): string[] =>
  c ? estudiosDe(c, m) : []

/** The active salas of a sede for a modality, in the catalogue's order. */
export const salasDe = (c: Catalogos | null, sede: string, modalidad: string): Sala[] =>
  c ? c.salas.filter((s) => s.sede === sede && s.modalidad === modalidad) : []
