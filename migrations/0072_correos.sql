-- Emails the clinic sends about a signed document (docs/api.md#correos): an outbox. A request
-- writes its row and commits; the server's sender (server/correo/bandeja.ts) takes each row due,
-- marks it «enviando» in a commit of its own before speaking to the SMTP server, and «enviado» or
-- back to «pendiente» (a later try) or «fallido» after. A row found «enviando» after its lease
-- lapsed may or may not have left (the server stopped mid-send): it becomes «incierto» and is
-- never sent again by itself, so nothing is lost and nothing goes twice.
create table correos (
  id bigint generated always as identity primary key,
  -- The document's atención (the patient follows it through a merge) and the document itself.
  atencion_id integer not null references atenciones (id),
  documento text not null check (documento in ('informe', 'resultados')),
  documento_id integer not null,
  destinatario text not null check (destinatario in ('paciente', 'solicitante')),
  correo text not null check (length(correo) between 3 and 254),
  asunto text not null check (length(asunto) between 1 and 200),
  texto text not null check (length(texto) between 1 and 4000),
  estado text not null default 'pendiente'
    check (estado in ('pendiente', 'enviando', 'enviado', 'fallido', 'incierto')),
  intentos integer not null default 0 check (intentos >= 0),
  -- When it is due: now, or the next try after a failure.
  proximo_en timestamptz not null default now(),
  tomado_en timestamptz,
  enviado_en timestamptz,
  -- The SMTP server's last refusal or the connection's error, for the desk to read.
  error text check (length(error) <= 1000),
  pedido_por integer not null references usuarios (id),
  creado_en timestamptz not null default now(),
  check ((estado = 'enviado') = (enviado_en is not null)),
  check (estado <> 'enviando' or tomado_en is not null)
);
comment on table correos is
  'Correos sobre documentos firmados (bandeja de salida): pendiente → enviando → enviado, o de vuelta a pendiente tras un fallo pasajero, o fallido; incierto si el servidor se detuvo a medio envío (nunca se reenvía solo).';
-- The sender's next rows, and a patient's or document's emails in order.
create index correos_pendientes_idx on correos (proximo_en) where estado = 'pendiente';
create index correos_enviando_idx on correos (tomado_en) where estado = 'enviando';
create index correos_atencion_idx on correos (atencion_id, id);
