// The Code128 encoding of a sample's label. bwip-js (pinned) does it: a barcode encoder is exactly
// the kind of thing not to write by hand (code sets, the check character, the stop pattern), and
// one wrong module makes a tube that no scanner reads. Only its bars are taken, as widths in
// modules; the label draws them as vector rectangles (etiquetas-pdf.ts), sharp at any printer's dpi.
import bwipjs from 'bwip-js/node'

/**
 * The widths, in modules, of the bars and spaces of `texto` in Code128, from the first bar to the
 * last (bar, space, bar…); quiet zones are the caller's.
 */
export function barrasCode128(texto: string): number[] {
  const [simbolo] = bwipjs.raw({ bcid: 'code128', text: texto })
  if (!simbolo || !('sbs' in simbolo)) throw new Error(`Code128 sin barras para ${texto}`)
  return simbolo.sbs
}
