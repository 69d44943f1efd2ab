// A session's User-Agent as a person reads it in «Mi cuenta»: «Chrome en Windows», enough to tell
// the front-desk computer from one's phone. The full text stays in the row's tooltip.

const NAVEGADORES: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
]

const SISTEMAS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

const primero = (ua: string, lista: [RegExp, string][]) => lista.find(([re]) => re.test(ua))?.[1]

export function describirAgente(ua: string | null): string {
  if (!ua) return 'Navegador desconocido'
  const navegador = primero(ua, NAVEGADORES)
  const sistema = primero(ua, SISTEMAS)
  if (navegador && sistema) return `${navegador} en ${sistema}`
  return navegador ?? sistema ?? 'Otro programa'
}
