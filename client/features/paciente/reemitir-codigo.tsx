// «Reemitir código de acceso» on the patient's record (docs/producto.md#ficha-del-paciente): for a
// patient who lost the code printed on their ticket. Asked first, since the old code stops working
// at once; the new one shows in a dialog that prints alone, the same box the ticket prints.
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { puede } from '../../../shared/permisos.js'
import { mensajeDe } from '../../api.js'
import { AccesoImpreso } from '../../components/acceso-impreso.js'
import { DialogoConfirmar } from '../../components/dialogo-confirmar.js'
import { IconAlert, IconPrinter } from '../../components/icons.js'
import { Modal } from '../../components/modal.js'
import { reemitirCodigo } from '../../lib/acceso-api.js'
import { paths } from '../../paths.js'
import { sesion } from '../../state/sesion.js'
import '../../components/pagina-impresa.css'

type Paso =
  | { tipo: 'cerrado' }
  | { tipo: 'confirmar'; fallo: string | null }
  | { tipo: 'emitiendo' }
  | { tipo: 'emitido'; codigo: string; emitidoEn: string; venceEn: string }

export function ReemitirCodigo({ pacienteId, nombre }: { pacienteId: number; nombre: string }) {
  const { usuario } = useSnapshot(sesion)
  const [paso, setPaso] = useState<Paso>({ tipo: 'cerrado' })
  if (!puede(usuario?.rol, 'pacientes.registrar')) return null

  const emitir = async () => {
    if (paso.tipo === 'emitiendo') return
    setPaso({ tipo: 'emitiendo' })
    try {
      const c = await reemitirCodigo(pacienteId)
      setPaso({ tipo: 'emitido', ...c })
    } catch (err) {
      setPaso({ tipo: 'confirmar', fallo: mensajeDe(err, 'No se pudo emitir el código') })
    }
  }
  const cerrar = () => setPaso({ tipo: 'cerrado' })

  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => setPaso({ tipo: 'confirmar', fallo: null })}
      >
        Reemitir código de acceso
      </button>
      {(paso.tipo === 'confirmar' || paso.tipo === 'emitiendo') && (
        <DialogoConfirmar
          id="reemitir"
          titulo="¿Reemitir el código de acceso?"
          volver="Volver"
          confirmar={paso.tipo === 'emitiendo' ? 'Emitiendo…' : 'Reemitir código'}
          onVolver={cerrar}
          onConfirmar={() => void emitir()}
        >
          {`El código anterior dejará de servir en el acto. ${nombre} entrará a sus resultados con el nuevo.`}
          {paso.tipo === 'confirmar' && paso.fallo && (
            <span className="alert alert--error" role="alert">
              <IconAlert />
              <span>{paso.fallo}</span>
            </span>
          )}
        </DialogoConfirmar>
      )}
      {paso.tipo === 'emitido' && (
        <Modal className="codigo-dialogo" labelledBy="codigo-nuevo-titulo" onVolver={cerrar}>
          <h2 id="codigo-nuevo-titulo">Código de acceso nuevo</h2>
          <AccesoImpreso
            acceso={{
              codigo: paso.codigo,
              emitidoEn: paso.emitidoEn,
              venceEn: paso.venceEn,
              url: `${window.location.origin}${paths.misResultados}`,
            }}
            pacienteId={pacienteId}
          />
          <div className="dialog__actions">
            <button type="button" className="btn btn--secondary" onClick={cerrar}>
              Cerrar
            </button>
            <button type="button" className="btn btn--primary" onClick={() => window.print()}>
              <IconPrinter />
              Imprimir
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}
