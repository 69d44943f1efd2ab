// Signing asks for the password again (and whether the informe carries a critical finding); an
// adenda or a corrección asks for its reason. Both are dialogs over the informe.
import { useState, type FormEvent } from 'react'
import { MENSAJES_INFORMES, type Informe } from '../../../shared/informes.js'
import { limpiar } from '../../../shared/texto.js'
import { ApiError, mensajeDe } from '../../api.js'
import { describe, Field } from '../../components/field.js'
import { Modal, PieDialogo } from '../../components/modal.js'
import { firmarInforme, nuevaVersion } from '../../lib/informes-api.js'

export function FirmarDialogo({
  informe,
  onFirmado,
  onVolver,
}: {
  informe: Informe
  onFirmado: (f: Informe) => void
  onVolver: () => void
}) {
  const [contrasena, setContrasena] = useState('')
  const [critico, setCritico] = useState(informe.hallazgoCritico)
  const [error, setError] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)

  const firmar = async (e: FormEvent) => {
    e.preventDefault()
    setFallo(null)
    if (!contrasena) return setError('Ingrese su contraseña')
    setError(null)
    setEnviando(true)
    try {
      onFirmado(await firmarInforme(informe.id, contrasena, critico))
    } catch (err) {
      const campo = err instanceof ApiError ? err.errores[0] : undefined
      if (campo?.campo === 'contrasena') setError(campo.mensaje)
      else setFallo(mensajeDe(err, 'No se pudo firmar el informe'))
      setEnviando(false)
    }
  }

  return (
    <Modal labelledBy="firmar-titulo" describedBy="firmar-texto" onVolver={onVolver}>
      <h2 id="firmar-titulo">Firmar el informe N.º {informe.numero}</h2>
      <p id="firmar-texto">
        Al firmar, el texto queda fijo y se genera el documento para el paciente. Después solo se
        puede agregar una adenda o una corrección.
      </p>
      <form className="dialog__form" onSubmit={(e) => void firmar(e)} noValidate>
        <Field id="firmar-contrasena" label="Su contraseña" required error={error ?? undefined}>
          <input
            className="input"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={contrasena}
            onChange={(e) => setContrasena(e.target.value)}
            {...describe('firmar-contrasena', error ?? undefined)}
          />
        </Field>
        <label className="check">
          <input type="checkbox" checked={critico} onChange={(e) => setCritico(e.target.checked)} />
          <span>Hallazgo crítico: abre el aviso para comunicarlo al médico tratante</span>
        </label>
        <PieDialogo fallo={fallo} onVolver={onVolver} enviando={enviando} enviar="Firmar" />
      </form>
    </Modal>
  )
}

export function NuevaVersionDialogo({
  informe,
  tipo,
  onCreada,
  onVolver,
}: {
  informe: Informe
  tipo: 'adenda' | 'correccion'
  onCreada: (f: Informe) => void
  onVolver: () => void
}) {
  const [motivo, setMotivo] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [fallo, setFallo] = useState<string | null>(null)
  const [enviando, setEnviando] = useState(false)
  const nombre = tipo === 'adenda' ? 'adenda' : 'corrección'

  const crear = async (e: FormEvent) => {
    e.preventDefault()
    setFallo(null)
    if (!limpiar(motivo)) return setError(MENSAJES_INFORMES.motivoRequerido)
    setError(null)
    setEnviando(true)
    try {
      onCreada(await nuevaVersion(informe.id, tipo, motivo))
    } catch (err) {
      setFallo(mensajeDe(err, `No se pudo comenzar la ${nombre}`))
      setEnviando(false)
    }
  }

  return (
    <Modal labelledBy="version-titulo" describedBy="version-texto" onVolver={onVolver}>
      <h2 id="version-titulo">
        {tipo === 'adenda' ? 'Adenda' : 'Corrección'} del informe N.º {informe.numero}
      </h2>
      <p id="version-texto">
        {tipo === 'adenda'
          ? 'Una adenda agrega texto al informe firmado, que sigue vigente.'
          : 'Una corrección parte del texto firmado y, firmada, lo reemplaza; el anterior queda visible, marcado como reemplazado.'}
      </p>
      <form className="dialog__form" onSubmit={(e) => void crear(e)} noValidate>
        <Field id="version-motivo" label="Motivo" required error={error ?? undefined}>
          <input
            className="input"
            maxLength={500}
            autoComplete="off"
            autoFocus
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            {...describe('version-motivo', error ?? undefined)}
          />
        </Field>
        <PieDialogo
          fallo={fallo}
          onVolver={onVolver}
          enviando={enviando}
          enviar={`Comenzar ${nombre}`}
        />
      </form>
    </Modal>
  )
}
