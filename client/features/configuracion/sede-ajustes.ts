// A sede's yes/no settings that Configuración › Sedes turns on and off, each asked first: its
// column, its row button, the question's text and the notice once done.
import type { SedeCatalogo } from '../../../shared/configuracion.js'

export interface AjusteSede {
  campo: 'informeDobleFirma' | 'laboratorioAutovalidacion'
  columna: string
  /** What it does, as the column's hint while it is on. */
  ayuda: string
  /** The row button's verb for a sede where it is on (`activo`) or off. */
  verbo: (activo: boolean) => string
  /** What turning it on (`activar`) or off does, in the question. */
  efecto: (sede: string, activar: boolean) => string
  /** The notice once it is on (`activo`) or off. */
  hecho: (sede: string, activo: boolean) => string
}

const SEGUNDA_FIRMA =
  'Los informes de esta sede necesitan la firma de un segundo médico para quedar finales'
const AUTOVALIDACION =
  'Quien ingresa un resultado de laboratorio en esta sede puede validarlo también'

export const AJUSTES_SEDE: readonly AjusteSede[] = [
  {
    campo: 'informeDobleFirma',
    columna: 'Segunda firma',
    ayuda: SEGUNDA_FIRMA,
    verbo: (activo) => (activo ? 'Quitar segunda firma' : 'Pedir segunda firma'),
    efecto: (sede, activar) =>
      activar
        ? `${SEGUNDA_FIRMA}: la primera firma los deja preliminares y la de otro médico, finales. Los informes ya firmados no cambian.`
        : `Los informes nuevos de ${sede} quedarán finales con la firma de un solo médico. Los que ya están preliminares siguen esperando la firma de otro médico.`,
    hecho: (sede, activo) =>
      activo
        ? `Los informes de la sede ${sede} necesitan ahora una segunda firma.`
        : `Los informes de la sede ${sede} quedan finales con una sola firma.`,
  },
  {
    campo: 'laboratorioAutovalidacion',
    columna: 'Autovalidación (lab.)',
    ayuda: AUTOVALIDACION,
    verbo: (activo) => (activo ? 'Quitar autovalidación' : 'Permitir autovalidación'),
    efecto: (sede, activar) =>
      activar
        ? `${AUTOVALIDACION}, sin una segunda persona, si su cuenta valida resultados. Los resultados ya validados no cambian.`
        : `Los resultados de laboratorio de ${sede} volverán a necesitar que los valide una persona distinta de quien los ingresó. Los resultados ya validados no cambian.`,
    hecho: (sede, activo) =>
      activo
        ? `En la sede ${sede}, quien ingresa un resultado de laboratorio puede validarlo también.`
        : `Los resultados de laboratorio de la sede ${sede} los valida ahora una persona distinta de quien los ingresó.`,
  },
]

export const ajusteActivo = (s: SedeCatalogo, a: AjusteSede): boolean => s[a.campo]
