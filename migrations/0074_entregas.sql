-- Every time a signed document reached someone (docs/api.md#entregas): a printed copy the desk
-- handed over (to whom, with their document, and who at the desk), an email the outbox sent (its
-- row in correos, written in the same statement that marks it «enviado»), or a download (from the
-- patient's page, or by the solicitante with the link of an email; from which address). Rows are only added: a delivery that happened stays.
create table entregas (
  id bigint generated always as identity primary key,
  -- The document's atención (the patient follows it through a merge) and the document itself.
  atencion_id integer not null references atenciones (id),
  documento text not null check (documento in ('informe', 'resultados')),
  documento_id integer not null,
  medio text not null check (medio in ('impresa', 'correo', 'descarga')),
  recibe_nombre text check (length(recibe_nombre) between 3 and 120),
  recibe_tipo_documento text
    check (recibe_tipo_documento in ('dni', 'cedula', 'pasaporte', 'ruc', 'ce', 'cpp', 'cnv')),
  recibe_documento text check (length(recibe_documento) between 1 and 20),
  -- The email sent (medio correo), or the one whose link the solicitante downloaded it with.
  correo_id bigint references correos (id),
  -- Who at the desk recorded the copy or asked for the email; none for a patient's download.
  usuario_id integer references usuarios (id),
  direccion text,
  en timestamptz not null default now(),
  check ((medio = 'impresa') = (recibe_nombre is not null and recibe_tipo_documento is not null
    and recibe_documento is not null and usuario_id is not null)),
  check (medio <> 'correo' or correo_id is not null),
  check (medio <> 'impresa' or correo_id is null),
  check (medio <> 'descarga' or usuario_id is null)
);
comment on table entregas is
  'Entregas de documentos firmados: copia impresa (a quién, con su documento), correo enviado (su fila en correos) o descarga del paciente desde /resultados. Solo se agregan filas.';
create index entregas_atencion_idx on entregas (atencion_id, id);
-- One «correo» entrega per email sent.
create unique index entregas_correo_idx on entregas (correo_id) where medio = 'correo';
