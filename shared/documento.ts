// Identity document rules (docs/datos.md#documento-de-identidad): DNI 8 digits, RUC 11 digits
// with its modulo-11 check digit, carné de extranjería and CPP 9 digits, a newborn's CNV 6–12
// digits, cédula and pasaporte 6–12 letters or digits.
import type { TipoDocumento } from './catalogos.js'

const PESOS_RUC = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
/** SUNAT prefixes: 10 natural persons, 15/16/17 other natural, 20 companies. */
const PREFIJOS_RUC = ['10', '15', '16', '17', '20']

/** The check digit SUNAT computes over a RUC's first ten digits. */
export function digitoVerificadorRuc(primeros10: string): number {
  const suma = PESOS_RUC.reduce((acc, peso, i) => acc + peso * Number(primeros10[i]), 0)
  const resto = 11 - (suma % 11)
  return resto === 10 ? 0 : resto === 11 ? 1 : resto
}

/** The form a document is stored and searched in: trimmed, no inner spaces, upper case. */
export function normalizarDocumento(documento: string): string {
  return documento.replace(/\s+/g, '').toUpperCase()
}

/** Spanish message for a document that breaks its type's rule, or null when it is fine. */
export function errorDocumento(tipo: TipoDocumento, documento: string): string | null {
  const d = normalizarDocumento(documento)
  switch (tipo) {
    case 'dni':
      return /^[0-9]{8}$/.test(d) ? null : 'El DNI debe tener 8 dígitos'
    case 'ruc':
      if (!/^[0-9]{11}$/.test(d)) return 'El RUC debe tener 11 dígitos'
      if (!PREFIJOS_RUC.includes(d.slice(0, 2)))
        return 'El RUC debe empezar con 10, 15, 16, 17 o 20'
      return digitoVerificadorRuc(d.slice(0, 10)) === Number(d[10])
        ? null
        : 'RUC inválido: el dígito verificador no corresponde'
    case 'ce':
      return /^[0-9]{9}$/.test(d) ? null : 'El carné de extranjería tiene 9 dígitos'
    case 'cpp':
      return /^[0-9]{9}$/.test(d) ? null : 'El CPP tiene 9 dígitos'
    // The certificate's number as printed on it: digits only.
    case 'cnv':
      return /^[0-9]{6,12}$/.test(d) ? null : 'El número del CNV tiene de 6 a 12 dígitos'
    case 'cedula':
    case 'pasaporte':
      return /^[A-Z0-9]{6,12}$/.test(d) ? null : 'Debe tener de 6 a 12 letras o dígitos'
  }
}
