import { Type } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'

export const healthContract = defineContract({
  method: 'GET',
  url: '/healthz',
  summary: 'Vida del servidor y disponibilidad de la base de datos',
  tags: ['sistema'],
  auth: false,
  response: {
    200: Type.Object({ estado: Type.Literal('ok'), baseDeDatos: Type.Literal('ok') }),
    503: ErrorSchema,
  },
})
