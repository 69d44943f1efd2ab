// An informe's content (shared/informes.ts) to and from the editor's document (ProseMirror's JSON,
// as the TipTap editor reads and writes it). Only what both know crosses: paragraphs, bullet
// lists (a nested one is flattened into its list) and runs in bold, italic or underline.
import type { JSONContent } from '@tiptap/core'
import type { Bloque, Tramo } from '../../shared/informes.js'

const MARCAS = { bold: 'n', italic: 'c', underline: 's' } as const

function tramos(nodos: readonly JSONContent[] | undefined): Tramo[] {
  const salida: Tramo[] = []
  for (const n of nodos ?? []) {
    if (n.type === 'hardBreak') salida.push({ t: ' ' })
    if (n.type !== 'text' || !n.text) continue
    const t: Tramo = { t: n.text }
    for (const m of n.marks ?? []) {
      const clave = MARCAS[m.type as keyof typeof MARCAS]
      if (clave) t[clave] = true
    }
    salida.push(t)
  }
  return salida
}

/** The lines of a list item's paragraphs and of any list nested in it. */
function lineasDe(item: JSONContent): Tramo[][] {
  const lineas: Tramo[][] = []
  for (const hijo of item.content ?? []) {
    if (hijo.type === 'paragraph') lineas.push(tramos(hijo.content))
    else if (hijo.type === 'bulletList' || hijo.type === 'orderedList')
      for (const sub of hijo.content ?? []) lineas.push(...lineasDe(sub))
  }
  return lineas
}

export function aBloques(doc: JSONContent): Bloque[] {
  const bloques: Bloque[] = []
  for (const n of doc.content ?? []) {
    if (n.type === 'paragraph') bloques.push({ tipo: 'parrafo', tramos: tramos(n.content) })
    else if (n.type === 'bulletList' || n.type === 'orderedList') {
      const items = (n.content ?? []).flatMap(lineasDe)
      if (items.length > 0) bloques.push({ tipo: 'lista', items })
    }
  }
  // A section with only an empty paragraph is an empty section.
  const vacio = bloques.every((b) => b.tipo === 'parrafo' && b.tramos.length === 0)
  return vacio ? [] : bloques
}

const aTexto = (t: Tramo): JSONContent => {
  const marks = (Object.entries(MARCAS) as [string, 'n' | 'c' | 's'][])
    .filter(([, clave]) => t[clave])
    .map(([type]) => ({ type }))
  return { type: 'text', text: t.t, ...(marks.length > 0 && { marks }) }
}
const parrafo = (linea: readonly Tramo[]): JSONContent => ({
  type: 'paragraph',
  ...(linea.length > 0 && { content: linea.filter((t) => t.t).map(aTexto) }),
})

export function aDocumento(bloques: readonly Bloque[] | undefined): JSONContent {
  const content = (bloques ?? []).map((b) =>
    b.tipo === 'parrafo'
      ? parrafo(b.tramos)
      : {
          type: 'bulletList',
          content: b.items.map((linea) => ({ type: 'listItem', content: [parrafo(linea)] })),
        },
  )
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] }
}
