// The SCP on dcmjs-dimse (pinned to 0.3.3; docs/dicom.md#biblioteca says why and what it lacks;
// its client for tests is cliente-dimse.ts). It owns the TCP server and the associations; what is
// answered is the caller's (`Conexion`), in plain objects of DICOM keywords (dcmjs's naturalized
// datasets).
import net from 'node:net'
import dimse from 'dcmjs-dimse'
import { codificar, codificarComando, NoCodificable } from './codificar.js'
import { DICOM_MAX_POR_DIRECCION } from '../config.js'
import { porDireccion } from '../por-direccion.js'
import { limitarPdus } from './limite-pdu.js'

const { Scp, Dataset, constants, responses } = dimse
const { SopClass, Status, TransferSyntax, PresentationContextResult: Resultado } = constants

// Its own log prints every PDU to the console; what matters is logged by the caller.
dimse.log.setLevel('silent')

/** A dataset as dcmjs naturalizes it: keywords to values, sequences as arrays of datasets. */
export type Elementos = Record<string, unknown>

export const SOP = {
  verificacion: SopClass.Verification,
  worklist: SopClass.ModalityWorklistInformationModelFind,
  mpps: SopClass.ModalityPerformedProcedureStep,
} as const

/** DIMSE statuses the caller answers with (PS3.7 C, PS3.4 K.4.1.1.4 and F.7.2). */
export const ESTADO = {
  exito: Status.Success,
  pendiente: Status.Pending,
  cancelado: Status.Cancel,
  fallo: Status.ProcessingFailure,
  instanciaRepetida: Status.DuplicateSOPInstance,
  sinInstancia: Status.NoSuchObjectInstance,
  valorInvalido: Status.InvalidAttributeValue,
  faltaAtributo: Status.MissingAttributeValue,
  /** A required attribute absent altogether (0120; 0121 is one present without a value). */
  atributoAusente: 0x0120,
  /** N-SET on a step already COMPLETED or DISCONTINUED: Processing failure with Error ID A710. */
  pasoTerminado: 0x0110,
  /** C-FIND: Refused, out of resources (too many matches). */
  demasiados: 0xa700,
  /** C-FIND: the identifier does not match the SOP class (a key that cannot be read). */
  identificadorInvalido: 0xa900,
} as const

const SINTAXIS = [TransferSyntax.ExplicitVRLittleEndian, TransferSyntax.ImplicitVRLittleEndian]
const ABSTRACTAS = new Set<string>(Object.values(SOP))

export interface Llamada {
  llamante: string
  llamado: string
  /** The peer's IP address (an IPv4-mapped IPv6 address written as IPv4). */
  direccion: string
}

export interface RespuestaN {
  estado: number
  comentario?: string
  /** N-CREATE: the instance UID the SCP gave when the request named none. */
  uid?: string
  /** Error ID (0000,0903): which failure, for the statuses that name one (PS3.4 F.7.2.2). */
  errorId?: number
}

/** An association's outcome: accepted, or rejected for the AE title the SCP does not know. */
export type Asociacion = 'aceptada' | 'llamanteDesconocido' | 'llamadoDesconocido'

/** What one TCP connection is answered; a new one per connection. */
export interface Conexion {
  /** Rejected as "calling" or "called AE title not recognized" (PS3.8 9.3.4, reasons 3 and 7). */
  asociar(llamada: Llamada): Promise<Asociacion>
  /** The connection was refused: its address already holds the most it may (`maxPorDireccion`). */
  limitada(direccion: string): void
  worklist(consulta: Elementos): Promise<{ items: Elementos[] } | RespuestaN>
  crearMpps(uid: string | undefined, datos: Elementos): Promise<RespuestaN>
  cambiarMpps(uid: string, datos: Elementos): Promise<RespuestaN>
  /** A handler failed: the request got a processing failure. */
  error(err: unknown): void
}

/** Items sent between two yields to the event loop: a large answer never holds it for long. */
export const ITEMS_POR_TURNO = 25

/**
 * dcmjs 0.50 decodes text inside sequence items as Windows-1252 even when the dataset declares UTF-8
 * (ISO_IR 192): its bytes are read back as UTF-8 here, for every dataset received.
 */
export function repararAnidados(elementos: Elementos): Elementos {
  if (!texto(elementos.SpecificCharacterSet).includes('ISO_IR 192')) return elementos
  const utf8 = (v: unknown): unknown => {
    if (typeof v !== 'string') return v
    const bytes = bytesLeidos(v)
    if (!bytes) return v
    // Bytes that are not UTF-8 were decoded right (a nested item with its own character set).
    const leido = bytes.toString('utf8')
    return leido.includes('\ufffd') ? v : leido
  }
  const anidado = (v: unknown): unknown => {
    if (typeof v === 'string') return utf8(v)
    if (Array.isArray(v)) return v.map(anidado)
    if (v && typeof v === 'object' && !(v instanceof ArrayBuffer) && !ArrayBuffer.isView(v))
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, k === '_vrMap' ? x : anidado(x)]),
      )
    return v
  }
  const secuencia = (v: unknown) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((i) => i && typeof i === 'object' && !('Alphabetic' in i))
  return Object.fromEntries(
    Object.entries(elementos).map(([k, v]) => [k, secuencia(v) ? anidado(v) : v]),
  )
}

/**
 * The characters dcmjs decodes bytes 0x80–0x9F to (Windows-1252, not Latin-1): UTF-8's second byte
 * of an upper-case accented letter falls there (Ó is C3 93, read as «Ã“»; Ñ is C3 91).
 */
const CP1252: Readonly<Record<string, number>> = (() => {
  const decodificador = new TextDecoder('windows-1252')
  return Object.fromEntries(
    Array.from({ length: 0x20 }, (_, i) => [
      decodificador.decode(Uint8Array.of(0x80 + i)),
      0x80 + i,
    ]),
  )
})()

/** The bytes a single-byte decoding turned into `v`; undefined if it holds anything else. */
function bytesLeidos(v: string): Buffer | undefined {
  const bytes: number[] = []
  for (const c of v) {
    const punto = c.codePointAt(0)!
    const byte = punto <= 0xff ? punto : CP1252[c]
    if (byte === undefined) return undefined
    bytes.push(byte)
  }
  return Buffer.from(bytes)
}

const texto = (v: unknown) => (Array.isArray(v) ? v.join('\\') : typeof v === 'string' ? v : '')

const direccionDe = (socket: net.Socket) => (socket.remoteAddress ?? '').replace(/^::ffff:/, '')

type Peticion = InstanceType<typeof dimse.requests.Request>

/**
 * A response's Error Comment (0000,0902, LO): present only when there is something to say, and in
 * ASCII, the command set's only character repertoire (PS3.7 6.3.1): accents dropped, anything
 * else a '?', at most 64 characters.
 */
export function sinComentarioVacio(elementos: Elementos): Elementos {
  const { ErrorComment: comentario, ...resto } = elementos
  const texto = typeof comentario === 'string' ? comentario : ''
  if (texto.trim() === '') return resto
  const ascii = texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 64)
  return { ...resto, ErrorComment: ascii }
}

/** A response's command, likewise written by codificar.ts (dcmjs took ~0.25 ms for each). */
class ComandoCodificado extends Dataset {
  constructor(elementos: Elementos) {
    super(sinComentarioVacio(elementos))
  }

  override getDenaturalizedCommandDataset(opciones?: Record<string, unknown>): Buffer {
    try {
      return codificarComando(this.getElements())
    } catch (err) {
      if (!(err instanceof NoCodificable)) throw err
      return super.getDenaturalizedCommandDataset(opciones)
    }
  }
}

/**
 * A C-FIND answer's dataset: the library sends what getDenaturalizedDataset returns as the P-DATA,
 * so it returns our own encoding (codificar.ts; dcmjs took ~0.7 ms an item), or the library's
 * for what ours does not encode.
 */
class DatasetCodificado extends Dataset {
  override getDenaturalizedDataset(
    opciones?: Record<string, unknown>,
    nombres?: Record<string, unknown>,
  ): Buffer {
    try {
      return codificar(this.getElements(), this.getTransferSyntaxUid())
    } catch (err) {
      if (!(err instanceof NoCodificable)) throw err
      return super.getDenaturalizedDataset(opciones, nombres)
    }
  }
}

/** The SCP of one connection, with the library's defects worked around (docs/dicom.md#biblioteca). */
class ScpClinica extends Scp {
  private cancelados = new Set<number>()
  private asociada: InstanceType<typeof dimse.association.Association> | undefined

  constructor(
    private readonly tcp: net.Socket,
    private readonly conexion: Conexion,
  ) {
    super(tcp, {})
    // What the library could not read (it aborts nothing itself): the association ends here.
    this.on('networkError', (err: unknown) => this.fallo(err))
    // Its default `{}` makes every written dataset copy dcmjs's 5,000-entry name map.
    ;(this as unknown as { datasetNameMap: unknown }).datasetNameMap = undefined
    // Without it a one-match answer waits for Nagle's delayed ACK (~40 ms more).
    tcp.setNoDelay(true)
  }

  override associationRequested(asociacion: InstanceType<typeof dimse.association.Association>) {
    this.asociada = asociacion
    // PS3.8 9.3.2.2: at most 128 presentation contexts, with odd ids from 1 to 255. The library
    // numbers repeated ids past 255 and then cannot write its accept (a RangeError that ended the
    // process): such a request is refused, permanent, no reason given.
    const ids = asociacion.getPresentationContexts().map((pc) => pc.id)
    if (ids.length > 128 || ids.some((id) => id < 1 || id > 255 || id % 2 === 0)) {
      this.conexion.error(
        new Error(`A-ASSOCIATE-RQ con ${ids.length} contextos de presentación inválidos`),
      )
      this.seguro(() => this.sendAssociationReject(1, 1, 1))
      this.tcp.end()
      return
    }
    const llamada = {
      llamante: asociacion.getCallingAeTitle().trim(),
      llamado: asociacion.getCalledAeTitle().trim(),
      direccion: direccionDe(this.tcp),
    }
    this.conexion.asociar(llamada).then(
      (resultado) => {
        if (resultado !== 'aceptada') {
          // Permanent, by the service user, calling (3) or called (7) AE title not recognized.
          const motivo = resultado === 'llamadoDesconocido' ? 7 : 3
          this.seguro(() => this.sendAssociationReject(1, 1, motivo))
          this.tcp.end()
          return
        }
        this.seguro(() => {
          for (const pc of asociacion.getPresentationContexts()) {
            const contexto = asociacion.getPresentationContext(pc.id)
            const sintaxis = SINTAXIS.find((s) => contexto.hasTransferSyntaxUid(s))
            if (!ABSTRACTAS.has(contexto.getAbstractSyntaxUid()))
              contexto.setResult(Resultado.RejectAbstractSyntaxNotSupported)
            else if (!sintaxis) contexto.setResult(Resultado.RejectTransferSyntaxesNotSupported)
            else contexto.setResult(Resultado.Accept, sintaxis)
          }
          this.sendAssociationAccept()
        })
      },
      (err: unknown) => {
        this.conexion.error(err)
        this.seguro(() => this.sendAssociationReject(2, 1, 1))
        this.tcp.end()
      },
    )
  }

  override associationReleaseRequested() {
    this.seguro(() => this.sendAssociationReleaseResponse())
  }

  override cEchoRequest(
    request: InstanceType<typeof dimse.requests.CEchoRequest>,
    callback: (r: InstanceType<typeof responses.CEchoResponse>) => void,
  ) {
    this.seguro(() => {
      const r = responses.CEchoResponse.fromRequest(request)
      r.setStatus(ESTADO.exito)
      callback(r)
    })
  }

  override cFindRequest(request: InstanceType<typeof dimse.requests.CFindRequest>) {
    // The library's callback sends every answer at once and can be called only once: answers go
    // out here, ITEMS_POR_TURNO at a time.
    const ts = this.sintaxisDe(request)
    const responder = (estado: number, elementos?: Elementos, comentario = '') =>
      this.seguro(() => {
        const r = new responses.CFindResponse(estado, comentario)
        // Its constructor names the Study Root class; the answer is of the class asked.
        r.setAffectedSopClassUid(request.getAffectedSopClassUid())
        r.setMessageIdBeingRespondedTo(request.getMessageId())
        r.setCommandDataset(new ComandoCodificado(r.getCommandDataset().getElements()))
        if (elementos) r.setDataset(new DatasetCodificado(elementos, ts))
        this.sendResponse(request, r)
      })
    const id = request.getMessageId()
    const consulta = repararAnidados(request.getDataset()?.getElements() ?? {})
    this.conexion
      .worklist(consulta)
      .then(async (r) => {
        if (!('items' in r)) return responder(r.estado, undefined, r.comentario)
        for (let i = 0; i < r.items.length; i += ITEMS_POR_TURNO) {
          if (i > 0) await this.turno()
          // A turn's PDUs leave in one write, not two small ones per answer.
          this.tcp.cork()
          try {
            for (const item of r.items.slice(i, i + ITEMS_POR_TURNO)) {
              if (this.cancelados.has(id)) return responder(ESTADO.cancelado)
              if (!this.tcp.writable) return
              responder(ESTADO.pendiente, item)
            }
          } finally {
            this.tcp.uncork()
          }
        }
        responder(ESTADO.exito)
      })
      .catch((err: unknown) => {
        this.conexion.error(err)
        responder(ESTADO.fallo, undefined, 'Error interno')
      })
      .finally(() => this.cancelados.delete(id))
  }

  override cCancelRequest(request: InstanceType<typeof dimse.requests.CCancelRequest>) {
    this.cancelados.add(request.getMessageIdBeingRespondedTo())
  }

  override nCreateRequest(
    request: InstanceType<typeof dimse.requests.NCreateRequest>,
    callback: (r: InstanceType<typeof responses.NCreateResponse>) => void,
  ) {
    const uid = request.getAffectedSopInstanceUid() || undefined
    this.responderN(
      () =>
        this.conexion.crearMpps(uid, repararAnidados(request.getDataset()?.getElements() ?? {})),
      (r) => {
        const rsp = new responses.NCreateResponse(
          request.getAffectedSopClassUid(),
          r.uid ?? uid ?? '',
          r.estado,
          r.comentario ?? '',
        )
        rsp.setMessageIdBeingRespondedTo(request.getMessageId())
        const comando = rsp.getCommandDataset().getElements()
        if (r.errorId !== undefined) comando.ErrorID = r.errorId
        rsp.setCommandDataset(new ComandoCodificado(comando))
        callback(rsp)
      },
    )
  }

  override nSetRequest(
    request: InstanceType<typeof dimse.requests.NSetRequest>,
    callback: (r: InstanceType<typeof responses.NSetResponse>) => void,
  ) {
    const uid = request.getRequestedSopInstanceUid()
    this.responderN(
      () =>
        this.conexion.cambiarMpps(uid, repararAnidados(request.getDataset()?.getElements() ?? {})),
      (r) => {
        const rsp = new responses.NSetResponse(
          request.getRequestedSopClassUid(),
          uid,
          r.estado,
          r.comentario ?? '',
        )
        rsp.setMessageIdBeingRespondedTo(request.getMessageId())
        const comando = rsp.getCommandDataset().getElements()
        if (r.errorId !== undefined) comando.ErrorID = r.errorId
        rsp.setCommandDataset(new ComandoCodificado(comando))
        callback(rsp)
      },
    )
  }

  override abort() {
    this.tcp.destroy()
  }

  /**
   * Runs what the library writes: whatever it throws (a value it cannot encode, a closed socket)
   * ends this association, logged, and never the process.
   */
  private seguro(trabajo: () => void): void {
    try {
      trabajo()
    } catch (err) {
      this.fallo(err)
    }
  }

  private fallo(err: unknown): void {
    if (this.tcp.destroyed) return
    this.conexion.error(err)
    this.tcp.destroy()
  }

  private responderN(trabajo: () => Promise<RespuestaN>, enviar: (r: RespuestaN) => void) {
    trabajo().then(
      (r) => this.seguro(() => enviar(r)),
      (err: unknown) => {
        this.conexion.error(err)
        this.seguro(() => enviar({ estado: ESTADO.fallo, comentario: 'Error interno' }))
      },
    )
  }

  private sintaxisDe(request: Peticion): string {
    return (
      this.asociada
        ?.getAcceptedPresentationContextFromRequest(request)
        ?.getAcceptedTransferSyntaxUid() ?? TransferSyntax.ImplicitVRLittleEndian
    )
  }

  /** Yields to the event loop, or waits for the peer to read what was sent. */
  private turno(): Promise<void> {
    return new Promise((resolve) => {
      if (this.tcp.writableNeedDrain) this.tcp.once('drain', () => setImmediate(resolve))
      else setImmediate(resolve)
    })
  }
}

/** How long a connection may stay silent: an association's requests come within seconds. */
export const INACTIVIDAD_MS = 30_000

/**
 * A-ASSOCIATE-RJ, transient (2), by the service provider's presentation layer (3), local limit
 * exceeded (2): PS3.8 9.3.4. The peer may try again once one of its connections closes.
 */
const RECHAZO_POR_LIMITE = Buffer.from([0x03, 0, 0, 0, 0, 4, 0, 2, 3, 2])

/** Answers the connection's association request with RECHAZO_POR_LIMITE, unread, and closes it. */
function rechazarPorLimite(socket: net.Socket): void {
  socket.on('error', () => socket.destroy())
  socket.once('data', () => {
    socket.removeAllListeners('data')
    socket.resume()
    socket.end(RECHAZO_POR_LIMITE)
  })
  socket.setTimeout(5000, () => socket.destroy())
  socket.once('end', () => socket.destroy())
}

export interface ServidorDicom {
  puerto: number
  cerrar(): Promise<void>
}

/**
 * Listens on `host`:`port` (0 picks a free port); rejects if the port cannot be opened (in use,
 * not allowed), which the library would only have reported as an event.
 */
export function escucharDicom(
  opciones: {
    host: string
    port: number
    maxConexiones?: number
    /** A connection silent this long is closed (PS3.8's ARTIM, and after it, an idle one). */
    inactividadMs?: number
    /** Connections open at once from one address: a modality needs one or two. */
    maxPorDireccion?: number
  },
  nuevaConexion: (direccion: string) => Conexion,
): Promise<ServidorDicom> {
  const sockets = new Set<net.Socket>()
  const admitir = porDireccion(opciones.maxPorDireccion ?? DICOM_MAX_POR_DIRECCION)
  const servidor = net.createServer((socket) => {
    const direccion = direccionDe(socket)
    // Connections that never speak, or too many from one place, would keep the equipment out.
    if (!admitir(socket, direccion)) {
      rechazarPorLimite(socket)
      nuevaConexion(direccion).limitada(direccion)
      return
    }
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // A reset by the peer is not the server's failure; the library logs it and closes.
    socket.on('error', () => socket.destroy())
    const conexion = nuevaConexion(direccion)
    // Before the library's own reader, so that an oversized PDU is never buffered.
    limitarPdus(socket, (motivo) => conexion.error(new Error(`Asociación abortada: ${motivo}`)))
    new ScpClinica(socket, conexion)
    // After the library's own setTimeout (its connect timeout), which would replace this one.
    socket.setTimeout(opciones.inactividadMs ?? INACTIVIDAD_MS, () => socket.destroy())
  })
  servidor.maxConnections = opciones.maxConexiones ?? 64
  return new Promise((resolve, reject) => {
    servidor.once('error', reject)
    servidor.listen(opciones.port, opciones.host, () => {
      servidor.off('error', reject)
      const direccion = servidor.address() as net.AddressInfo
      resolve({
        puerto: direccion.port,
        cerrar: () =>
          new Promise((hecho) => {
            servidor.close(() => hecho())
            for (const s of sockets) s.destroy()
          }),
      })
    })
  })
}
