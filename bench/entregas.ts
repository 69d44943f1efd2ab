// The desk's entregas (docs/api.md#entregas) on the patients whose result sheets were validated
// for hojaPdf: registrarEntrega records a printed copy of each one's sheet, patient after patient;
// entregasPaciente reads a patient's documents and entregas, as their record's card does.
import type { RequestParams } from 'autocannon'
import type { EntregasPaciente } from '../shared/entregas.js'
import type { PacienteMuestra } from './cases.js'
import { exigir, pedir } from './cuentas.js'
import type { Servidor } from './server.js'

/** A sampled patient's first signed document, as the card of their record lists it; none: undefined. */
export async function primerDocumento(
  s: Servidor,
  p: PacienteMuestra,
): Promise<EntregasPaciente['documentos'][number] | undefined> {
  const d = (await exigir(
    await pedir(s, 'GET', `/pacientes/${p.id}/entregas`),
    'Documentos del paciente',
  )) as unknown as EntregasPaciente
  return d.documentos[0]
}

export interface Entregas {
  registrar: () => RequestParams
  rutas: string[]
}

export async function preparaEntregas(
  s: Servidor,
  pacientes: PacienteMuestra[],
): Promise<Entregas> {
  const pedidos: RequestParams[] = []
  for (const p of pacientes) {
    const doc = await primerDocumento(s, p)
    if (!doc) continue
    pedidos.push({
      method: 'POST',
      path: `/pacientes/${p.id}/entregas`,
      body: JSON.stringify({
        documento: doc.tipo,
        documentoId: doc.id,
        recibeNombre: 'Rosa Quispe Huamán',
        recibeTipoDocumento: 'dni',
        recibeDocumento: '45678912',
      }),
    })
  }
  if (pedidos.length === 0) throw new Error('Ningún paciente con un documento firmado')
  let i = 0
  return {
    registrar: () => pedidos[i++ % pedidos.length]!,
    rutas: pacientes.map((p) => `/pacientes/${p.id}/entregas`),
  }
}
