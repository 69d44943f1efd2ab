// The audit trail, for admins: who did what, from where and when. Read-only; the database itself
// refuses to change or remove an event.
import { Type, type Static } from '@sinclair/typebox'
import { defineContract, ErrorSchema, type ErrorCampo } from './contract.js'
import { esFechaValida } from './edad.js'
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
  'cuenta.firma': 'Firma y sello cambiada por su titular',
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
  'cita.creada': 'Cita reservada',
  'cita.reprogramada': 'Cita reprogramada',
  'cita.reprogramacion_deshecha': 'Reprogramación deshecha',
  'cita.llegada': 'Llegada de una cita (pasa a En espera)',
  'usuario.creado': 'Cuenta creada',
  'usuario.modificado': 'Cuenta modificada',
  'usuario.contrasena': 'Contraseña restablecida',
  'sede.creada': 'Sede creada',
  'sede.modificada': 'Sede renombrada, activada o desactivada',
  'modalidad.creada': 'Modalidad creada',
  'modalidad.modificada': 'Modalidad modificada, activada o desactivada',
  'sala.creada': 'Sala creada',
  'sala.modificada': 'Sala modificada',
  'estudio.creado': 'Estudio creado',
  'estudio.modificado': 'Estudio modificado',
  'analito.modificado': 'Analito de laboratorio modificado',
  'analito.rangos': 'Rangos de referencia de un analito reemplazados',
  'clinica.modificada': 'Identidad de la clínica modificada',
  'solicitante.creado': 'Médico solicitante agregado',
  'solicitante.modificado': 'Médico solicitante corregido, desactivado o reactivado',
  'feriado.creado': 'Feriado agregado',
  'feriado.modificado': 'Feriado atendido o cerrado',
  'feriado.borrado': 'Feriado quitado',
  'bloqueo.creado': 'Sala bloqueada un periodo',
  'bloqueo.borrado': 'Bloqueo de sala quitado',
  'paciente.modificado': 'Paciente modificado',
  'historial.consultado': 'Historial de cambios consultado',
  'pacientes.exportados': 'Lista de trabajo exportada (CSV)',
  'ticket.consultado': 'Ticket de atención consultado',
  'auditoria.exportada': 'Auditoría exportada (CSV)',
  'auditoria.consultada': 'Auditoría consultada',
  'agenda.consultada': 'Agenda de citas consultada',
  'citas.consultadas': 'Próximas citas de un paciente consultadas',
  'mpps.consultados': 'Pasos de equipos sin atención consultados',
  'mpps.conciliado': 'Paso de equipo asignado a su atención',
  'mpps.descartado': 'Paso de equipo descartado',
  'dicom.asociacion': 'Equipo DICOM conectado',
  'dicom.rechazada': 'Conexión DICOM rechazada (equipo no registrado)',
  'worklist.consultada': 'Lista de trabajo DICOM consultada por un equipo',
  'mpps.recibido': 'Avance de un estudio (MPPS) recibido de un equipo',
  'informes.listados': 'Estudios por informar consultados',
  'informe.creado': 'Informe comenzado',
  'informe.consultado': 'Informe consultado',
  'informe.guardado': 'Borrador de informe guardado',
  'informe.tomado': 'Estudio tomado para informar',
  'informe.liberado': 'Estudio liberado',
  'informe.firmado': 'Informe firmado',
  'informe.firma_rechazada': 'Firma de informe rechazada: contraseña incorrecta',
  'informe.adenda': 'Adenda de informe comenzada',
  'informe.correccion': 'Corrección de informe comenzada',
  'informe.descargado': 'Documento de informe descargado (PDF)',
  'informes.de_paciente':
    'Informes de un paciente consultados (su página o los anteriores junto al editor)',
  'plantilla.guardada': 'Plantilla de informe de un estudio guardada',
  'frase.creada': 'Frase del editor de informes agregada',
  'frase.modificada': 'Frase del editor de informes modificada',
  'frase.borrada': 'Frase del editor de informes quitada',
  'visor.modificado': 'Dirección del visor de imágenes modificada',
  'hallazgos.listados': 'Hallazgos críticos consultados',
  'hallazgo.comunicado': 'Comunicación de un hallazgo crítico registrada',
  'muestras.consultadas': 'Muestras de una atención de laboratorio consultadas',
  'muestras.registradas': 'Muestras de una atención de laboratorio registradas',
  'muestras.etiquetas': 'Etiquetas de muestras de laboratorio impresas (PDF)',
  'muestra.recibida': 'Muestra de laboratorio recibida',
  'muestra.rechazada': 'Muestra de laboratorio rechazada (se pide una nueva)',
  'resultados.consultados': 'Resultados de laboratorio de una atención consultados',
  'resultados.por_analito': 'Resultados de un analito en las atenciones de un día consultados',
  'resultados.guardados': 'Resultados de laboratorio guardados (o corregidos)',
  'resultados.validados': 'Resultados de laboratorio validados (hoja de resultados emitida)',
  'hoja_resultados.descargada': 'Hoja de resultados de laboratorio descargada (PDF)',
  'laboratorio.lista': 'Lista de trabajo del laboratorio de un día consultada',
  'documento.verificado': 'Documento impreso verificado por su código (sin sesión)',
  'documento.verificacion_limitada':
    'Verificación de documentos rechazada por exceso de intentos desde una dirección',
  'resultados.accedido': 'Paciente entró a sus resultados con su código de acceso (sin sesión)',
  'resultados.acceso_fallido': 'Intento fallido de entrar a resultados con un código de acceso',
  'resultados.acceso_limitado': 'Acceso a resultados rechazado por exceso de intentos',
  'resultados.descargado': 'Paciente descargó un documento firmado con su código de acceso',
  'resultados.listados': 'Paciente volvió a leer la lista de sus documentos (sin sesión)',
  'resultados.codigo_emitido': 'Código de acceso a resultados emitido o reemitido',
  'correo.pedido': 'Aviso por correo de un documento firmado pedido',
  'correos.consultados': 'Correos de un paciente consultados',
  'entrega.registrada': 'Entrega de una copia impresa registrada',
  'entregas.consultadas': 'Entregas de documentos de un paciente consultadas',
} as const
export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA
const ACCIONES = Object.keys(ACCIONES_AUDITORIA) as AccionAuditoria[]

const FECHA = '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
const MENSAJE_FECHA = 'Fecha inválida (use AAAA-MM-DD)'

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
    /** Days at the clinic (CLINIC_TZ), both included. */
    desde: Type.Optional(Type.String({ pattern: FECHA, mensaje: MENSAJE_FECHA })),
    hasta: Type.Optional(Type.String({ pattern: FECHA, mensaje: MENSAJE_FECHA })),
    limite: Type.Optional(Type.String({ pattern: '^$|^[0-9]{1,3}$', mensaje: 'Límite inválido' })),
    /** Keyset cursor: events older than this id (the `Link: rel="next"` URL carries it). */
    antesDe: Type.Optional(
      Type.String({ pattern: '^$|^[0-9]{1,18}$', mensaje: 'Cursor inválido' }),
    ),
  },
  { additionalProperties: false },
)
export type AuditoriaQuery = Static<typeof AuditoriaQuerySchema>

/** What the schema cannot say about the date range: a day that exists, and «hasta» not before «desde». */
export function erroresRangoAuditoria(q: Pick<AuditoriaQuery, 'desde' | 'hasta'>): ErrorCampo[] {
  const errores: ErrorCampo[] = []
  for (const campo of ['desde', 'hasta'] as const) {
    const v = q[campo]
    if (v && !esFechaValida(v)) errores.push({ campo, mensaje: MENSAJE_FECHA })
  }
  if (errores.length === 0 && q.desde && q.hasta && q.desde > q.hasta)
    errores.push({
      campo: 'hasta',
      mensaje: 'La fecha final debe ser igual o posterior a la inicial',
    })
  return errores
}

/** The list's filters without its paging: an export has every matching event. */
export const ExportacionAuditoriaQuerySchema = Type.Omit(
  AuditoriaQuerySchema,
  ['limite', 'antesDe'],
  { additionalProperties: false },
)
export type ExportacionAuditoriaQuery = Static<typeof ExportacionAuditoriaQuerySchema>

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
  permiso: 'auditoria',
  summary:
    'Eventos de auditoría, los más recientes primero, filtrables por usuario, paciente, acción y fechas (solo administradores)',
  tags: ['auditoria'],
  querystring: AuditoriaQuerySchema,
  response: {
    200: Type.Array(EventoAuditoriaSchema),
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
  },
})

export const exportarAuditoriaContract = defineContract({
  method: 'GET',
  url: '/auditoria.csv',
  permiso: 'auditoria',
  summary:
    'Exportar la auditoría como CSV para Excel (los mismos filtros que la lista, todos los eventos; solo administradores)',
  tags: ['auditoria'],
  querystring: ExportacionAuditoriaQuerySchema,
  response: {
    200: Type.String({
      description: 'text/csv: UTF-8 con BOM, separado por «;», una fila de encabezados en español',
    }),
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    429: ErrorSchema,
  },
})
