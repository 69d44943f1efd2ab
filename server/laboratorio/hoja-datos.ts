// What a result sheet prints (hoja-documento.ts), read inside the validation that freezes it: each
// exam's analitos with their latest validated value as it was read (unit, range and flag copied
// when saved), what a correction replaced and why, the patient's previous value, and each
// validator with their signature image as it is now.
import { fechaEnZona, fechaLegible, horaEnZona } from '../../shared/edad.js'
import { rangoPara } from '../../shared/laboratorio.js'
import { textoRango, textoValor } from '../../shared/resultados.js'
import { codigoLegible, rutaVerificacion } from '../../shared/verificacion-codigo.js'
import type { Config } from '../config.js'
import type { Sql } from '../db.js'
import { datosMembrete, imagenDe, instante, pacienteDelDocumento } from '../informes/firmar.js'
import { solicitanteImpreso } from '../queries/medicos-solicitantes.js'
import type { AnteriorFila, AtencionLab, ExamenLab, ResultadoFila } from '../queries/resultados.js'
import type { DocumentoHoja, FilaHoja } from './hoja-documento.js'
import { valorDe, versionesPorAnalito } from './lectura.js'

/** A calculated analito validated without a value: its operands did not allow it (LDL, TG ≥ 400). */
const NO_CALCULABLE = 'No calculable'

/** Whether every analito of the exams has a validated version: otherwise the sheet is partial. */
export function hojaCompleta(examenes: ExamenLab[], filas: ResultadoFila[]): boolean {
  const validados = new Set(filas.filter((f) => f.estado === 'validado').map((f) => f.analitoId))
  return examenes.every((e) => e.analitos.every((x) => validados.has(x.analito.id)))
}

export async function documentoHoja(
  tx: Sql,
  config: Config,
  a: AtencionLab,
  examenes: ExamenLab[],
  filas: ResultadoFila[],
  anteriores: AnteriorFila[],
  hoja: { version: number; parcial: boolean; emitidaEn: Date; codigo: string },
): Promise<DocumentoHoja> {
  const tz = config.clinicTz
  const fecha = fechaEnZona(a.llegada, tz)
  const versiones = versionesPorAnalito(filas)
  const previos = new Map(anteriores.map((p) => [p.analitoId, p]))
  // Each validator once, with their latest validation of a printed value, in that order.
  const validadores = new Map<string, { f: ResultadoFila; en: Date }>()

  const examenesHoja = examenes.map((e) => ({
    nombre: e.nombre,
    muestra: e.muestra,
    filas: e.analitos.map(({ analito: x, seccion }): FilaHoja => {
      const validas = (versiones.get(x.id) ?? []).filter((f) => f.estado === 'validado')
      const v = validas.at(-1)
      const p = previos.get(x.id)
      const anterior = p
        ? {
            valor: textoValor(valorDe(p), x.decimales),
            fecha: fechaLegible(fechaEnZona(p.validadoEn, tz)),
          }
        : null
      if (!v) {
        const rango = rangoPara(x.rangos, a.sexo, a.fechaNacimiento, fecha)
        return {
          seccion,
          nombre: x.nombre,
          valor: null,
          unidad: x.unidad,
          rango: textoRango(rango, x.decimales),
          bandera: null,
          anterior,
          correccion: null,
        }
      }
      const clave = v.validadoPor !== null ? `u${v.validadoPor}` : `n${v.validadorNombre}`
      const visto = validadores.get(clave)
      if (!visto || visto.en < v.validadoEn!) validadores.set(clave, { f: v, en: v.validadoEn! })
      const valor = valorDe(v)
      const previa = validas.at(-2)
      return {
        seccion,
        nombre: x.nombre,
        valor: valor === null ? (x.calculo ? NO_CALCULABLE : null) : textoValor(valor, x.decimales),
        unidad: v.unidad,
        rango: textoRango(v, x.decimales),
        bandera: v.bandera,
        anterior,
        correccion:
          previa && v.motivo
            ? { valorAnterior: textoValor(valorDe(previa), x.decimales), motivo: v.motivo }
            : null,
      }
    }),
  }))

  const firmantes = []
  for (const { f, en } of [...validadores.values()].sort((x, y) => +x.en - +y.en))
    firmantes.push({
      nombre: f.validadorNombre ?? '',
      colegiatura: f.validadorColegiatura ?? '',
      en: instante(en, tz),
      imagen: await imagenDe(tx, f.validadoPor),
    })

  return {
    clinica: await datosMembrete(tx),
    paciente: pacienteDelDocumento(a, fecha),
    atencion: {
      atencionId: a.id,
      sede: a.sede,
      fecha: `${fechaLegible(fecha)} ${horaEnZona(a.llegada, tz)}`,
      procedencia: a.procedencia,
      prioridad: a.prioridad,
      solicitante: await solicitanteImpreso(tx, a.id),
    },
    hoja: { version: hoja.version, parcial: hoja.parcial, emitidaEn: instante(hoja.emitidaEn, tz) },
    examenes: examenesHoja,
    validadores: firmantes,
    verificacion: {
      url: config.publicUrl + rutaVerificacion(hoja.codigo),
      codigo: codigoLegible(hoja.codigo),
    },
  }
}
