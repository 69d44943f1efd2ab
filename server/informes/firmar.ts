// Signing an informe (docs/api.md#firmar): the médico types their password again (counted with
// the failed logins of the same name), and in one transaction, under the version's row lock, the
// server either records the first of two signatures (a sede that asks for a second signer) or
// freezes the content, renders the PDF, stores its bytes with their SHA-256, the signer, their
// colegiatura, their signature-and-stamp image as it is now (a later change never reaches a signed
// PDF: its bytes are kept as drawn) and the instant, moves the atención to Informado (the estado
// machine's only way there), opens the critical finding's notification when flagged, and audits
// it all. Whether a sede asks for the second signer is read at each signature (Configuración ›
// Sedes changes it): a borrador signed where it is on becomes `preliminar`; one already
// `preliminar` still needs another médico's signature after an admin turns it off, since its
// first signer signed it as a first reading and the PDF prints them so.
import { createHash, randomInt } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import {
  fechaEnZona,
  fechaLegible,
  horaEnZona,
  edadDetallada,
  edadTexto,
} from '../../shared/edad.js'
import { origenes } from '../../shared/estado-atencion.js'
import { TIPO_DOCUMENTO_ETIQUETA, type TipoDocumento } from '../../shared/catalogos.js'
import { MENSAJES_INFORMES as M, textoDe, type ContenidoInforme } from '../../shared/informes.js'
import { FIRMA_PIXELES } from '../../shared/mi-cuenta.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import {
  ALFABETO_CODIGO,
  codigoLegible,
  rutaVerificacion,
} from '../../shared/verificacion-codigo.js'
import { olvidarIntentos, registrarIntento } from '../auth/limite.js'
import { verificarContrasena } from '../auth/contrasenas.js'
import { credencialesDe } from '../auth/usuarios.js'
import type { Config } from '../config.js'
import { inTransaction, type Sql } from '../db.js'
import { olvidarTiemposDeInforme } from './tiempos.js'
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js'
import { eventoDe } from '../http/auditoria.js'
import { registrarEvento } from '../queries/auditoria.js'
import { imagenDeFirmante } from '../queries/firma-imagen.js'
import { informePorId, numeroInforme, type InformeFila } from '../queries/informes.js'
import { solicitanteImpreso } from '../queries/medicos-solicitantes.js'
import { leerImagen } from './imagen.js'
import { renderizarInforme, type DocumentoInforme } from './pdf.js'

/** The short code printed under a signed document's QR (an informe's, a result sheet's). */
export const codigoVerificacion = (): string =>
  Array.from({ length: 10 }, () => ALFABETO_CODIGO[randomInt(ALFABETO_CODIGO.length)]).join('')

/** Whether a version has what signing asks of it: findings or a conclusion, or an adenda's text. */
function vacio(tipo: InformeFila['tipo'], c: ContenidoInforme): string | null {
  if (tipo === 'adenda') return textoDe(c.adenda).trim() ? null : M.adendaVacia
  return textoDe(c.hallazgos).trim() || textoDe(c.conclusion).trim() ? null : M.vacio
}

/** «28/11/2026 10:32 (hora de America/Lima)». */
export const instante = (d: Date, tz: string) =>
  `${fechaLegible(fechaEnZona(d, tz))} ${horaEnZona(d, tz)} (hora de ${tz})`

type Bloqueada = Pick<
  InformeFila,
  | 'id'
  | 'atencionId'
  | 'pacienteId'
  | 'version'
  | 'tipo'
  | 'baseId'
  | 'motivo'
  | 'estado'
  | 'contenido'
  | 'tomadoPor'
  | 'tomadoNombre'
  | 'preliminarPor'
  | 'preliminarNombre'
  | 'preliminarColegiatura'
  | 'preliminarEn'
  | 'hallazgoCritico'
> & {
  atencionEstado: string
  dobleFirma: boolean
  completadoEnAtencion: Date
}

/** A logo wider or taller than this is left out of the letterhead rather than inflated. */
const LOGO_PIXELES_MAXIMO = 4000

/**
 * A signer's signature-and-stamp image as it is at signing, if pdfkit can draw it; one it could
 * not (stored some other way than through Mi cuenta) is left out, and the line waits for a pen.
 */
export async function imagenDe(tx: Sql, usuarioId: number | null): Promise<Buffer | null> {
  const imagen = await imagenDeFirmante(tx, usuarioId)
  const leida = imagen && leerImagen(imagen, FIRMA_PIXELES.maximo)
  return leida && leida.ancho <= FIRMA_PIXELES.maximo && leida.alto <= FIRMA_PIXELES.maximo
    ? imagen
    : null
}

/** The clinic's letterhead as a signed document prints it, its logo left out if pdfkit could not draw it. */
export async function datosMembrete(tx: Sql): Promise<DocumentoInforme['clinica']> {
  const [c] = await tx<DocumentoInforme['clinica'][]>`
    select nombre, ruc, direccion, telefono, renipress, logo from clinica`
  if (!c) throw new Error('Falta la clínica')
  // pdfkit inflates a PNG's pixels where no try reaches: a broken one would end the process.
  const logo = c.logo && leerImagen(c.logo, LOGO_PIXELES_MAXIMO)
  if (!logo || logo.ancho > LOGO_PIXELES_MAXIMO || logo.alto > LOGO_PIXELES_MAXIMO) c.logo = null
  return c
}

/** The patient as a signed document prints them, their age on the study's day `fecha`. */
export function pacienteDelDocumento(
  p: Parameters<typeof nombreCompleto>[0] & {
    tipoDocumento: string
    documento: string
    pacienteId: number
    sexo: string
    fechaNacimiento: string
  },
  fecha: string,
): DocumentoInforme['paciente'] {
  const edad = edadDetallada(p.fechaNacimiento, fecha)
  return {
    nombre: nombreCompleto(p),
    // «DNI 12345678», as the document's holder reads it, not the stored «dni».
    documento: `${TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento as TipoDocumento] ?? p.tipoDocumento} ${p.documento}`,
    historia: String(p.pacienteId).padStart(6, '0'),
    sexo: p.sexo,
    edad: edad ? edadTexto(edad) : null,
    fechaNacimiento: fechaLegible(p.fechaNacimiento),
  }
}

/** What the document prints, read inside the signing transaction. */
async function documento(
  tx: Sql,
  f: Bloqueada,
  firma: DocumentoInforme['firma'],
  config: Config,
  codigo: string,
): Promise<DocumentoInforme> {
  const tz = config.clinicTz
  const c = await datosMembrete(tx)
  const [a] = await tx<
    {
      tipoDocumento: string
      documento: string
      primerNombre: string
      segundoNombre: string | null
      primerApellido: string
      segundoApellido: string | null
      fechaNacimiento: string
      sexo: string
      pacienteId: number
      llegada: Date
      sede: string
      etiqueta: string
      estudios: string[]
      procedencia: string
      prioridad: string
    }[]
  >`
    select p.tipo_documento, p.documento, p.primer_nombre, p.segundo_nombre, p.primer_apellido,
      p.segundo_apellido, to_char(p.fecha_nacimiento, 'YYYY-MM-DD') as fecha_nacimiento, p.sexo,
      p.id as paciente_id, a.llegada, a.sede, m.etiqueta, a.estudios, a.procedencia, a.prioridad
    from atenciones a join pacientes p on p.id = a.paciente_id
      join modalidades m on m.valor = a.modalidad
    where a.id = ${f.atencionId}`
  if (!a) throw new Error(`Falta la atención ${f.atencionId}`)
  const fechaEstudio = fechaEnZona(a.llegada, tz)
  let base: DocumentoInforme['base'] = null
  if (f.baseId !== null) {
    const b = await informePorId(tx, f.baseId)
    if (b?.firmadoEn && b.firmanteNombre)
      base = {
        numero: numeroInforme(b.id),
        firmante: b.firmanteNombre,
        firmadoEn: instante(b.firmadoEn, tz),
        contenido: b.contenido,
      }
  }
  return {
    clinica: c,
    paciente: pacienteDelDocumento(a, fechaEstudio),
    estudio: {
      atencionId: f.atencionId,
      modalidad: a.etiqueta,
      estudios: a.estudios,
      sede: a.sede,
      fecha: `${fechaLegible(fechaEstudio)} ${horaEnZona(a.llegada, tz)}`,
      procedencia: a.procedencia,
      prioridad: a.prioridad,
      solicitante: await solicitanteImpreso(tx, f.atencionId),
    },
    informe: {
      numero: numeroInforme(f.id),
      version: f.version,
      tipo: f.tipo,
      motivo: f.motivo,
      contenido: f.contenido,
      hallazgoCritico: f.hallazgoCritico,
    },
    base,
    firma,
    preliminar:
      f.preliminarNombre && f.preliminarEn
        ? {
            nombre: f.preliminarNombre,
            colegiatura: f.preliminarColegiatura ?? '',
            en: instante(f.preliminarEn, tz),
            imagen: await imagenDe(tx, f.preliminarPor),
          }
        : null,
    verificacion: {
      url: config.publicUrl + rutaVerificacion(codigo),
      codigo: codigoLegible(codigo),
    },
  }
}

/** Checks the password like a login would, before anything is locked. */
async function comprobarContrasena(sql: Sql, request: FastifyRequest, contrasena: string) {
  const { usuario } = request.usuario!
  const direccion = request.direccion
  if (direccion === null)
    throw new BadRequestError('No se pudo identificar la dirección del cliente')
  const intento = await registrarIntento(sql, usuario, direccion)
  const cuenta = await credencialesDe(sql, usuario)
  if (!(await verificarContrasena(cuenta?.claveHash, contrasena))) {
    await registrarEvento(sql, eventoDe(request, 'informe.firma_rechazada'))
    throw new BadRequestError(M.contrasena, [{ campo: 'contrasena', mensaje: M.contrasena }])
  }
  await olvidarIntentos(sql, usuario, intento)
}

export async function firmarInforme(
  sql: Sql,
  config: Config,
  request: FastifyRequest,
  id: number,
  cuerpo: { contrasena: string; hallazgoCritico?: boolean },
): Promise<InformeFila> {
  const yo = request.usuario!
  await comprobarContrasena(sql, request, cuerpo.contrasena)
  const [cuenta] = await sql<{ colegiatura: string | null }[]>`
    select colegiatura from usuarios where id = ${yo.id}`
  const colegiatura = cuenta?.colegiatura
  if (!colegiatura) throw new ConflictError(M.sinColegiatura)

  await inTransaction(sql, async (tx) => {
    const [f] = await tx<Bloqueada[]>`
      select i.id, i.atencion_id, a.paciente_id, i.version, i.tipo, i.base_id, i.motivo, i.estado,
        i.contenido, i.tomado_por, tu.nombre as tomado_nombre, i.preliminar_por,
        pu.nombre as preliminar_nombre, pu.colegiatura as preliminar_colegiatura, i.preliminar_en,
        i.hallazgo_critico, a.estado as atencion_estado, s.informe_doble_firma as doble_firma,
        coalesce(a.ultimo_cambio_en, a.llegada) as completado_en_atencion
      from informes i join atenciones a on a.id = i.atencion_id join sedes s on s.nombre = a.sede
        left join usuarios tu on tu.id = i.tomado_por
        left join usuarios pu on pu.id = i.preliminar_por
      where i.id = ${id}
      for update of i`
    if (!f) throw new NotFoundError(M.noEncontrado)
    if (f.estado === 'final') throw new ConflictError(M.yaFirmado)
    if (f.estado === 'borrador' && f.tomadoPor !== yo.id)
      throw new ConflictError(f.tomadoNombre ? M.tomadoPorOtro(f.tomadoNombre) : M.noTomado)
    if (f.estado === 'preliminar' && f.preliminarPor === yo.id)
      throw new ConflictError(M.mismoFirmante)
    const falta = vacio(f.tipo, f.contenido)
    if (falta) throw new ConflictError(falta)
    const hallazgo = cuerpo.hallazgoCritico ?? f.hallazgoCritico
    const evento = (etapa: string, extra: Record<string, unknown> = {}) =>
      eventoDe(request, 'informe.firmado', {
        pacienteId: f.pacienteId,
        detalle: { informe: f.id, version: f.version, tipo: f.tipo, etapa, ...extra },
      })

    if (f.estado === 'borrador' && f.dobleFirma) {
      await tx`
        update informes set estado = 'preliminar', preliminar_por = ${yo.id},
          preliminar_en = now(), hallazgo_critico = ${hallazgo}, actualizado_en = now()
        where id = ${f.id}`
      await registrarEvento(tx, evento('preliminar'))
      return
    }

    const firmadoEn = new Date()
    const codigo = codigoVerificacion()
    const firma = {
      nombre: yo.nombre,
      colegiatura,
      en: instante(firmadoEn, config.clinicTz),
      imagen: await imagenDe(tx, yo.id),
    }
    const pdf = await renderizarInforme(
      await documento(tx, { ...f, hallazgoCritico: hallazgo }, firma, config, codigo),
      firmadoEn,
    )
    const sha256 = createHash('sha256').update(pdf).digest('hex')
    if (f.tipo === 'original') {
      const [movida] = await tx`
        update atenciones set estado = 'Informado', ultimo_cambio_desde = null,
          ultimo_cambio_por = null, ultimo_cambio_en = null, actualizado_en = now()
        where id = ${f.atencionId} and estado = any(${origenes('Informado', 'firma')}::text[])
        returning id`
      if (!movida) throw new ConflictError(M.noCompletada(f.atencionEstado))
      await registrarEvento(
        tx,
        eventoDe(request, 'atencion.modificada', {
          pacienteId: f.pacienteId,
          detalle: {
            id: f.atencionId,
            estado: 'Informado',
            desde: f.atencionEstado,
            informe: f.id,
          },
        }),
      )
    }
    await tx`
      update informes set estado = 'final', firmado_por = ${yo.id}, firmado_en = ${firmadoEn},
        firmante_nombre = ${yo.nombre}, firmante_colegiatura = ${colegiatura},
        hallazgo_critico = ${hallazgo}, pdf = ${pdf}, pdf_sha256 = ${sha256}, codigo = ${codigo},
        completado_en = ${f.tipo === 'original' ? f.completadoEnAtencion : null},
        actualizado_en = now()
      where id = ${f.id}`
    if (hallazgo) await tx`insert into hallazgos_criticos (informe_id) values (${f.id})`
    await registrarEvento(tx, evento('final', { sha256, codigo, hallazgoCritico: hallazgo }))
  })
  olvidarTiemposDeInforme(sql)
  const fila = await informePorId(sql, id)
  if (!fila) throw new NotFoundError(M.noEncontrado)
  return fila
}
