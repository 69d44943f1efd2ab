// The library's client, for the tests and the bench's checks: calls as a modality would, with
// the library's own Dataset and requests (docs/dicom.md#biblioteca), so callers never import it.
import dimse from 'dcmjs-dimse'
import { ESTADO, repararAnidados, SOP, type Elementos } from './dimse.js'

const { Client, Dataset, requests } = dimse

type Peticion = InstanceType<typeof requests.Request>

/** What a client call answered: the items of a C-FIND, or the status of the last response. */
export interface Respuesta {
  estado: number
  items: Elementos[]
  /** The last response's Error ID (0000,0903), when it had one. */
  errorId?: number
  /** Set when the association was rejected. */
  rechazada?: boolean
  /** The A-ASSOCIATE-RJ's result, source and reason (PS3.8 9.3.4). */
  rechazo?: { result: number; source: number; reason: number }
}

/**
 * A client call with one request (C-ECHO, C-FIND, N-CREATE or N-SET), for the tests and the bench:
 * the library's client, as a modality would call.
 */
export function llamarDicom(
  destino: { host: string; port: number; llamante: string; llamado: string },
  peticion: Peticion,
): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    const cliente = new Client()
    const r: Respuesta = { estado: -1, items: [] }
    peticion.on('response', (rsp: InstanceType<typeof dimse.responses.Response>) => {
      r.estado = rsp.getStatus()
      const errorId = rsp.getCommandDataset().getElement('ErrorID') as number | undefined
      if (errorId !== undefined) r.errorId = errorId
      const ds = rsp.getDataset()
      if (rsp.getStatus() === ESTADO.pendiente && ds)
        r.items.push(repararAnidados(ds.getElements()))
    })
    cliente.addRequest(peticion)
    cliente.on(
      'associationRejected',
      (rechazo: { result: number; source: number; reason: number }) => {
        r.rechazada = true
        r.rechazo = rechazo
      },
    )
    cliente.on('networkError', (e: Error) => reject(e))
    cliente.on('closed', () => resolve(r))
    cliente.send(destino.host, destino.port, destino.llamante, destino.llamado, {
      datasetNameMap: undefined,
    })
  })
}

/** The requests a client sends, built here so callers never import the library. */
export const peticion = {
  eco: () => new requests.CEchoRequest(),
  worklist: (consulta: Elementos) => {
    const r = new requests.CFindRequest()
    r.setAffectedSopClassUid(SOP.worklist)
    r.setDataset(new Dataset(consulta))
    return r
  },
  crearMpps: (uid: string, datos: Elementos) => {
    const r = new requests.NCreateRequest(SOP.mpps, uid)
    r.setDataset(new Dataset(datos))
    return r
  },
  cambiarMpps: (uid: string, datos: Elementos) => {
    const r = new requests.NSetRequest(SOP.mpps, uid)
    r.setDataset(new Dataset(datos))
    return r
  },
}
