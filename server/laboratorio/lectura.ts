// An atención's results as GET /atenciones/:id/resultados answers them (docs/api.md#laboratorio-resultados):
// each exam's analitos with the range the patient's sample is read against, the current version,
// the validated ones a correction replaced, and the patient's previous value with its delta check.
import { fechaEnZona } from '../../shared/edad.js'
import { rangoPara } from '../../shared/laboratorio.js'
import { codigoMuestra } from '../../shared/muestras.js'
import { puede, type Rol } from '../../shared/permisos.js'
import {
  pasaDelta,
  type FilaResultado,
  type Resultado,
  type ResultadosAtencion,
} from '../../shared/resultados.js'
import { nombreCompleto } from '../../shared/paciente-datos.js'
import type { CatalogoLab } from '../catalogos.js'
import type { Sql } from '../db.js'
import type { Evento } from '../queries/auditoria.js'
import {
  anterioresDe,
  atencionLab,
  cuentaValidadora,
  etagDe,
  resultadosDe,
  ultimaHoja,
  type AnteriorFila,
  type AtencionLab,
  type ExamenLab,
  type HojaFila,
  type ResultadoFila,
  type ResultadoVista,
} from '../queries/resultados.js'
import { analitosDe, examenesDe } from './examenes.js'

export const valorDe = (f: Pick<ResultadoFila, 'valorNumero' | 'valorTexto'>) =>
  f.valorNumero ?? f.valorTexto

export function aResultado(f: ResultadoVista): Resultado {
  return {
    id: f.id,
    version: f.version,
    motivo: f.motivo,
    valor: valorDe(f),
    bandera: f.bandera,
    estado: f.estado,
    ingresadoPor: f.ingresadoNombre,
    ingresadoEn: f.ingresadoEn.toISOString(),
    validacion:
      f.validadoEn && f.validadorNombre
        ? {
            nombre: f.validadorNombre,
            colegiatura: f.validadorColegiatura,
            en: f.validadoEn.toISOString(),
          }
        : null,
    importado: f.importado,
    critico:
      f.hallazgoId !== null
        ? { hallazgoId: f.hallazgoId, comunicadoEn: f.comunicadoEn?.toISOString() ?? null }
        : null,
  }
}

/** The patient's previous value as the contract answers it, checked against `actual`. */
export function aAnterior(
  p: AnteriorFila | undefined,
  actual: Pick<ResultadoFila, 'valorNumero' | 'valorTexto'> | undefined,
  deltaPorcentaje: number | null,
): FilaResultado['anterior'] {
  if (!p) return null
  const valor = valorDe(p)
  return {
    atencionId: p.atencionId,
    valor,
    en: p.validadoEn.toISOString(),
    delta: actual ? pasaDelta(valorDe(actual), valor, deltaPorcentaje) : false,
  }
}

/** Each analito's versions, oldest first. */
export function versionesPorAnalito(filas: ResultadoFila[]): Map<number, ResultadoFila[]> {
  const m = new Map<number, ResultadoFila[]>()
  for (const f of [...filas].sort((x, y) => x.version - y.version)) {
    const v = m.get(f.analitoId)
    if (v) v.push(f)
    else m.set(f.analitoId, [f])
  }
  return m
}

export function armarResultados(
  a: AtencionLab,
  examenes: ExamenLab[],
  filas: ResultadoFila[],
  anteriores: AnteriorFila[],
  hoja: HojaFila | undefined,
  puedeValidar: boolean,
  tz: string,
): ResultadosAtencion {
  const fecha = fechaEnZona(a.llegada, tz)
  const versiones = versionesPorAnalito(filas)
  const previos = new Map(anteriores.map((p) => [p.analitoId, p]))
  return {
    atencion: {
      id: a.id,
      pacienteId: a.pacienteId,
      paciente: nombreCompleto(a),
      documento: `${a.tipoDocumento} ${a.documento}`,
      sexo: a.sexo,
      fechaNacimiento: a.fechaNacimiento,
      sede: a.sede,
      estado: a.estado,
      prioridad: a.prioridad,
      llegada: a.llegada.toISOString(),
    },
    examenes: examenes.map((e) => ({
      estudioId: e.estudioId,
      nombre: e.nombre,
      muestra: e.muestraViva
        ? { codigo: codigoMuestra(e.muestraViva.id), estado: e.muestraViva.estado }
        : null,
      filas: e.analitos.map(({ analito, seccion }) => {
        const { rangos, ...resto } = analito
        const v = versiones.get(analito.id) ?? []
        const actual = v[v.length - 1]
        return {
          analito: resto,
          seccion,
          rango: rangoPara(rangos, a.sexo, a.fechaNacimiento, fecha),
          resultado: actual ? aResultado(actual) : null,
          corregidos: v
            .slice(0, -1)
            .filter((f) => f.estado === 'validado')
            .reverse()
            .map(aResultado),
          anterior: aAnterior(previos.get(analito.id), actual, analito.deltaPorcentaje),
        }
      }),
    })),
    hoja: hoja
      ? {
          version: hoja.version,
          parcial: hoja.parcial,
          codigo: hoja.codigo,
          sha256: hoja.sha256,
          creadoEn: hoja.creadoEn.toISOString(),
        }
      : null,
    puedeValidar,
    autovalidacion: a.autovalidacion,
  }
}

/** Whether an account may validate: a médico, or a tecnólogo enabled for it; both with a colegiatura. */
export const puedeValidar = (
  rol: Rol,
  cuenta: { validaResultados: boolean; colegiatura: string | null },
): boolean =>
  puede(rol, 'resultados.validar') &&
  cuenta.colegiatura !== null &&
  (rol !== 'tecnologo' || cuenta.validaResultados)

export interface LecturaResultados {
  datos: ResultadosAtencion
  etag: string
  atencion: AtencionLab
}

/**
 * The results of atención `a`, whose exams are `examenes`, as `yo` reads them: what a change
 * answers inside its own transaction, with the atención and its exams it already holds;
 * `releerEtag` after the change wrote (its new ETag is read with the rest, in one round trip).
 */
export async function lecturaDe(
  sql: Sql,
  tz: string,
  a: AtencionLab,
  examenes: ExamenLab[],
  yo: { id: number; rol: Rol },
  releerEtag = false,
): Promise<LecturaResultados> {
  const [filas, hoja, cuenta, anteriores, etag] = await Promise.all([
    resultadosDe(sql, a.id),
    ultimaHoja(sql, a.id),
    cuentaValidadora(sql, yo.id),
    anterioresDe(
      sql,
      a,
      analitosDe(examenes).map((x) => x.id),
    ),
    releerEtag ? etagDe(sql, a.id) : a.etag,
  ])
  a.etag = etag
  const datos = armarResultados(
    a,
    examenes,
    filas,
    anteriores,
    hoja,
    puedeValidar(yo.rol, cuenta),
    tz,
  )
  return { datos, etag: a.etag, atencion: a }
}

/**
 * The atención's results as read by `yo`, with their ETag; `evento` records the read on the patient.
 * Undefined for an unknown atención; the caller refuses one that is not the laboratory's.
 */
export async function leerResultados(
  sql: Sql,
  lab: CatalogoLab,
  tz: string,
  atencionId: number,
  yo: { id: number; rol: Rol },
  evento?: Evento,
): Promise<LecturaResultados | undefined> {
  const a = await atencionLab(sql, atencionId, { evento })
  if (!a) return undefined
  return lecturaDe(sql, tz, a, examenesDe(lab, a), yo)
}
