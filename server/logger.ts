// Logs carry no passwords, cookies, bodies or query strings (search filters are names and
// documents) nor link tokens: requests are logged by method and path only.
import type { FastifyServerOptions } from 'fastify'
import type { Config } from './config.js'

export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'production'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.contrasena',
        '*.password',
      ],
      censor: '[oculto]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        // A solicitante's link is its token: the path says which route, never the token.
        path: req.url
          .split('?')[0]!
          .replace(/^\/resultados\/enlace\/.*/, '/resultados/enlace/[oculto]'),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    ...(!config.production && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  }
}
