// The patient's access as an outsider tries it (docs/seguridad.md#código-de-acceso-a-resultados):
// a wrong code for a real document that has one (accesoCodigoErrado) and any code for a document
// nobody has (accesoDocumentoInexistente). Both must get the same 401 after the same work: the two
// cases run one after the other, and their p50 and CPU side by side are what an attacker's timing
// would have to tell apart.
import type { RequestParams } from 'autocannon'
import { ALFABETO_ACCESO, LIMITE_ACCESO } from '../shared/acceso.js'
import type { PacienteMuestra } from './cases.js'
import { enParalelo, exigir, pedir } from './cuentas.js'
import type { Servidor } from './server.js'

/**
 * Patients given a code for the wrong tries. A case measures at most 3000 requests after a warm-up
 * of up to about 3000 more, so each document, real or made up, is tried about 3 times: under its
 * limit of 5.
 */
export const PACIENTES_ACCESOS_FALLIDOS = 2000

export interface AccesosFallidos {
  codigoErrado: () => RequestParams
  documentoInexistente: () => RequestParams
}

/** A well-formed code, almost surely not the patient's: 80 random bits as the server draws them. */
function codigoAlAzar(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return [...bytes].map((b) => ALFABETO_ACCESO[b & 31]).join('')
}

const solicitud = (tipoDocumento: string, documento: string): RequestParams => ({
  method: 'POST',
  path: '/resultados/acceso',
  headers: { cookie: '' },
  body: JSON.stringify({ tipoDocumento, documento, codigo: codigoAlAzar() }),
})

/**
 * `pacientes` (none of them the accesoResultados case's: a new code voids the one before) get a
 * code from the desk; the made-up documents are theirs with the digits reversed, kept only where
 * the desk's own check says nobody is registered with it.
 */
export async function preparaAccesosFallidos(
  s: Servidor,
  pacientes: PacienteMuestra[],
): Promise<AccesosFallidos> {
  const reales = pacientes.slice(0, PACIENTES_ACCESOS_FALLIDOS)
  const inexistentes: [string, string][] = []
  await enParalelo(reales.length, 4, async (i) => {
    const p = reales[i]!
    await exigir(
      await pedir(s, 'POST', `/pacientes/${p.id}/codigo-acceso`),
      'Emitir el código de acceso',
    )
    const otro = [...p.documento].reverse().join('')
    const q = new URLSearchParams({ tipoDocumento: p.tipoDocumento, documento: otro })
    const hay = await exigir(await pedir(s, 'GET', `/pacientes/por-documento?${q}`), 'Documento')
    if (Array.isArray(hay) && hay.length === 0) inexistentes.push([p.tipoDocumento, otro])
  })
  if (inexistentes.length * LIMITE_ACCESO.porDocumento < 4000)
    throw new Error('Muy pocos documentos inexistentes para los intentos del caso')
  let i = 0
  let j = 0
  return {
    codigoErrado: () => {
      const p = reales[i++ % reales.length]!
      return solicitud(p.tipoDocumento, p.documento)
    },
    documentoInexistente: () => {
      // Never the same made-up document twice in a row: no per-document limit is reached.
      const [tipo, documento] = inexistentes[j++ % inexistentes.length]!
      return solicitud(tipo, documento)
    },
  }
}
