// A patient's entregas (migrations/0074_entregas.sql), newest first: what the desk's list and the
// patient's own page read, one statement for both. Emails carry their address and to whom; the
// desk's user is named by the account's name.
import type postgres from 'postgres'
import { TIPO_DOCUMENTO_ETIQUETA, type TipoDocumento } from '../../shared/catalogos.js'
import type { Entrega, EntregaPaciente } from '../../shared/entregas.js'
import type { Sql } from '../db.js'

/** The most entregas one list shows. */
export const LIMITE_ENTREGAS = 500

export type FilaEntrega = Omit<Entrega, 'en'> & { en: Date }

export const COLUMNAS_ENTREGA = `e.id::text as id, e.documento, e.documento_id, e.medio, e.en,
  e.recibe_nombre, e.recibe_tipo_documento, e.recibe_documento, c.correo, c.destinatario,
  u.nombre as registrado_por`

/**
 * The statement, to run alone or among others of a transaction. Each of the patient's atenciones
 * reads its own entregas on entregas_atencion_idx (a lateral join): left to a plain join, the
 * planner hashed the whole table when a few atenciones held many entregas (the bench's), 25 ms
 * on the embedded home at 5,000 entregas.
 */
export const entregasSql = (
  sql: Sql | postgres.TransactionSql,
  pacienteId: number,
): postgres.PendingQuery<FilaEntrega[]> =>
  (sql as Sql)<FilaEntrega[]>`
    select ${(sql as Sql).unsafe(COLUMNAS_ENTREGA)}
    from atenciones a
      cross join lateral (select * from entregas e where e.atencion_id = a.id offset 0) e
      left join correos c on c.id = e.correo_id
      left join usuarios u on u.id = e.usuario_id
    where a.paciente_id = ${pacienteId}
    order by e.id desc limit ${LIMITE_ENTREGAS}`

export const aEntrega = (f: FilaEntrega): Entrega => ({ ...f, en: f.en.toISOString() })

/** «DNI ···· 5678»: enough for the patient to know who it was, not a number to copy. */
export function documentoOculto(tipo: TipoDocumento, documento: string): string {
  return `${TIPO_DOCUMENTO_ETIQUETA[tipo]} ···· ${documento.slice(-4)}`
}

/** What the patient's page shows of one: no desk user, the document masked. */
export const aEntregaPaciente = (f: FilaEntrega): EntregaPaciente => ({
  medio: f.medio,
  en: f.en.toISOString(),
  recibeNombre: f.recibeNombre,
  destinatario: f.destinatario,
  recibeDocumento:
    f.recibeTipoDocumento && f.recibeDocumento
      ? documentoOculto(f.recibeTipoDocumento, f.recibeDocumento)
      : null,
})
