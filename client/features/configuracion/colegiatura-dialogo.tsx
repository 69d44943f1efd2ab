// An account's colegiatura, from Configuración › Personal: asked on its own, before an account
// becomes Médico (a physician signs reports, and the report carries it), or before a tecnólogo
// validates lab results (the result sheet carries it).
import { useState, type FormEvent } from 'react'
import { NOMBRE_ROL } from '../../../shared/permisos.js'
import type { Rol } from '../../../shared/sesion.js'
import {
  normalizarColegiatura,
  problemaColegiatura,
  type UsuarioDetalle,
} from '../../../shared/usuarios.js'
import { mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { Modal, PieDialogo } from '../../components/modal.js'
import { AYUDA_COLEGIATURA } from './nuevo-usuario-form.js'
import { cambiarUsuario } from './usuarios-api.js'

export function ColegiaturaDialogo({
  cuenta,
  rol,
  validaResultados,
  onGuardada,
  onVolver,
}: {
  cuenta: UsuarioDetalle
  /** The role the account takes with it, when the dialog was opened by a change of role. */
  rol?: Rol
  /** Opened to enable the tecnólogo to validate lab results: saved with the colegiatura. */
  validaResultados?: true
  onGuardada: (u: UsuarioDetalle) => void
  onVolver: () => void
}) {
  const [texto, setTexto] = useState(cuenta.colegiatura ?? '')
  const [error, setError] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)
  const id = `colegiatura-${cuenta.id}`

  const guardar = async (e: FormEvent) => {
    e.preventDefault()
    setFallo(null)
    const colegiatura = normalizarColegiatura(texto)
    const problema = problemaColegiatura(rol ?? cuenta.rol, colegiatura, validaResultados)
    setError(problema)
    if (problema) return
    setEnviando(true)
    try {
      onGuardada(
        await cambiarUsuario(cuenta.id, { colegiatura, ...(rol && { rol }), validaResultados }),
      )
    } catch (err) {
      setFallo(mensajeDe(err, 'No se pudo guardar la colegiatura'))
      setEnviando(false)
    }
  }

  return (
    <Modal labelledBy={`${id}-titulo`} describedBy={`${id}-texto`} onVolver={onVolver}>
      <h2 id={`${id}-titulo`}>Colegiatura de {cuenta.nombre || cuenta.usuario}</h2>
      <p id={`${id}-texto`}>
        {rol
          ? `Para pasar a ${NOMBRE_ROL[rol]}, la cuenta necesita su colegiatura: va en los informes que firme.`
          : validaResultados
            ? 'Para validar resultados de laboratorio, la cuenta necesita su colegiatura: va en la hoja de resultados.'
            : 'Va en los informes y resultados que esta persona firme.'}
      </p>
      <form className="dialog__form" onSubmit={(e) => void guardar(e)} noValidate>
        <Field
          id={`${id}-valor`}
          label="Colegiatura"
          required={rol === 'medico' || cuenta.rol === 'medico' || validaResultados}
          hint={AYUDA_COLEGIATURA}
          error={error ?? undefined}
        >
          <input
            className="input"
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            {...describe(`${id}-valor`, error ?? undefined, AYUDA_COLEGIATURA)}
          />
        </Field>
        <PieDialogo fallo={fallo} onVolver={onVolver} enviando={enviando} enviar="Guardar" />
      </form>
    </Modal>
  )
}
