// The clinic's mark: its own logo and name (Configuración › Clínica); until it has a logo, a
// cross-in-scan glyph that says radiology and laboratory without naming any product.
import { nombreClinica, useClinica } from '../state/clinica.js'

export function Logo() {
  const clinica = useClinica()
  return (
    <>
      {clinica?.logo ? (
        <img className="logo__mark logo__imagen" src={clinica.logo} alt="" />
      ) : (
        <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <path d="M16 8.5v15M8.5 16h15" stroke="#0f2a33" strokeWidth="3.5" strokeLinecap="round" />
          <path
            d="M6 11V7.5A1.5 1.5 0 0 1 7.5 6H11M21 6h3.5A1.5 1.5 0 0 1 26 7.5V11M26 21v3.5a1.5 1.5 0 0 1-1.5 1.5H21M11 26H7.5A1.5 1.5 0 0 1 6 24.5V21"
            stroke="#0f2a33"
            strokeWidth="1.6"
            fill="none"
            strokeLinecap="round"
          />
        </svg>
      )}
      <span className="logo__text">
        <span className="logo__name">{nombreClinica(clinica)}</span>
        <span className="logo__tag">Radiología y laboratorio</span>
      </span>
    </>
  )
}
