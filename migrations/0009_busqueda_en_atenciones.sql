-- With a common name the search walks atenciones newest first and tests each one's patient. That
-- test was an index probe into pacientes per atención (~3 µs), the search's whole cost at a
-- million patients: 6,000 probes for "silva". Each atención, and each entry of
-- pacientes_sin_atencion, now carries a copy of its patient's searched fields, kept by triggers
-- (the only writers are these triggers), and the walk's index includes them: the walk reads one
-- index and nothing else.
alter table atenciones
  add column tipo_documento text,
  add column documento text,
  add column primer_nombre_norm text,
  add column segundo_nombre_norm text,
  add column primer_apellido_norm text,
  add column segundo_apellido_norm text;
update atenciones a
set tipo_documento = p.tipo_documento, documento = p.documento,
  primer_nombre_norm = p.primer_nombre_norm, segundo_nombre_norm = p.segundo_nombre_norm,
  primer_apellido_norm = p.primer_apellido_norm, segundo_apellido_norm = p.segundo_apellido_norm
from pacientes p
where p.id = a.paciente_id;
alter table atenciones
  alter column tipo_documento set not null,
  alter column documento set not null,
  alter column primer_nombre_norm set not null,
  alter column primer_apellido_norm set not null;

alter table pacientes_sin_atencion
  add column tipo_documento text,
  add column documento text,
  add column primer_nombre_norm text,
  add column segundo_nombre_norm text,
  add column primer_apellido_norm text,
  add column segundo_apellido_norm text;
update pacientes_sin_atencion s
set tipo_documento = p.tipo_documento, documento = p.documento,
  primer_nombre_norm = p.primer_nombre_norm, segundo_nombre_norm = p.segundo_nombre_norm,
  primer_apellido_norm = p.primer_apellido_norm, segundo_apellido_norm = p.segundo_apellido_norm
from pacientes p
where p.id = s.paciente_id;
alter table pacientes_sin_atencion
  alter column tipo_documento set not null,
  alter column documento set not null,
  alter column primer_nombre_norm set not null,
  alter column primer_apellido_norm set not null;

-- A new atención copies its patient's fields, whatever the writer sent.
create function atenciones_copiar_paciente() returns trigger language plpgsql as $$
begin
  select p.tipo_documento, p.documento, p.primer_nombre_norm, p.segundo_nombre_norm,
    p.primer_apellido_norm, p.segundo_apellido_norm
  into new.tipo_documento, new.documento, new.primer_nombre_norm, new.segundo_nombre_norm,
    new.primer_apellido_norm, new.segundo_apellido_norm
  from pacientes p where p.id = new.paciente_id;
  return new;
end $$;
create trigger atenciones_copiar_paciente before insert or update of paciente_id on atenciones
  for each row execute function atenciones_copiar_paciente();

-- A corrected name or document reaches every copy.
create function pacientes_propagar_busqueda() returns trigger language plpgsql as $$
begin
  update atenciones a
  set tipo_documento = n.tipo_documento, documento = n.documento,
    primer_nombre_norm = n.primer_nombre_norm, segundo_nombre_norm = n.segundo_nombre_norm,
    primer_apellido_norm = n.primer_apellido_norm, segundo_apellido_norm = n.segundo_apellido_norm
  from nuevos n join viejos v on v.id = n.id
  where a.paciente_id = n.id and (n.tipo_documento, n.documento, n.primer_nombre_norm, n.segundo_nombre_norm,
    n.primer_apellido_norm, n.segundo_apellido_norm) is distinct from (v.tipo_documento, v.documento,
    v.primer_nombre_norm, v.segundo_nombre_norm, v.primer_apellido_norm, v.segundo_apellido_norm);
  update pacientes_sin_atencion s
  set tipo_documento = n.tipo_documento, documento = n.documento,
    primer_nombre_norm = n.primer_nombre_norm, segundo_nombre_norm = n.segundo_nombre_norm,
    primer_apellido_norm = n.primer_apellido_norm, segundo_apellido_norm = n.segundo_apellido_norm
  from nuevos n
  where s.paciente_id = n.id;
  return null;
end $$;
create trigger pacientes_propagar_busqueda after update on pacientes
  referencing old table as viejos new table as nuevos for each statement
  execute function pacientes_propagar_busqueda();

create or replace function pacientes_sin_atencion_alta() returns trigger language plpgsql as $$
begin
  insert into pacientes_sin_atencion (paciente_id, creado_en, tipo_documento, documento, primer_nombre_norm,
    segundo_nombre_norm, primer_apellido_norm, segundo_apellido_norm)
    select n.id, n.creado_en, n.tipo_documento, n.documento, n.primer_nombre_norm, n.segundo_nombre_norm,
      n.primer_apellido_norm, n.segundo_apellido_norm
    from nuevos n;
  return null;
end $$;
create or replace function pacientes_sin_atencion_vuelta() returns trigger language plpgsql as $$
begin
  insert into pacientes_sin_atencion (paciente_id, creado_en, tipo_documento, documento, primer_nombre_norm,
    segundo_nombre_norm, primer_apellido_norm, segundo_apellido_norm)
    select p.id, p.creado_en, p.tipo_documento, p.documento, p.primer_nombre_norm, p.segundo_nombre_norm,
      p.primer_apellido_norm, p.segundo_apellido_norm
    from pacientes p
    where p.id in (select paciente_id from viejas)
      and not exists (select 1 from atenciones a where a.paciente_id = p.id)
    on conflict do nothing;
  return null;
end $$;

-- The walks: newest first with every searched column in the index (index-only scans).
drop index atenciones_llegada_idx;
create index atenciones_llegada_idx on atenciones (llegada, id)
  include (paciente_id, sede, modalidad, tipo_documento, documento, primer_nombre_norm, segundo_nombre_norm,
    primer_apellido_norm, segundo_apellido_norm);
drop index pacientes_sin_atencion_creado_idx;
create index pacientes_sin_atencion_creado_idx on pacientes_sin_atencion (creado_en, paciente_id)
  include (tipo_documento, documento, primer_nombre_norm, segundo_nombre_norm, primer_apellido_norm,
    segundo_apellido_norm);
-- The probe these copies replace.
drop index pacientes_busqueda_idx;

analyze atenciones, pacientes_sin_atencion;
