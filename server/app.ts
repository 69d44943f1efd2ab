// Builds the Fastify app: external plugins first, then the app's own, then routes.
import { randomUUID } from 'node:crypto'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyCors from '@fastify/cors'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import helmet from 'helmet'
import { autenticacion } from './auth/plugin.js'
import type { Config } from './config.js'
import { limitarConexiones, opcionesConexion } from './conexiones.js'
import { jsonEstricto } from './cuerpo-json.js'
import type { Database } from './db.js'
import { frameworkErrors, registerErrorHandler } from './errors.js'
import { compiladoresPerezosos } from './http/esquemas-perezosos.js'
import { withMessageExtensions } from './openapi.js'
import { CLIENT_DIR } from './paths.js'
import { cacheCatalogos } from './catalogos.js'
import { auditoriaRoutes } from './routes/auditoria.js'
import { respaldosRoutes } from './routes/respaldos.js'
import { catalogosRoutes } from './routes/catalogos.js'
import { clinicaRoutes, configuracionClinicaRoutes } from './routes/clinica.js'
import { configuracionRoutes } from './routes/configuracion.js'
import { configuracionLaboratorioRoutes } from './routes/configuracion-laboratorio.js'
import { bloqueosRoutes } from './routes/bloqueos.js'
import { configuracionFeriadosRoutes, feriadosRoutes } from './routes/feriados.js'
import { atencionesRoutes } from './routes/atenciones.js'
import { citasRoutes } from './routes/citas.js'
import { citasPacienteRoutes } from './routes/citas-paciente.js'
import { estadisticasRoutes } from './routes/estadisticas.js'
import { exportacionRoutes } from './routes/exportacion.js'
import { fusionesRoutes } from './routes/fusiones.js'
import { healthRoutes } from './routes/health.js'
import { miCuentaRoutes } from './routes/mi-cuenta.js'
import { mppsRoutes } from './routes/mpps.js'
import { pacientesRoutes } from './routes/pacientes.js'
import { preferenciasRoutes } from './routes/preferencias.js'
import { sesionRoutes } from './routes/sesion.js'
import { ticketRoutes } from './routes/ticket.js'
import { informesRoutes } from './routes/informes.js'
import { plantillasRoutes } from './routes/plantillas.js'
import { hallazgosRoutes } from './routes/hallazgos.js'
import { laboratorioRoutes } from './routes/laboratorio.js'
import { resultadosRoutes } from './routes/resultados.js'
import { muestrasRoutes } from './routes/muestras.js'
import { visitasRoutes } from './routes/visitas.js'
import { medicosSolicitantesRoutes } from './routes/medicos-solicitantes.js'
import { verificacionRoutes } from './routes/verificacion.js'
import { accesoRoutes } from './routes/acceso.js'
import { correosRoutes } from './routes/correos.js'
import { entregasRoutes } from './routes/entregas.js'
import { usuariosRoutes } from './routes/usuarios.js'
import { spa } from './spa.js'

export interface AppOptions {
  config: Config
  db: Database
  logger?: FastifyServerOptions['logger']
  clientDir?: string
}

export async function buildApp({
  config,
  db,
  logger = false,
  clientDir = CLIENT_DIR,
}: AppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger,
    // A hop count is valid for Fastify (proxy-addr) though its types list only the other forms.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    // `mensaje` on a schema is the Spanish message for its field (see errors.ts).
    ajv: {
      customOptions: { allErrors: true, verbose: true, coerceTypes: false, keywords: ['mensaje'] },
    },
    schemaController: { compilersFactory: compiladoresPerezosos() },
    return503OnClosing: true,
    frameworkErrors,
    ...opcionesConexion(config),
  }
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>()
  limitarConexiones(app, config)
  jsonEstricto(app)

  // The address is read while the socket is surely there: after a client resets the connection
  // `request.ip` is undefined, and a statement built with it must never reach the database.
  app.decorateRequest('direccion', null)
  app.addHook('onRequest', (request, _reply, done) => {
    request.direccion = request.ip ?? null
    done()
  })

  // While closing, answers in flight close their keep-alive connection, or the stop would
  // wait for clients to hang up.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (closing) reply.header('connection', 'close')
  })

  // Built once, applied to every answer (the SPA, JSON, errors, files, the docs). The Fastify
  // plugin rebuilt the same headers from these options on every request: 5 % of the server's CPU.
  const cabeceras = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    // X-Frame-Options for browsers that predate frame-ancestors; same rule: never framed.
    frameguard: { action: 'deny' },
  })
  app.addHook('onRequest', (request, reply, done) =>
    cabeceras(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  )
  await app.register(fastifyCompress, { threshold: 1024 })
  await app.register(fastifyCookie)
  // Before any route: its onRoute hook closes every route that does not say `auth: false`.
  await app.register(autenticacion, { config, sql: db.sql })
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true })
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Clínica API',
        version: '1.0.0',
        description: 'Gestión de pacientes y atenciones',
      },
    },
    transformObject: (d) =>
      withMessageExtensions('openapiObject' in d ? d.openapiObject : d.swaggerObject),
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // The UI's own CSP (hashes of its inline scripts) keeps the app's framing and HTTPS rules.
    transformStaticCSP: (csp) =>
      csp
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(config.cookieSecure ? /$^/ : /\s*upgrade-insecure-requests;?/, ''),
  })

  registerErrorHandler(app)
  await app.register(spa, { clientDir })

  const catalogos = cacheCatalogos(db.sql)
  await app.register(healthRoutes, { sql: db.sql })
  await app.register(catalogosRoutes, { catalogos })
  await app.register(configuracionRoutes, { sql: db.sql, catalogos })
  await app.register(configuracionFeriadosRoutes, { sql: db.sql, catalogos })
  await app.register(bloqueosRoutes, { sql: db.sql, config, catalogos })
  await app.register(feriadosRoutes, { sql: db.sql, config })
  await app.register(clinicaRoutes, { sql: db.sql })
  await app.register(configuracionClinicaRoutes, { sql: db.sql })
  await app.register(pacientesRoutes, { db, config, catalogos })
  await app.register(exportacionRoutes, { db, config, catalogos })
  await app.register(atencionesRoutes, { sql: db.sql, config, catalogos })
  await app.register(visitasRoutes, { sql: db.sql, config, catalogos })
  await app.register(medicosSolicitantesRoutes, { sql: db.sql })
  await app.register(citasRoutes, { sql: db.sql, config, catalogos })
  await app.register(citasPacienteRoutes, { sql: db.sql, config })
  await app.register(ticketRoutes, { sql: db.sql, config })
  await app.register(informesRoutes, { sql: db.sql, config })
  await app.register(plantillasRoutes, { sql: db.sql })
  await app.register(hallazgosRoutes, { sql: db.sql, config })
  await app.register(laboratorioRoutes, { sql: db.sql, config, catalogos })
  await app.register(muestrasRoutes, { sql: db.sql, config })
  await app.register(resultadosRoutes, { sql: db.sql, config, catalogos })
  await app.register(configuracionLaboratorioRoutes, { sql: db.sql, catalogos })
  await app.register(estadisticasRoutes, { sql: db.sql, config })
  await app.register(sesionRoutes, { sql: db.sql, config })
  await app.register(miCuentaRoutes, { sql: db.sql, config })
  await app.register(usuariosRoutes, { sql: db.sql })
  await app.register(auditoriaRoutes, { sql: db.sql, config })
  await app.register(respaldosRoutes, { db, config })
  await app.register(fusionesRoutes, { sql: db.sql, config })
  await app.register(preferenciasRoutes, { sql: db.sql, config, catalogos })
  await app.register(mppsRoutes, { sql: db.sql, config })
  await app.register(verificacionRoutes, { sql: db.sql, config })
  await app.register(accesoRoutes, { sql: db.sql, config })
  await app.register(correosRoutes, { sql: db.sql, config })
  await app.register(entregasRoutes, { sql: db.sql })

  return app
}
