// The one place the SMTP client (nodemailer 10.6.1, pinned: a well-kept client for TLS, STARTTLS,
// AUTH and the protocol's replies, which this project would otherwise write) is used. It sends a
// plain-text message and says whether a refusal is for good (a 5xx reply: the address or the
// message will not be taken) or may pass on a later try (a 4xx, a connection that failed or timed out).
import nodemailer from 'nodemailer'

export interface Mensaje {
  para: string
  asunto: string
  texto: string
}

export type ResultadoEnvio =
  { ok: true; id: string } | { ok: false; definitivo: boolean; error: string }

export interface Smtp {
  enviar(m: Mensaje): Promise<ResultadoEnvio>
  cerrar(): void
}

/** Seconds a slow SMTP server gets for each step before the try counts as failed. */
const ESPERA_MS = { conexion: 10_000, saludo: 10_000, inactividad: 30_000 }

export function crearSmtp(url: string, remitente: string): Smtp {
  const transporte = nodemailer.createTransport({
    url,
    connectionTimeout: ESPERA_MS.conexion,
    greetingTimeout: ESPERA_MS.saludo,
    socketTimeout: ESPERA_MS.inactividad,
  })
  return {
    async enviar(m) {
      try {
        const info = (await transporte.sendMail({
          from: remitente,
          to: m.para,
          subject: m.asunto,
          text: m.texto,
        })) as { messageId: string; rejected?: unknown[] }
        if (info.rejected && info.rejected.length > 0)
          return {
            ok: false,
            definitivo: true,
            error: 'El servidor de correo rechazó la dirección',
          }
        return { ok: true, id: info.messageId }
      } catch (err) {
        const e = err as { responseCode?: number; message?: string }
        return {
          ok: false,
          definitivo: typeof e.responseCode === 'number' && e.responseCode >= 500,
          error: String(e.message ?? err).slice(0, 1000),
        }
      }
    },
    cerrar: () => transporte.close(),
  }
}
