-- Every backup the server or `npm run respaldo` took, good or failed: Configuración shows the last
-- ones, so a backup that stopped working is seen there and not only in a log nobody reads.
create table respaldos (
  id bigint generated always as identity primary key,
  inicio timestamptz not null,
  fin timestamptz not null,
  origen text not null check (origen in ('diario', 'manual')),
  -- The file's name, not its path: where it lies is the server's business (RESPALDO_DIR).
  archivo text check (char_length(archivo) <= 200),
  bytes bigint check (bytes >= 0),
  sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
  -- Null when it worked; the reason, in Spanish, when it did not.
  error text check (char_length(error) <= 2000),
  check ((error is null) = (archivo is not null and bytes is not null and sha256 is not null))
);
create index respaldos_inicio_idx on respaldos (inicio desc);
comment on table respaldos is
  'Fuente: cada respaldo tomado, con su archivo, tamaño y suma, o el error que lo impidió.';
