// What the result sheet's PDF (hoja-pdf.ts) draws: everything already in the words and figures it
// prints, so rendering reads nothing else. server/laboratorio/validar.ts fills it at validation,
// when the sheet is frozen.
import type { Bandera } from '../../shared/laboratorio.js'
import type { DocumentoInforme } from '../informes/pdf.js'

export interface FilaHoja {
  /** The heading it prints under in its exam (Serie roja…), null: none. */
  seccion: string | null
  nombre: string
  /** As printed: rounded to the analito's decimals, an option or text; null while it waits. */
  valor: string | null
  unidad: string | null
  /** The range as printed («70 – 100», «≥ 40», «< 200»), null without one. */
  rango: string | null
  /** Out of range: printed in bold with the flag. */
  bandera: Bandera | null
  /** The patient's previous validated value and its date (dd/mm/aaaa). */
  anterior: { valor: string; fecha: string } | null
  /** A corrected value: what it replaced and why. */
  correccion: { valorAnterior: string; motivo: string } | null
}

export interface DocumentoHoja {
  clinica: DocumentoInforme['clinica']
  paciente: DocumentoInforme['paciente']
  atencion: {
    atencionId: number
    sede: string
    /** The sample's day and time as printed. */
    fecha: string
    procedencia: string
    prioridad: string
    /** «Apellidos, Nombres — CMP 12345», or null when the atención names none. */
    solicitante: string | null
  }
  hoja: {
    version: number
    /** Some analitos still wait: «Informe parcial». */
    parcial: boolean
    /** When this version was issued, as printed. */
    emitidaEn: string
  }
  examenes: { nombre: string; muestra: string; filas: FilaHoja[] }[]
  /** Each person who validated a result on it, in order; `imagen` their signature as it is now. */
  validadores: { nombre: string; colegiatura: string; en: string; imagen: Buffer | null }[]
  verificacion: { url: string; codigo: string }
}
