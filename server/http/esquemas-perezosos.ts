// Each route's schemas are compiled on the route's first request, not at start. Fastify compiles
// every validator (Ajv) and response serializer (fast-json-stringify) of every route while it
// starts: about 0.9 of the 3.5 s the embedded home took to answer its first request
// (docs/presupuestos.md#arranque-de-la-base-embebida). The compilers are Fastify's own defaults
// (the same packages and options it would use); only when they run changes, so the first request
// of each route after a start pays its route's share (some tens of milliseconds, measured).
import AjvCompiler from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type Validador = ((datos: unknown, contexto?: unknown) => unknown) & {
  errors?: unknown
  schemaEnv?: unknown
}

/** Compiles on the first call; `valor` builds it. */
function alPrimerUso<F extends (...a: never[]) => unknown>(valor: () => F): () => F {
  let f: F | undefined
  return () => (f ??= valor())
}

type Fabricas = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>
type Ruta = Parameters<ReturnType<ReturnType<typeof AjvCompiler>>>[0]
type RutaSerializador = Parameters<ReturnType<ReturnType<typeof SerializerSelector>>>[0]

/** Fastify's own compilers, run on each route's first request; one set per server, as Fastify's. */
export function compiladoresPerezosos(): Fabricas {
  const ajv = AjvCompiler()
  const serializadores = SerializerSelector()
  const perezosos = {
    buildValidator(externos: unknown, opciones: unknown) {
      const compilar = ajv(externos as never, opciones as never)
      return (ruta: Ruta) => {
        const real = alPrimerUso(() => compilar(ruta) as unknown as Validador)
        const validar: Validador = (datos, contexto) => {
          const v = real()
          const resultado = v(datos, contexto)
          // Fastify reads the errors off the function it called.
          validar.errors = v.errors
          return resultado
        }
        // An Ajv validator has it: Fastify then passes the request as the value's parent, so a
        // validator may replace the value itself, as it would without this wrapper.
        validar.schemaEnv = true
        return validar
      }
    },
    buildSerializer(externos: unknown, opciones: unknown) {
      const compilar = serializadores(externos as never, opciones as never)
      return (ruta: RutaSerializador) => {
        const real = alPrimerUso(() => compilar(ruta))
        return (datos: unknown) => real()(datos)
      }
    },
  }
  // Fastify's types want Ajv's own function type back; the wrapper is called the same way.
  return perezosos as unknown as Fabricas
}
