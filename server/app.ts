// Builds the Fastify app: external plugins first, then the app's own, then routes.
import { randomUUID } from 'node:crypto'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyCors from '@fastify/cors'
import fastifyHelmet from '@fastify/helmet'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db.js'
import { registerErrorHandler } from './errors.js'
import { CLIENT_DIR } from './paths.js'
import { healthRoutes } from './routes/health.js'
import { spa } from './spa.js'

export interface AppOptions {
  config: Config
  db: Database
  logger?: FastifyServerOptions['logger']
  clientDir?: string
}

export async function buildApp({ config, db, logger = false, clientDir = CLIENT_DIR }: AppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger,
    // A hop count is valid for Fastify (proxy-addr) though its types list only the other forms.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    ajv: { customOptions: { allErrors: true, verbose: true, coerceTypes: false } },
    return503OnClosing: true,
  }
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>()

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(fastifyHelmet, {
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
  })
  await app.register(fastifyCompress, { threshold: 1024 })
  await app.register(fastifyCookie)
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true })
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Clínica API', version: '1.0.0', description: 'Gestión de pacientes y atenciones' },
    },
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true })

  registerErrorHandler(app)
  await app.register(spa, { clientDir })

  await app.register(healthRoutes, { sql: db.sql })

  return app
}
