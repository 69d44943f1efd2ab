import { describe, expect, test } from 'vitest'
import { fechaCsv, lineaCsv } from './csv.js'

describe('lineaCsv (RFC 4180 con «;», como lo abre Excel en español)', () => {
  test('sin comillas cuando no hacen falta; CRLF al final', () => {
    expect(lineaCsv(['Peña', 'Ürsula', 'Tórax PA, Mano'])).toBe('Peña;Ürsula;Tórax PA, Mano\r\n')
  })
  test('«;», «"» y saltos de línea van entre comillas, las comillas dobladas', () => {
    expect(lineaCsv(['a;b', 'di "hola"', 'dos\nlíneas', 'x\r'])).toBe(
      '"a;b";"di ""hola""";"dos\nlíneas";"x\r"\r\n',
    )
  })
  test('lo que una hoja de cálculo tomaría por fórmula se lee como texto', () => {
    expect(lineaCsv(['=1+1', '+51 987', '-3', '@SUMA(A1)'])).toBe(
      "'=1+1;'+51 987;'-3;'@SUMA(A1)\r\n",
    )
  })
  test('un documento de dígitos queda como texto (ceros a la izquierda, RUC de 11 dígitos)', () => {
    expect(lineaCsv([{ texto: '01234567' }, { texto: 'CE771111' }])).toBe(
      '"=""01234567""";CE771111\r\n',
    )
  })
})

test('fechaCsv: dd/mm/aaaa, vacía sin fecha', () => {
  expect(fechaCsv('2025-03-09')).toBe('09/03/2025')
  expect(fechaCsv(null)).toBe('')
})
