// The desk sends word of a validated result sheet by email (docs/api.md#correos): pedirCorreo
// asks for it, patient after patient, for those of the hojaPdf sample who have an email. The
// server's outbox sends each one through a real SMTP server in this process (the tests' own,
// server/test/smtp.ts), as it would through the clinic's: the request is measured while the
// outbox sends, and the outbox's pace over the half minute after the case is printed with it.
import type { RequestParams } from 'autocannon'
import { servidorSmtp } from '../server/test/smtp.js'
import type { PacienteMuestra } from './cases.js'
import { exigir, pedir } from './cuentas.js'
import { primerDocumento } from './entregas.js'
import type { Servidor } from './server.js'

/** The SMTP server the bench's server sends through: its settings and what it has taken. */
export type SmtpPrueba = Awaited<ReturnType<typeof servidorSmtp>>

export async function arrancarSmtp(): Promise<{ smtp: SmtpPrueba; env: NodeJS.ProcessEnv }> {
  const smtp = await servidorSmtp()
  return { smtp, env: { SMTP_URL: smtp.url, SMTP_FROM: 'resultados@clinica.prueba' } }
}

export interface Correos {
  pedir: () => RequestParams
  /** Patients the case asks for (those of the sample with an email and a signed document). */
  pacientes: number
}

/** Each sampled patient's first signed document, asked once here: those answered 202 are kept. */
export async function preparaCorreos(s: Servidor, pacientes: PacienteMuestra[]): Promise<Correos> {
  const pedidos: RequestParams[] = []
  for (const p of pacientes) {
    const doc = await primerDocumento(s, p)
    if (!doc) continue
    const cuerpo = { documento: doc.tipo, documentoId: doc.id, destinatario: 'paciente' }
    const res = await pedir(s, 'POST', `/pacientes/${p.id}/correos`, cuerpo)
    // 409: the patient has no email (the seed gives one to four adults in ten, no minor).
    if (res.status === 409) continue
    await exigir(res, 'Pedir el correo')
    pedidos.push({
      method: 'POST',
      path: `/pacientes/${p.id}/correos`,
      body: JSON.stringify(cuerpo),
    })
  }
  if (pedidos.length === 0) throw new Error('Ningún paciente de la muestra con correo y documento')
  let i = 0
  return { pedir: () => pedidos[i++ % pedidos.length]!, pacientes: pedidos.length }
}

/** What the outbox delivered after the case: up to `total` messages or `segundos` seconds. */
export interface Bandeja {
  /** Emails asked for in all (while preparing, warming up and measuring). */
  correos: number
  /** Taken by the SMTP server by the end of the wait. */
  entregados: number
  /** Taken during the wait, per second: the outbox's pace, one message after another. */
  porSegundo: number
  segundos: number
}

export async function esperarBandeja(
  smtp: SmtpPrueba,
  total: number,
  segundos: number,
): Promise<Bandeja> {
  const inicio = performance.now()
  const antes = smtp.recibidos.length
  while (smtp.recibidos.length < total && performance.now() - inicio < segundos * 1000)
    await new Promise((r) => setTimeout(r, 100))
  const s = (performance.now() - inicio) / 1000
  const entregados = smtp.recibidos.length
  return {
    correos: total,
    entregados,
    porSegundo: Math.round(((entregados - antes) / s) * 10) / 10,
    segundos: Math.round(s * 10) / 10,
  }
}
