// The bar above a printed page (the atención's ticket, the appointment slip): back to where it was
// opened from, the paper size kept in the URL (`?formato=a4`), and Imprimir.
import { Link, useLocation, useSearch } from 'wouter'
import { IconPrinter } from './icons.js'
import type { Formato } from './pagina-impresa.js'

const FORMATOS: [Formato, string][] = [
  ['80mm', 'Ticket 80 mm'],
  ['a4', 'Hoja A4'],
]

/** The paper size the URL asks for; 80 mm unless `?formato=a4`. */
export function useFormatoImpresion(): Formato {
  return new URLSearchParams(useSearch()).get('formato') === 'a4' ? 'a4' : '80mm'
}

export function BarraImpresion({
  formato,
  ruta,
  volver,
  textoVolver,
}: {
  formato: Formato
  /** The printed page's own path, without the format. */
  ruta: string
  volver: string
  textoVolver: string
}) {
  const [, navigate] = useLocation()
  return (
    <div className="ticket-barra card card__body">
      <Link href={volver} className="btn btn--ghost">
        {textoVolver}
      </Link>
      <fieldset className="ticket-barra__formato">
        <legend>Tamaño de impresión</legend>
        {FORMATOS.map(([valor, etiqueta]) => (
          <label key={valor} className="ticket-barra__opcion">
            <input
              type="radio"
              name="formato"
              value={valor}
              checked={formato === valor}
              onChange={() =>
                navigate(`${ruta}${valor === 'a4' ? '?formato=a4' : ''}`, { replace: true })
              }
            />
            {etiqueta}
          </label>
        ))}
      </fieldset>
      <button type="button" className="btn btn--primary" onClick={() => window.print()}>
        <IconPrinter />
        Imprimir
      </button>
    </div>
  )
}
