// The notice above the form (docs/producto.md#mensajes): after Guardar, the registration's success
// with a link to the new patient or the error with a link to the patient who has the document;
// after a login, that the form kept what was typed before the session ended.
import { forwardRef } from 'react'
import { Link } from 'wouter'
import { IconAlert, IconCheck, IconInfo, IconX } from '../../components/icons.js'
import { paths } from '../../paths.js'

export interface Resultado {
  tipo: 'ok' | 'error' | 'info'
  texto: string
  id?: number
}

const CLASE = { ok: 'alert--success', error: 'alert--error', info: 'alert--info' } as const

export const AvisoResultado = forwardRef<
  HTMLDivElement,
  { resultado: Resultado; onCerrar: () => void }
>(function AvisoResultado({ resultado, onCerrar }, ref) {
  return (
    <div
      ref={ref}
      className={`alert ${CLASE[resultado.tipo]}`}
      role={resultado.tipo === 'info' ? 'status' : 'alert'}
    >
      {resultado.tipo === 'ok' ? (
        <IconCheck />
      ) : resultado.tipo === 'info' ? (
        <IconInfo />
      ) : (
        <IconAlert />
      )}
      <div className="alert__body">
        <p>{resultado.texto}</p>
        {resultado.id !== undefined && (
          <Link href={paths.paciente(resultado.id)} className="alert__link">
            {resultado.tipo === 'ok'
              ? 'Ver la ficha del paciente'
              : 'Ver el paciente ya registrado'}
          </Link>
        )}
      </div>
      <button type="button" className="alert__close" aria-label="Cerrar aviso" onClick={onCerrar}>
        <IconX />
      </button>
    </div>
  )
})
