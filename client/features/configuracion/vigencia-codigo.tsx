// Configuración › Clínica: how many days a patient's access code to their results works
// (docs/producto.md#identidad-de-la-clínica). A change applies to the codes issued afterwards.
import { useEffect, useState, type FormEvent } from 'react'
import {
  cambiarConfiguracionAccesoContract,
  configuracionAccesoContract,
} from '../../../shared/acceso.js'
import { call, mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'

const MINIMO = 1
const MAXIMO = 3650
const AYUDA = 'Los códigos que se emitan desde ahora valen estos días; los ya emitidos no cambian.'

/** The days typed, or the Spanish message saying why they cannot be saved. */
function validar(texto: string): number | string {
  const t = texto.trim()
  if (!t) return 'Escriba cuántos días vale el código'
  if (!/^\d+$/.test(t)) return 'Escriba un número entero de días, sin decimales'
  const n = Number(t)
  if (n < MINIMO || n > MAXIMO) return `Escriba de ${MINIMO} a ${MAXIMO} días`
  return n
}

export function VigenciaCodigo() {
  const [guardado, setGuardado] = useState<number | null>(null)
  const [texto, setTexto] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [aviso, setAviso] = useState<{ tipo: 'error' | 'success'; texto: string } | null>(null)
  const [enviando, setEnviando] = useState(false)

  useEffect(() => {
    const ctrl = new AbortController()
    call(configuracionAccesoContract, { signal: ctrl.signal })
      .then((c) => {
        setGuardado(c.vigenciaDias)
        setTexto(String(c.vigenciaDias))
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError')
          setAviso({ tipo: 'error', texto: mensajeDe(err, 'No se pudo leer la vigencia') })
      })
    return () => ctrl.abort()
  }, [])

  const enviar = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (enviando) return
    const v = validar(texto)
    setAviso(null)
    if (typeof v === 'string') {
      setError(v)
      document.getElementById('cl-vigencia')?.focus()
      return
    }
    setError(undefined)
    setEnviando(true)
    try {
      const c = await call(cambiarConfiguracionAccesoContract, { body: { vigenciaDias: v } })
      setGuardado(c.vigenciaDias)
      setTexto(String(c.vigenciaDias))
      setAviso({ tipo: 'success', texto: 'Vigencia del código guardada.' })
    } catch (err) {
      setAviso({ tipo: 'error', texto: `No se pudo guardar: ${mensajeDe(err)}` })
    } finally {
      setEnviando(false)
    }
  }

  return (
    <form className="card" onSubmit={enviar} noValidate aria-labelledby="cl-acceso">
      <header className="card__header">
        <h2 id="cl-acceso">Acceso de pacientes a sus resultados</h2>
      </header>
      <div className="card__body form-grid">
        <Field
          id="cl-vigencia"
          label="Vigencia del código de acceso (días)"
          required
          error={error}
          hint={AYUDA}
        >
          <input
            className="input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={texto}
            disabled={guardado === null}
            onChange={(e) => setTexto(e.currentTarget.value)}
            {...describe('cl-vigencia', error, AYUDA)}
          />
        </Field>
      </div>
      <footer className="card__footer">
        {aviso && (
          <p
            className={`alert alert--${aviso.tipo}`}
            role={aviso.tipo === 'error' ? 'alert' : 'status'}
          >
            {aviso.texto}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={enviando || guardado === null || texto === String(guardado)}
        >
          {enviando && <span className="spinner" aria-hidden="true" />}
          Guardar
        </button>
      </footer>
    </form>
  )
}
