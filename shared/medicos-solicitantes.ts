// The catalogue of médicos solicitantes (docs/api.md#médicos-solicitantes): searched by the desk's
// autocomplete and by Configuración, added by whoever registers atenciones, corrected, deactivated
// and reactivated by admins.
import { Type } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema } from './contract.js'
import {
  CambioMedicoSchema,
  MedicoEntradaSchema,
  MedicoSolicitanteSchema,
} from './medico-solicitante.js'
import { SIN_CONTROL } from './texto.js'

/** How many a search answers: the autocomplete shows a few, Configuración a page. */
export const LIMITE_MEDICOS = { porDefecto: 20, maximo: 100 } as const

export const BuscarMedicosQuerySchema = Type.Object(
  {
    /**
     * Surnames or names, whole or their first letters, in any order and without accents; or the
     * CMP or its first digits. Empty or absent: all of them.
     */
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: SIN_CONTROL,
        mensaje: 'Búsqueda inválida: hasta 100 caracteres',
      }),
    ),
    limite: Type.Optional(
      Type.String({
        pattern: '^$|^[0-9]{1,3}$',
        mensaje: `Límite inválido: de 1 a ${LIMITE_MEDICOS.maximo}`,
      }),
    ),
  },
  { additionalProperties: false },
)

export const buscarMedicosContract = defineContract({
  method: 'GET',
  url: '/medicos-solicitantes',
  permiso: 'pacientes.ver',
  summary:
    'Buscar médicos solicitantes por apellido, nombre o CMP, sin tildes: los activos primero',
  tags: ['medicos-solicitantes'],
  querystring: BuscarMedicosQuerySchema,
  response: { 200: Type.Array(MedicoSolicitanteSchema), 400: ErrorSchema, 401: ErrorSchema },
})

export const crearMedicoContract = defineContract({
  method: 'POST',
  url: '/medicos-solicitantes',
  permiso: 'pacientes.registrar',
  summary:
    'Agregar un médico solicitante (desde recepción o Configuración); un CMP ya registrado es un 409 que nombra a su médico',
  tags: ['medicos-solicitantes'],
  body: MedicoEntradaSchema,
  response: { 201: MedicoSolicitanteSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
})

export const cambiarMedicoContract = defineContract({
  method: 'PATCH',
  url: '/configuracion/medicos-solicitantes/:id',
  permiso: 'configuracion',
  summary: 'Corregir, desactivar o reactivar un médico solicitante (solo administradores)',
  tags: ['medicos-solicitantes'],
  params: IdParamsSchema,
  body: CambioMedicoSchema,
  response: {
    200: MedicoSolicitanteSchema,
    400: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  },
})
