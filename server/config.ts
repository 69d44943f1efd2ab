// Configuration comes only from the environment, is checked once at start and then frozen.
import { join } from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { LIMITE_ACCESO } from '../shared/acceso.js'
import { AE_TITLE_PATRON } from '../shared/configuracion.js'
import { usuarioReservado } from '../shared/usuarios.js'
import { LIMITE_VERIFICACION } from '../shared/verificacion-codigo.js'

/** DICOM connections at once from one address, unless DICOM_MAX_CONNECTIONS_PER_ADDRESS says. */
export const DICOM_MAX_POR_DIRECCION = 8

/** Whole seconds, 1 to 99999 (about a day): a limit of 0 would mean none. */
const Segundos = Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}$' }))

const Bool = Type.Union([
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('1'),
  Type.Literal('0'),
])

const EnvSchema = Type.Object({
  NODE_ENV: Type.Optional(Type.String()),
  PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  CLINIC_TZ: Type.Optional(Type.String({ minLength: 1 })),
  ADMIN_USER: Type.Optional(Type.String({ pattern: '^[a-z0-9._-]{3,40}$' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 128 })),
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1 })),
  COOKIE_SECURE: Type.Optional(Bool),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    ),
  ),
  DEMO_DATA: Type.Optional(Bool),
  CORS_ORIGIN: Type.Optional(Type.String()),
  SESSION_IDLE_MINUTES: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}$' })),
  SESSION_MAX_HOURS: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })),
  SESSION_CACHE_SECONDS: Type.Optional(Type.String({ pattern: '^(0|[1-9][0-9]?)$' })),
  HEADERS_TIMEOUT_SECONDS: Segundos,
  REQUEST_TIMEOUT_SECONDS: Segundos,
  KEEP_ALIVE_TIMEOUT_SECONDS: Segundos,
  CONNECTION_TIMEOUT_SECONDS: Segundos,
  MAX_CONNECTIONS: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  MAX_CONNECTIONS_PER_ADDRESS: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  DICOM_PORT: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}$' })),
  DICOM_HOST: Type.Optional(Type.String({ minLength: 1 })),
  DICOM_MAX_CONNECTIONS_PER_ADDRESS: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,1}$' })),
  DICOM_AE_TITLE: Type.Optional(Type.String({ pattern: AE_TITLE_PATRON })),
  DICOM_CODING_SCHEME: Type.Optional(Type.String({ pattern: '^[A-Z0-9_]{1,16}$' })),
  RESPALDO_DIR: Type.Optional(Type.String({ minLength: 1 })),
  RESPALDO_HORA: Type.Optional(Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|no)$' })),
  RESPALDO_CONSERVAR: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$' })),
  VERIFICACIONES_POR_DIRECCION: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  ACCESOS_POR_DIRECCION: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  SMTP_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 200 })),
})

export interface Config {
  production: boolean
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  clinicTz: string
  adminUser: string
  adminPassword: string | undefined
  /** Fastify's trustProxy: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string
  cookieSecure: boolean
  logLevel: string
  demoData: boolean
  corsOrigins: string[]
  sessionIdleMinutes: number
  sessionMaxHours: number
  /** How long a checked session is trusted without asking the database (0: always ask). */
  sessionCacheSeconds: number
  /** Most a client may take to send a request's headers (Node's headersTimeout). */
  headersTimeoutMs: number
  /** Most a client may take to send a whole request, body included (Node's requestTimeout). */
  requestTimeoutMs: number
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number
  /** A connection with no traffic either way for this long is closed (Fastify's connectionTimeout). */
  connectionTimeoutMs: number
  /** Open connections at most; past it new ones are dropped (Node's server.maxConnections). */
  maxConnections: number
  /** Open connections from one client address at most; past it new ones get 503 and are closed. */
  maxConnectionsPerAddress: number
  /** The DICOM worklist and MPPS server's port (docs/dicom.md); null keeps it off. */
  dicomPort: number | null
  dicomHost: string
  /** DICOM connections open at once from one address; past it an association is rejected. */
  dicomMaxPorDireccion: number
  /** The AE title the equipment calls (its "called AE"). */
  dicomAeTitle: string
  /** The Coding Scheme Designator of the catalogue's study codes in worklist items. */
  dicomEsquemaCodigos: string
  /** Where the embedded home's daily backups go (README, «Operación»). */
  respaldoDir: string
  /** The clinic-time 'HH:MM' after which the embedded home backs itself up each day; null: never. */
  respaldoHora: string | null
  /** How many daily backups are kept; older ones are deleted. */
  respaldoConservar: number
  /**
   * Where patients and doctors reach this server: a signed document's QR leads to its verification
   * page under it. Without a trailing slash.
   */
  publicUrl: string
  /** Document verifications (GET /v/:codigo) one address may ask for in each ten minutes. */
  verificacionesPorDireccion: number
  /** Patients' access tries (POST /resultados/acceso) one address may make in each ten minutes. */
  accesosPorDireccion: number
  /** The SMTP server the outbox sends through and the sender it names; null: no email is sent. */
  smtp: { url: string; remitente: string } | null
}

export class ConfigError extends Error {}

// Their values (a password, a URL that may carry one) never go into a message or a log.
const SECRETAS = new Set(['ADMIN_PASSWORD', 'DATABASE_URL', 'SMTP_URL'])

const isTrue = (v: string | undefined) => v === 'true' || v === '1'

function checkTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es-PE', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  if (v === undefined || v === 'false' || v === '0') return false
  if (v === 'true') return true
  if (/^[0-9]+$/.test(v)) return Number(v)
  return v
}

/** Reads the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.properties)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  )
  const first = Value.Errors(EnvSchema, known).First()
  if (first) {
    const name = first.path.replace(/^\//, '')
    const valor = SECRETAS.has(name) ? '' : `: "${String(first.value)}"`
    throw new ConfigError(`Variable de entorno ${name} inválida${valor}`)
  }
  const e = known as Static<typeof EnvSchema>
  const port = Number(e.PORT ?? 3000)
  if (port > 65535) throw new ConfigError(`Variable de entorno PORT inválida: "${e.PORT}"`)
  const clinicTz = e.CLINIC_TZ ?? 'America/Lima'
  if (!checkTimeZone(clinicTz)) {
    throw new ConfigError(`Variable de entorno CLINIC_TZ inválida: "${clinicTz}"`)
  }
  if (e.ADMIN_USER && usuarioReservado(e.ADMIN_USER)) {
    throw new ConfigError(
      `Variable de entorno ADMIN_USER inválida: "${e.ADMIN_USER}" es un nombre reservado`,
    )
  }
  const dicomPort = e.DICOM_PORT === undefined ? null : Number(e.DICOM_PORT)
  if (dicomPort !== null && dicomPort > 65535)
    throw new ConfigError(`Variable de entorno DICOM_PORT inválida: "${e.DICOM_PORT}"`)
  const databaseUrl = e.DATABASE_URL
  const segundos = (v: string | undefined, porDefecto: number) => Number(v ?? porDefecto) * 1000
  const headersTimeoutMs = segundos(e.HEADERS_TIMEOUT_SECONDS, 10)
  const requestTimeoutMs = segundos(e.REQUEST_TIMEOUT_SECONDS, 30)
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      `Variable de entorno HEADERS_TIMEOUT_SECONDS inválida: "${headersTimeoutMs / 1000}" supera REQUEST_TIMEOUT_SECONDS (${requestTimeoutMs / 1000})`,
    )
  }
  const dataDir = e.DATA_DIR ?? './data'
  // A message needs a sender the SMTP server accepts: it is not guessed from the URL.
  if (e.SMTP_URL && !e.SMTP_FROM)
    throw new ConfigError('Variable de entorno SMTP_FROM requerida cuando SMTP_URL está definida')
  return Object.freeze({
    production: e.NODE_ENV === 'production',
    port,
    host: e.HOST ?? '127.0.0.1',
    databaseUrl,
    dataDir,
    clinicTz,
    adminUser: e.ADMIN_USER ?? 'admin',
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: isTrue(e.COOKIE_SECURE),
    logLevel: e.LOG_LEVEL ?? 'info',
    // Demo rows only ever go into the embedded home unless asked for explicitly.
    demoData: e.DEMO_DATA === undefined ? databaseUrl === undefined : isTrue(e.DEMO_DATA),
    corsOrigins: (e.CORS_ORIGIN ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionIdleMinutes: Number(e.SESSION_IDLE_MINUTES ?? 30),
    sessionMaxHours: Number(e.SESSION_MAX_HOURS ?? 12),
    sessionCacheSeconds: Number(e.SESSION_CACHE_SECONDS ?? 5),
    headersTimeoutMs,
    requestTimeoutMs,
    // Fastify's default: longer than the 60 s idle timeout of common proxies and load balancers.
    keepAliveTimeoutMs: segundos(e.KEEP_ALIVE_TIMEOUT_SECONDS, 72),
    connectionTimeoutMs: segundos(e.CONNECTION_TIMEOUT_SECONDS, 120),
    maxConnections: Number(e.MAX_CONNECTIONS ?? 1000),
    // A browser opens six at most to a site: a hundred is a large office behind one NAT, and leaves
    // nine tenths of MAX_CONNECTIONS to everybody else when one address floods.
    maxConnectionsPerAddress: Number(e.MAX_CONNECTIONS_PER_ADDRESS ?? 100),
    dicomPort,
    // The equipment is on the clinic's network, never on this machine: only registered AE titles
    // from their own addresses are answered (docs/dicom.md#seguridad).
    dicomHost: e.DICOM_HOST ?? '0.0.0.0',
    // A modality needs one or two; a broker or a room behind one NAT, more (README).
    dicomMaxPorDireccion: Number(e.DICOM_MAX_CONNECTIONS_PER_ADDRESS ?? DICOM_MAX_POR_DIRECCION),
    dicomAeTitle: e.DICOM_AE_TITLE ?? 'CLINICA',
    // "99" opens a private scheme (PS3.16 8.2): the codes are the clinic's own catalogue.
    dicomEsquemaCodigos: e.DICOM_CODING_SCHEME ?? '99CLINICA',
    respaldoDir: e.RESPALDO_DIR ?? join(dataDir, 'respaldos'),
    // The quiet hours: a backup of the embedded home holds its one session while it runs.
    respaldoHora: e.RESPALDO_HORA === 'no' ? null : (e.RESPALDO_HORA ?? '03:00'),
    respaldoConservar: Number(e.RESPALDO_CONSERVAR ?? 14),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    // Someone checking a few printed documents needs a handful; guessing codes needs billions.
    verificacionesPorDireccion: Number(
      e.VERIFICACIONES_POR_DIRECCION ?? LIMITE_VERIFICACION.maximo,
    ),
    accesosPorDireccion: Number(e.ACCESOS_POR_DIRECCION ?? LIMITE_ACCESO.porDireccion),
    smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, remitente: e.SMTP_FROM } : null,
  })
}
