// Possible duplicates (docs/datos.md#posibles-duplicados): while names and birth date are filled
// the server is asked for patients with the same ones; a warning with links, never a block.
import { useEffect, useState } from 'react'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../../shared/catalogos.js'
import { esFechaValida } from '../../../shared/edad.js'
import type { Duplicado, DuplicadosQuery } from '../../../shared/pacientes.js'
import { fecha } from '../../components/format.js'
import { IconAlert, IconCheck, IconInfo } from '../../components/icons.js'
import { paths } from '../../paths.js'
import { posiblesDuplicados } from './pacientes-api.js'

export interface EstadoDuplicados {
  /** null: names and birth date are not filled yet. */
  lista: Duplicado[] | null
  buscando: boolean
}

export function useDuplicados(q: DuplicadosQuery): EstadoDuplicados {
  const [estado, setEstado] = useState<EstadoDuplicados>({ lista: null, buscando: false })
  const listo =
    q.primerNombre.trim() !== '' &&
    q.primerApellido.trim() !== '' &&
    esFechaValida(q.fechaNacimiento)
  const clave = listo
    ? JSON.stringify([
        q.primerNombre,
        q.segundoNombre,
        q.primerApellido,
        q.segundoApellido,
        q.fechaNacimiento,
      ])
    : ''

  useEffect(() => {
    if (!clave) {
      setEstado({ lista: null, buscando: false })
      return
    }
    const ctrl = new AbortController()
    setEstado((e) => ({ ...e, buscando: true }))
    const [primerNombre, segundoNombre, primerApellido, segundoApellido, fechaNacimiento] =
      JSON.parse(clave) as string[]
    const t = setTimeout(() => {
      posiblesDuplicados(
        {
          primerNombre: primerNombre!.trim(),
          segundoNombre: segundoNombre?.trim() ?? '',
          primerApellido: primerApellido!.trim(),
          segundoApellido: segundoApellido?.trim() ?? '',
          fechaNacimiento: fechaNacimiento!,
        },
        ctrl.signal,
      )
        .then((lista) => setEstado({ lista, buscando: false }))
        .catch((err: unknown) => {
          // A failed check must not stop a registration: it only loses the warning.
          if ((err as Error).name !== 'AbortError') setEstado({ lista: [], buscando: false })
        })
    }, 350)
    return () => {
      clearTimeout(t)
      ctrl.abort()
    }
  }, [clave])

  return estado
}

export function DuplicadosPanel({ estado }: { estado: EstadoDuplicados }) {
  const { lista, buscando } = estado
  const hay = lista !== null && lista.length > 0
  return (
    <section
      className={hay ? 'dups dups--warn' : lista === null ? 'dups dups--idle' : 'dups'}
      aria-labelledby="dups-titulo"
      aria-live="polite"
    >
      <h3 id="dups-titulo" className="dups__title">
        {hay ? <IconAlert /> : lista ? <IconCheck /> : <IconInfo />}
        {hay ? `Posibles duplicados (${lista.length})` : 'Posibles duplicados'}
      </h3>
      {lista === null ? (
        <p className="dups__text">
          Al completar nombres y fecha de nacimiento verá aquí los pacientes ya registrados con los
          mismos datos.
        </p>
      ) : buscando ? (
        <p className="dups__text">Buscando pacientes parecidos…</p>
      ) : !hay ? (
        <p className="dups__text">No hay pacientes con los mismos nombres y fecha de nacimiento.</p>
      ) : (
        <>
          <p className="dups__text">
            Ya existen pacientes con los mismos nombres y fecha de nacimiento. Revise antes de
            registrar otro:
          </p>
          <ul className="dups__list">
            {lista.map((d) => (
              <li key={d.id}>
                <a href={paths.paciente(d.id)} target="_blank" rel="noopener noreferrer">
                  {d.nombreCompleto}
                  <span className="visually-hidden"> (se abre en otra pestaña)</span>
                </a>
                <span className="dups__meta">
                  ID {d.id} · {TIPO_DOCUMENTO_ETIQUETA[d.tipoDocumento]} {d.documento} ·{' '}
                  {fecha(d.fechaNacimiento)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
