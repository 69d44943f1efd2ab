// The printed page's size (docs/producto.md#ticket-de-atención). An `@page` rule in a constructed
// stylesheet: the CSP allows no inline <style>, and a roll of 80 mm paper has no fixed length, so
// its page is as tall as the ticket measured on screen (where it is laid out 80 mm wide too).
import { useLayoutEffect, type RefObject } from 'react'

export type Formato = '80mm' | 'a4'

const MM_POR_PX = 25.4 / 96

export function usePaginaImpresa(
  formato: Formato,
  ticket: RefObject<HTMLElement | null>,
  listo: boolean,
): void {
  useLayoutEffect(() => {
    if (!listo || !ticket.current) return
    const alto = Math.ceil(ticket.current.getBoundingClientRect().height * MM_POR_PX) + 2
    const hoja = new CSSStyleSheet()
    hoja.replaceSync(
      formato === 'a4'
        ? '@page { size: A4; margin: 15mm; }'
        : `@page { size: 80mm ${alto}mm; margin: 0; }`,
    )
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hoja]
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((h) => h !== hoja)
    }
  }, [formato, listo])
}
