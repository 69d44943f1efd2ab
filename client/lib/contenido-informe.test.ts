// The editor's document and an informe's content carry the same text and marks both ways.
import { describe, expect, it } from 'vitest'
import type { Bloque } from '../../shared/informes.js'
import { aBloques, aDocumento } from './contenido-informe.js'

describe('contenido del editor', () => {
  it('ida y vuelta: párrafos, listas y marcas', () => {
    const bloques: Bloque[] = [
      {
        tipo: 'parrafo',
        tramos: [{ t: 'Campos pulmonares ' }, { t: 'sin consolidaciones', n: true }, { t: '.' }],
      },
      { tipo: 'lista', items: [[{ t: 'Senos libres', c: true, s: true }], [{ t: 'Hilios' }]] },
    ]
    expect(aBloques(aDocumento(bloques))).toEqual(bloques)
  })

  it('una sección vacía es un solo párrafo vacío, y vuelve vacía', () => {
    expect(aDocumento([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] })
    expect(aBloques(aDocumento([]))).toEqual([])
  })

  it('una lista anidada se aplana y lo que el informe no conoce se deja', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [{ type: 'text', text: 'a', marks: [{ type: 'link' }] }],
                },
                {
                  type: 'bulletList',
                  content: [
                    {
                      type: 'listItem',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { type: 'heading', content: [{ type: 'text', text: 'x' }] },
      ],
    }
    expect(aBloques(doc)).toEqual([{ tipo: 'lista', items: [[{ t: 'a' }], [{ t: 'b' }]] }])
  })
})
