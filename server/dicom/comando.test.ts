// A response's Error Comment: only when there is an error to describe, and in the command set's
// ASCII (PS3.7 6.3.1), never UTF-8 bytes a modality would show as garbage.
import { describe, expect, it } from 'vitest'
import { sinComentarioVacio } from './dimse.js'

describe('Error Comment', () => {
  it('se omite vacío o en blanco', () => {
    expect(sinComentarioVacio({ Status: 0, ErrorComment: '' })).toEqual({ Status: 0 })
    expect(sinComentarioVacio({ Status: 0, ErrorComment: '  ' })).toEqual({ Status: 0 })
    expect(sinComentarioVacio({ Status: 0 })).toEqual({ Status: 0 })
  })

  it('va en ASCII, sin tildes, de 64 caracteres a lo más', () => {
    expect(
      sinComentarioVacio({ Status: 0x0110, ErrorComment: 'El MPPS ya terminó (COMPLETED)' }),
    ).toEqual({ Status: 0x0110, ErrorComment: 'El MPPS ya termino (COMPLETED)' })
    expect(sinComentarioVacio({ ErrorComment: 'Año ñandú → 東京' }).ErrorComment).toBe(
      'Ano nandu ? ??',
    )
    expect(String(sinComentarioVacio({ ErrorComment: 'x'.repeat(100) }).ErrorComment)).toHaveLength(
      64,
    )
  })
})
