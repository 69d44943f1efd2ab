// An atención's ticket (docs/producto.md#ticket-de-atención): what the patient carries from the
// front desk to the waiting room, printed on an 80 mm receipt printer or on A4.
import { Type, type Static } from '@sinclair/typebox'
import { AtencionSchema, IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema } from './contract.js'
import { PacienteSchema } from './paciente-datos.js'

export const TicketSchema = Type.Object({
  atencion: Type.Pick(AtencionSchema, [
    'id',
    'sede',
    'modalidad',
    'estudios',
    'estado',
    'prioridad',
    'fechaLlegada',
    'horaLlegada',
    // Printed «Médico solicitante: Apellidos, Nombres — CMP 12345» (textoSolicitante); or null.
    'solicitante',
  ]),
  /**
   * The number the waiting room calls: the visit's place, in order of registration, among its
   * sede's visits of its arrival day (cancelled ones keep theirs, so no number moves). An atención
   * registered alone is a visit; those registered together (shared/visitas.ts) share one number.
   */
  turno: Type.Integer({ minimum: 1 }),
  /** The name of the sala where it is done, where it has one. */
  sala: Type.Union([Type.String(), Type.Null()]),
  /**
   * Every atención of its visit, this one included, in order of registration: the ticket lists
   * them all. Just this one for an atención registered alone.
   */
  visita: Type.Array(
    Type.Object({
      id: Type.Integer(),
      modalidad: AtencionSchema.properties.modalidad,
      estudios: AtencionSchema.properties.estudios,
      sala: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** The age at the arrival date, as the worklist shows it. */
  paciente: Type.Pick(PacienteSchema, [
    'id',
    'tipoDocumento',
    'documento',
    'nombreCompleto',
    'tipoEdad',
    'edad',
  ]),
  /**
   * The patient's access code to their results (docs/seguridad.md#código-de-acceso-a-resultados):
   * a ticket printed while the patient has none in force issues one and carries it in clear; a
   * reprint while it lasts carries null (only its hash is kept), and the desk reissues one.
   */
  accesoResultados: Type.Object({
    codigo: Type.Union([Type.String(), Type.Null()]),
    /** When the code in force was issued: a reprint says when it was given. */
    emitidoEn: Type.String({ format: 'date-time' }),
    venceEn: Type.String({ format: 'date-time' }),
    /** PUBLIC_URL/resultados, where the patient enters it. */
    url: Type.String(),
  }),
})
export type Ticket = Static<typeof TicketSchema>

export const ticketContract = defineContract({
  method: 'GET',
  url: '/atenciones/:id/ticket',
  permiso: 'atenciones.avanzar',
  summary: 'Datos del ticket de una atención: paciente, estudios, sede, llegada y turno',
  tags: ['atenciones'],
  params: IdParamsSchema,
  response: { 200: TicketSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
})
