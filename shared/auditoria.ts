// The audit trail, for admins: who did what, from where and when. Read-only; the database itself
// refuses to change or remove an event.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema } from './contract.js'
import { SIN_CONTROL } from './texto.js'

/** Every event the server records, with how it reads in Spanish. */
export const ACCIONES_AUDITORIA = {
  'sesion.iniciada': 'Inicio de sesión',
  'sesion.fallida': 'Inicio de sesión fallido',
  'sesion.limitada': 'Inicio de sesión rechazado por exceso de intentos',
  'sesion.cerrada': 'Cierre de sesión',
  'sesion.terminada': 'Sesión cerrada desde «Mi cuenta»',
  'cuenta.contrasena': 'Contraseña cambiada por su titular',
  'cuenta.contrasena_fallida': 'Cambio de contraseña rechazado: contraseña actual incorrecta',
  'paciente.registrado': 'Paciente registrado',
  'paciente.consultado': 'Paciente consultado',
  'paciente.fusionado': 'Registros fusionados',
  'paciente.fusion_deshecha': 'Fusión deshecha',
  'duplicado.descartado': 'Par marcado como «No es duplicado»',
  'pacientes.buscados': 'Búsqueda de pacientes',
  'pacientes.listados': 'Lista de pacientes consultada',
  'atencion.creada': 'Atención registrada',
  'atencion.modificada': 'Atención modificada',
  'atencion.estado_deshecho': 'Cambio de estado deshecho',
  'usuario.creado': 'Cuenta creada',
  'usuario.modificado': 'Cuenta modificada',
  'usuario.contrasena': 'Contraseña restablecida',
  'sede.creada': 'Sede creada',
  'sede.modificada': 'Sede activada o desactivada',
  'sala.creada': 'Sala creada',
  'sala.modificada': 'Sala modificada',
  'estudio.creado': 'Estudio creado',
  'estudio.modificado': 'Estudio modificado',
  'paciente.modificado': 'Paciente modificado',
  'historial.consultado': 'Historial de cambios consultado',
  'pacientes.exportados': 'Lista de trabajo exportada (CSV)',
  'ticket.consultado': 'Ticket de atención consultado',
} as const
export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA
const ACCIONES = Object.keys(ACCIONES_AUDITORIA) as AccionAuditoria[]

export const LIMITE_AUDITORIA = { porDefecto: 50, maximo: 200 } as const

export const AuditoriaQuerySchema = Type.Object(
  {
    usuario: Type.Optional(Type.String({ maxLength: 100, pattern: SIN_CONTROL })),
    pacienteId: Type.Optional(
      Type.String({ pattern: '^$|^[0-9]{1,12}$', mensaje: 'Identificador inválido' }),
    ),
    accion: Type.Optional(
      Type.Union([Type.Literal(''), ...ACCIONES.map((a) => Type.Literal(a))], {
        mensaje: 'Acción no permitida',
      }),
    ),
    limite: Type.Optional(Type.String({ pattern: '^$|^[0-9]{1,3}$', mensaje: 'Límite inválido' })),
    /** Keyset cursor: events older than this id (the `Link: rel="next"` URL carries it). */
    antesDe: Type.Optional(
      Type.String({ pattern: '^$|^[0-9]{1,18}$', mensaje: 'Cursor inválido' }),
    ),
  },
  { additionalProperties: false },
)
export type AuditoriaQuery = Static<typeof AuditoriaQuerySchema>

export const EventoAuditoriaSchema = Type.Object({
  id: Type.Integer(),
  en: Type.String({ format: 'date-time' }),
  usuario: Type.Union([Type.String(), Type.Null()]),
  direccion: Type.Union([Type.String(), Type.Null()]),
  accion: Type.String(),
  pacienteId: Type.Union([Type.Integer(), Type.Null()]),
  detalle: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
})
export type EventoAuditoria = Static<typeof EventoAuditoriaSchema>

export const listarAuditoriaContract = defineContract({
  method: 'GET',
  url: '/auditoria',
  summary:
    'Eventos de auditoría, los más recientes primero, filtrables por usuario y paciente (solo administradores)',
  tags: ['auditoria'],
  querystring: AuditoriaQuerySchema,
  response: {
    200: Type.Array(EventoAuditoriaSchema),
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
  },
})
