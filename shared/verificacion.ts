// Checking a printed document (docs/api.md#verificar-un-documento): the QR and the short code of a
// signed informe or a result sheet lead to GET /v/:codigo, which anyone may read without a session.
// It says only whether the document is genuine, who issued it, what kind it is, when, its version
// and its SHA-256: never whose it is nor what it says.
import { Type, type Static } from '@sinclair/typebox'
import { conCabeceras, defineContract, ErrorSchema } from './contract.js'
import { CODIGO_LEGIBLE } from './verificacion-codigo.js'

export * from './verificacion-codigo.js'

export const DocumentoVerificadoSchema = Type.Object({
  /** Always true in a 200: a code that names no document is a 404. */
  valido: Type.Literal(true),
  /** The code as printed, in two groups of five (`7KQ2M-9XDHA`). */
  codigo: Type.String({ pattern: CODIGO_LEGIBLE }),
  /** The issuing clinic's name, as Configuración › Clínica has it now. */
  clinica: Type.String(),
  tipo: Type.Union([Type.Literal('informe'), Type.Literal('resultados')]),
  /** What a reader calls it: «Informe de Eco (US)», «Resultados de laboratorio». */
  titulo: Type.String(),
  /** A result sheet issued while some analito had no validated value. */
  parcial: Type.Boolean(),
  version: Type.Integer({ minimum: 1 }),
  emitidoEn: Type.String({ format: 'date-time' }),
  /** The SHA-256 of the PDF's bytes, in hexadecimal. */
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** When a later version (a corrección, a new sheet) replaced it; null while it is the latest. */
  reemplazadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type DocumentoVerificado = Static<typeof DocumentoVerificadoSchema>

// Any text: one that cannot be a code is the same 404 as an unknown one, never a 400.
const CodigoParams = Type.Object({ codigo: Type.String() })

export const verificarDocumentoContract = defineContract({
  method: 'GET',
  url: '/v/:codigo',
  summary:
    'Verificar un documento firmado por su código (con o sin guion, en mayúsculas o minúsculas), sin sesión; cada dirección tiene un límite de verificaciones por ventana de tiempo',
  tags: ['verificacion'],
  auth: false,
  params: CodigoParams,
  response: {
    200: DocumentoVerificadoSchema,
    404: ErrorSchema,
    429: conCabeceras(ErrorSchema, {
      'retry-after': { type: 'string', description: 'Segundos hasta poder verificar otra vez' },
    }),
  },
})

/** The address the QR of a PDF printed before /v/ existed: kept, redirected to /v/:codigo. */
export const verificarAnteriorContract = defineContract({
  method: 'GET',
  url: '/verificar/:codigo',
  summary:
    'La dirección de verificación de los primeros documentos impresos: redirige a /v/:codigo',
  tags: ['verificacion'],
  auth: false,
  params: CodigoParams,
  response: {
    301: conCabeceras(Type.Null({ description: 'Sin cuerpo' }), {
      location: { type: 'string', description: '/v/:codigo' },
    }),
  },
})
