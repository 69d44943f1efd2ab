-- The clinic's own identity: its name, RUC, address, phone, RENIPRESS code (MINSA's registry of
-- health establishments) and logo, shown on every screen, ticket and slip instead of a product
-- name (docs/producto.md#identidad-de-la-clínica). One row, which the admins edit in Configuración.
create table clinica (
  id boolean primary key default true check (id),
  nombre text not null check (char_length(nombre) between 1 and 120),
  ruc text check (ruc ~ '^(10|15|16|17|20)[0-9]{9}$'),
  direccion text check (char_length(direccion) between 1 and 200),
  telefono text check (telefono ~ '^[0-9+() -]{6,30}$'),
  renipress text check (renipress ~ '^[0-9]{8}$'),
  logo bytea check (octet_length(logo) <= 153600),
  logo_tipo text check (logo_tipo in ('image/png', 'image/jpeg')),
  actualizado_en timestamptz not null default now(),
  check ((logo is null) = (logo_tipo is null))
);
insert into clinica (nombre) values ('Clínica');
comment on table clinica is
  'Fuente: la identidad de la clínica (una fila), editada por los administradores en Configuración.';
