-- The search compares names in their normalised form on every row it walks; unaccent() costs
-- about 2 µs a call and the planner prices it as free, so each name keeps its normalised form in
-- a stored generated column, and the trigram and prefix indexes move onto those columns.

alter table pacientes
  add column primer_nombre_norm text generated always as (normalizar(primer_nombre)) stored,
  add column segundo_nombre_norm text generated always as (normalizar(segundo_nombre)) stored,
  add column primer_apellido_norm text generated always as (normalizar(primer_apellido)) stored,
  add column segundo_apellido_norm text generated always as (normalizar(segundo_apellido)) stored;

drop index pacientes_primer_nombre_trgm, pacientes_segundo_nombre_trgm, pacientes_primer_apellido_trgm,
  pacientes_segundo_apellido_trgm, pacientes_primer_nombre_pfx, pacientes_segundo_nombre_pfx,
  pacientes_primer_apellido_pfx, pacientes_segundo_apellido_pfx;

-- Each name: trigram GIN for substrings of 3+ characters, btree for shorter prefixes (and equality).
create index pacientes_primer_nombre_trgm on pacientes using gin (primer_nombre_norm gin_trgm_ops);
create index pacientes_segundo_nombre_trgm on pacientes using gin (segundo_nombre_norm gin_trgm_ops);
create index pacientes_primer_apellido_trgm on pacientes using gin (primer_apellido_norm gin_trgm_ops);
create index pacientes_segundo_apellido_trgm on pacientes using gin (segundo_apellido_norm gin_trgm_ops);
create index pacientes_primer_nombre_pfx on pacientes (primer_nombre_norm text_pattern_ops);
create index pacientes_segundo_nombre_pfx on pacientes (segundo_nombre_norm text_pattern_ops);
create index pacientes_primer_apellido_pfx on pacientes (primer_apellido_norm text_pattern_ops);
create index pacientes_segundo_apellido_pfx on pacientes (segundo_apellido_norm text_pattern_ops);

-- The search walks atenciones newest first and reads the patient only through paciente_id: with
-- the visit filters' columns included, that walk is an index-only scan.
drop index atenciones_llegada_idx, atenciones_sede_llegada_idx, atenciones_modalidad_llegada_idx;
create index atenciones_llegada_idx on atenciones (llegada, id) include (paciente_id, sede, modalidad);
create index atenciones_sede_llegada_idx on atenciones (sede, llegada, id) include (paciente_id, modalidad);
create index atenciones_modalidad_llegada_idx on atenciones (modalidad, llegada, id) include (paciente_id, sede);
