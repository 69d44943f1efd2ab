-- An email to an atención's médico solicitante links to the document itself (docs/api.md#correos).
-- The link's token is kept as its SHA-256 and works until `enlace_vence_en` (the clinic's
-- access-code validity when it was asked for). The link in the message's text holds «{{enlace}}»
-- where the token goes: the token in clear waits in `enlace_token` only until the outbox is done
-- with the row (sent, failed or interrupted), and is erased then. Emails to the patient carry no such link:
-- they lead to /resultados, where the patient's own code opens the document.
alter table correos
  add column enlace_hash bytea check (length(enlace_hash) = 32),
  add column enlace_vence_en timestamptz,
  add column enlace_token text check (length(enlace_token) between 20 and 100),
  add constraint correos_enlace_check
    check ((enlace_hash is null) = (enlace_vence_en is null)
      and (enlace_hash is null or destinatario = 'solicitante')
      and (enlace_token is null or enlace_hash is not null));
create unique index correos_enlace_idx on correos (enlace_hash) where enlace_hash is not null;
