-- A patient's access code to their signed documents (docs/seguridad.md#código-de-acceso-a-resultados):
-- one current code per patient, good for all of their signed informes and result sheets. Only a
-- SHA-256 of the code is kept; the code itself exists only in the answer that issues it (the
-- ticket or «Reemitir código de acceso»). Reissuing voids the current one in the same transaction.
create table codigos_acceso (
  id bigint generated always as identity primary key,
  paciente_id integer not null references pacientes (id),
  hash bytea not null check (octet_length(hash) = 32),
  emitido_en timestamptz not null default now(),
  vence_en timestamptz not null,
  -- Null when the ticket issued it at the desk without an account (never: kept for imports).
  emitido_por integer references usuarios (id),
  anulado_en timestamptz,
  check (vence_en > emitido_en),
  check (anulado_en is null or anulado_en >= emitido_en)
);
-- At most one code in force per patient: a second issue at the same time waits or fails.
create unique index codigos_acceso_vigente on codigos_acceso (paciente_id) where anulado_en is null;

-- A patient's download permit: the cookie carries a random token, this table its SHA-256, for
-- fifteen minutes after the code was accepted.
create table accesos_resultados (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  paciente_id integer not null references pacientes (id),
  creado_en timestamptz not null default now(),
  vence_en timestamptz not null,
  direccion text
);
create index accesos_resultados_vence_idx on accesos_resultados (vence_en);

-- Wrong access codes per document typed (whether it exists or not), shared by every instance.
create table intentos_acceso (
  id bigint generated always as identity primary key,
  clave text not null check (length(clave) <= 80),
  en timestamptz not null default now()
);
create index intentos_acceso_clave_idx on intentos_acceso (clave, id);

-- How many days a code works after it is issued (Configuración › Clínica).
alter table clinica add column acceso_vigencia_dias integer not null default 90
  check (acceso_vigencia_dias between 1 and 3650);
