-- Staff accounts, server-side sessions, failed-login counts and the append-only audit trail.
-- Nothing here references pacientes, so this file does not depend on that migration.

create table usuarios (
  id integer generated always as identity primary key,
  usuario text not null unique check (usuario ~ '^[a-z0-9._-]{3,40}$'),
  nombre text not null check (length(nombre) between 1 and 120),
  rol text not null check (rol in ('admin', 'personal')),
  clave_hash text not null,
  activo boolean not null default true,
  creado_en timestamptz not null default now(),
  actualizado_en timestamptz not null default now()
);

-- The cookie holds a random token; only its SHA-256 is stored, so a copy of this table opens nothing.
create table sesiones (
  token_hash text primary key,
  usuario_id integer not null references usuarios (id) on delete cascade,
  creada_en timestamptz not null default now(),
  ultimo_uso timestamptz not null default now(),
  expira_en timestamptz not null,
  direccion text
);
create index sesiones_usuario_idx on sesiones (usuario_id);
create index sesiones_expira_idx on sesiones (expira_en);

-- One row per failed login, counted per attempted name and per address over a sliding window.
create table intentos_fallidos (
  id bigint generated always as identity primary key,
  usuario text not null,
  direccion text not null,
  en timestamptz not null default now()
);
create index intentos_usuario_idx on intentos_fallidos (usuario, en);
create index intentos_direccion_idx on intentos_fallidos (direccion, en);
create index intentos_en_idx on intentos_fallidos (en);

create table auditoria (
  id bigint generated always as identity primary key,
  en timestamptz not null default now(),
  usuario_id integer references usuarios (id),
  -- The name as given at the time (also for failed logins of names that do not exist).
  usuario text,
  direccion text,
  accion text not null check (accion ~ '^[a-z_]+\.[a-z_]+$'),
  paciente_id bigint,
  detalle jsonb
);
create index auditoria_usuario_idx on auditoria (usuario, id desc);
create index auditoria_paciente_idx on auditoria (paciente_id, id desc) where paciente_id is not null;
create index auditoria_accion_idx on auditoria (accion, id desc);

-- Append-only: the database itself refuses to change or remove what was recorded.
create or replace function auditoria_inmutable() returns trigger
  language plpgsql
  as $$
begin
  raise exception 'La auditoría no se puede modificar ni borrar' using errcode = 'insufficient_privilege';
end
$$;

create trigger auditoria_sin_cambios
  before update or delete on auditoria
  for each row execute function auditoria_inmutable();

create trigger auditoria_sin_truncate
  before truncate on auditoria
  for each statement execute function auditoria_inmutable();
