// The worklist export (docs/api.md#exportar-la-lista-de-trabajo): the search's filters in, a CSV
// file for Excel out, every matching row at once.
import { Type, type Static } from '@sinclair/typebox'
import { BusquedaQuerySchema } from './busqueda.js'
import { defineContract, ErrorSchema } from './contract.js'

/** The search's ten filters, without its paging: an export has every row. */
export const ExportacionQuerySchema = Type.Omit(BusquedaQuerySchema, ['limite', 'cursor'], {
  additionalProperties: false,
})
export type ExportacionQuery = Static<typeof ExportacionQuerySchema>

export const exportarListaContract = defineContract({
  method: 'GET',
  url: '/pacientes/buscar.csv',
  permiso: 'pacientes.exportar',
  summary:
    'Exportar la lista de trabajo como CSV para Excel (los mismos filtros que la búsqueda, todas las filas)',
  tags: ['pacientes'],
  querystring: ExportacionQuerySchema,
  response: {
    200: Type.String({
      description: 'text/csv: UTF-8 con BOM, separado por «;», una fila de encabezados en español',
    }),
    400: ErrorSchema,
    401: ErrorSchema,
    429: ErrorSchema,
  },
})
