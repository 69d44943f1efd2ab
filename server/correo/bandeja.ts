// The outbox's sender (migrations/0072_correos.sql): takes each email due, one at a time, and
// records what the SMTP server said. Taking a row commits «enviando» before the SMTP server is
// spoken to, and `for update skip locked` lets two servers on one database share the outbox
// without both taking a row. A failure that may pass waits longer each time; after its tries, or on
// a refusal for good, the row is «fallido». A row left «enviando» past its lease (the server stopped
// mid-send) becomes «incierto»: it may have left, so it is never sent again by itself.
import type { Sql } from '../db.js'
import type { Smtp } from './smtp.js'

/** Tries before a row is «fallido»: the last one about four hours after the first. */
export const INTENTOS_MAXIMOS = 8
/** Longer than any send can take with the client's timeouts. */
const PLAZO_ENVIO_MINUTOS = 15
/** Rows one pass takes at most: a pass that took them all is followed by another at once. */
export const POR_PASADA = 50

/** Minutes to wait after the `intentos`-th failed try: 1, 2, 4 … up to an hour. */
export const esperaTrasFallo = (intentos: number): number =>
  Math.min(60, 2 ** Math.max(0, intentos - 1))

interface Tomado {
  id: string
  correo: string
  asunto: string
  texto: string
  intentos: number
  /** A solicitante's link token, put where the link in the text says «{{enlace}}». */
  enlaceToken: string | null
}

/** Where the link in a message's text takes its token (migrations/0075_correos_enlace.sql). */
export const MARCA_ENLACE = '{{enlace}}'

/** Marks the rows whose send was cut off «incierto»; how many there were. */
export async function rescatarInterrumpidos(sql: Sql): Promise<number> {
  const filas = await sql`
    update correos set estado = 'incierto', enlace_token = null,
      error = 'El servidor se detuvo durante el envío: el correo pudo salir o no'
    where estado = 'enviando'
      and tomado_en < now() - make_interval(mins => ${PLAZO_ENVIO_MINUTOS})
    returning id`
  return filas.length
}

/** Takes the next row due, committed as «enviando», or none. */
async function tomar(sql: Sql): Promise<Tomado | undefined> {
  const [t] = await sql<Tomado[]>`
    update correos set estado = 'enviando', tomado_en = now(), intentos = intentos + 1
    where id = (
      select id from correos where estado = 'pendiente' and proximo_en <= now()
      order by proximo_en, id limit 1
      for update skip locked)
    returning id, correo, asunto, texto, intentos, enlace_token`
  return t
}

/**
 * One pass: rescues the interrupted rows, then sends what is due, up to POR_PASADA. Returns how
 * many rows it took (sent, put off or failed): POR_PASADA says more may be due. `smtp` null
 * (SMTP_URL not set) sends nothing: the rows wait for a server to be configured.
 */
export async function enviarPendientes(sql: Sql, smtp: Smtp | null): Promise<number> {
  await rescatarInterrumpidos(sql)
  if (!smtp) return 0
  let tomados = 0
  for (; tomados < POR_PASADA; tomados++) {
    const t = await tomar(sql)
    if (!t) break
    const texto = t.enlaceToken ? t.texto.replace(MARCA_ENLACE, t.enlaceToken) : t.texto
    const r = await smtp.enviar({ para: t.correo, asunto: t.asunto, texto })
    if (r.ok) {
      // Sent and delivered in one statement: the patient's page never misses an email that left.
      await sql`
        with e as (
          update correos set estado = 'enviado', enviado_en = now(), error = null,
            enlace_token = null
          where id = ${t.id} and estado = 'enviando'
          returning id, atencion_id, documento, documento_id, pedido_por, enviado_en)
        insert into entregas (atencion_id, documento, documento_id, medio, correo_id, usuario_id, en)
        select atencion_id, documento, documento_id, 'correo', id, pedido_por, enviado_en from e`
    } else if (r.definitivo || t.intentos >= INTENTOS_MAXIMOS) {
      await sql`update correos set estado = 'fallido', error = ${r.error}, enlace_token = null
        where id = ${t.id} and estado = 'enviando'`
    } else {
      await sql`update correos set estado = 'pendiente', error = ${r.error},
          proximo_en = now() + make_interval(mins => ${esperaTrasFallo(t.intentos)})
        where id = ${t.id} and estado = 'enviando'`
    }
  }
  return tomados
}
