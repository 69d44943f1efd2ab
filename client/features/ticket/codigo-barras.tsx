// The atención's number as a Code 128 barcode, the one place the app draws barcodes. Drawn by
// JsBarcode (pinned in package.json): its SVG renderer sets attributes only, never inline styles,
// so the app's CSP (no inline style) holds; this file is its only importer, and it loads with the
// ticket alone.
import JsBarcode from 'jsbarcode'
import { useLayoutEffect, useRef } from 'react'

export function CodigoBarras({ valor, etiqueta }: { valor: string; etiqueta: string }) {
  const ref = useRef<SVGSVGElement>(null)
  useLayoutEffect(() => {
    if (!ref.current) return
    // Bars of 2 units and a 10-module quiet zone either side: what thermal printers at 203 dpi
    // and handheld scanners read reliably once the SVG is scaled to the ticket's width.
    JsBarcode(ref.current, valor, {
      format: 'CODE128',
      width: 2,
      height: 60,
      margin: 20,
      displayValue: false,
      background: '#ffffff',
      lineColor: '#000000',
    })
  }, [valor])
  return <svg ref={ref} className="codigo-barras" role="img" aria-label={etiqueta} />
}
