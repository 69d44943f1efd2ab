-- Merging two records of one person (docs/datos.md#fusión-de-registros). The absorbed record stays
-- in pacientes, pointing at the survivor (fusionado_en), so its document stays reserved and still
-- leads to the person; its atenciones move to the survivor. A merged record owns no atención and
-- no pacientes_sin_atencion row, which is why no list or search shows it: every branch of the
-- search reads those two tables. Each merge is a row of fusiones with what it takes to undo it.
alter table pacientes
  add column fusionado_en integer references pacientes(id),
  add constraint pacientes_fusionado_en_check check (fusionado_en <> id);

-- The few merged records, by document (the search's lookup of an absorbed document) and counted.
create index pacientes_fusionados_idx on pacientes (documento)
  include (tipo_documento, fusionado_en) where fusionado_en is not null;

create table fusiones (
  id integer generated always as identity primary key,
  conservado_id integer not null references pacientes(id),
  absorbido_id integer not null references pacientes(id),
  -- The fields whose value was taken from the absorbed record: {"celular": "absorber", ...}.
  campos jsonb not null,
  -- Full rows (to_jsonb) of the absorbed record, and of the survivor before and after.
  absorbido jsonb not null,
  conservado_antes jsonb not null,
  conservado_despues jsonb not null,
  -- The atenciones moved from the absorbed record to the survivor.
  atenciones integer[] not null,
  hecha_por integer references usuarios(id),
  hecha_en timestamptz not null default now(),
  deshecha_por integer references usuarios(id),
  deshecha_en timestamptz,
  constraint fusiones_distintos_check check (conservado_id <> absorbido_id)
);
-- A record is absorbed by at most one merge in force; the database decides between two at once.
create unique index fusiones_absorbido_vigente_idx on fusiones (absorbido_id) where deshecha_en is null;
create index fusiones_conservado_vigente_idx on fusiones (conservado_id) where deshecha_en is null;

-- An atención for a merged record is the survivor's: a page opened before the merge still
-- registers the arrival on the right person. FOR KEY SHARE waits for a merge in progress on the
-- record (it holds the row FOR UPDATE) and then reads where it went.
create or replace function atenciones_copiar_paciente() returns trigger language plpgsql as $$
begin
  select coalesce(s.id, p.id), coalesce(s.tipo_documento, p.tipo_documento),
    coalesce(s.documento, p.documento), coalesce(s.primer_nombre_norm, p.primer_nombre_norm),
    case when s.id is null then p.segundo_nombre_norm else s.segundo_nombre_norm end,
    coalesce(s.primer_apellido_norm, p.primer_apellido_norm),
    case when s.id is null then p.segundo_apellido_norm else s.segundo_apellido_norm end
  into new.paciente_id, new.tipo_documento, new.documento, new.primer_nombre_norm,
    new.segundo_nombre_norm, new.primer_apellido_norm, new.segundo_apellido_norm
  from pacientes p left join pacientes s on s.id = p.fusionado_en
  where p.id = new.paciente_id
  for key share of p;
  return new;
end $$;

-- Probable duplicate pairs, found when a record is registered or changed, read worst first:
-- gravedad 1 the same document under two types, 2 the same four names (accent- and
-- case-insensitive) and birth date, 3 the same first names and birth date with a second name or
-- surname blank on one side. paciente_a < paciente_b. A pair an admin dismissed keeps
-- descartado_en and never shows again.
create table duplicados (
  paciente_a integer not null references pacientes(id),
  paciente_b integer not null references pacientes(id),
  gravedad smallint not null check (gravedad between 1 and 3),
  descartado_en timestamptz,
  descartado_por integer references usuarios(id),
  constraint duplicados_pkey primary key (paciente_a, paciente_b),
  constraint duplicados_orden_check check (paciente_a < paciente_b)
);
create index duplicados_pendientes_idx on duplicados (gravedad, paciente_a, paciente_b)
  where descartado_en is null;

-- The gravedad of a pair of records, null when they are not a probable duplicate.
create function duplicado_gravedad(a pacientes, b pacientes) returns smallint
language sql immutable parallel safe as $$
  select case
    when a.documento = b.documento and a.tipo_documento <> b.tipo_documento then 1
    when a.fecha_nacimiento = b.fecha_nacimiento and a.primer_nombre_norm = b.primer_nombre_norm
      and a.primer_apellido_norm = b.primer_apellido_norm
      and (a.segundo_nombre_norm, a.segundo_apellido_norm)
        is not distinct from (b.segundo_nombre_norm, b.segundo_apellido_norm) then 2
    when a.fecha_nacimiento = b.fecha_nacimiento and a.primer_nombre_norm = b.primer_nombre_norm
      and a.primer_apellido_norm = b.primer_apellido_norm
      and (a.segundo_nombre_norm is null or b.segundo_nombre_norm is null
        or a.segundo_nombre_norm = b.segundo_nombre_norm)
      and (a.segundo_apellido_norm is null or b.segundo_apellido_norm is null
        or a.segundo_apellido_norm = b.segundo_apellido_norm) then 3
  end::smallint $$;

-- One record at a time with its values as parameters, so every probe is an index lookup
-- (pacientes_documento_idx; pacientes_nacimiento_idx or a name's btree) whatever plan is cached.
create function duplicados_buscar() returns trigger language plpgsql as $$
declare
  n pacientes;
begin
  for n in select * from nuevos where fusionado_en is null loop
    insert into duplicados (paciente_a, paciente_b, gravedad)
    select least(n.id, p.id), greatest(n.id, p.id), duplicado_gravedad(n, p)
    from pacientes p
    where p.id <> n.id and p.fusionado_en is null
      and (p.documento = n.documento
        or (p.fecha_nacimiento = n.fecha_nacimiento and p.primer_apellido_norm = n.primer_apellido_norm
          and p.primer_nombre_norm = n.primer_nombre_norm))
      and duplicado_gravedad(n, p) is not null
    on conflict (paciente_a, paciente_b) do update set gravedad = excluded.gravedad
      where duplicados.gravedad > excluded.gravedad;
  end loop;
  return null;
end $$;
create trigger pacientes_duplicados_alta after insert on pacientes
  referencing new table as nuevos for each statement execute function duplicados_buscar();
create trigger pacientes_duplicados_cambio after update on pacientes
  referencing new table as nuevos for each statement execute function duplicados_buscar();

-- The pairs already registered: two hash joins of the table with itself (one OR would be a
-- nested loop).
insert into duplicados (paciente_a, paciente_b, gravedad)
select x.a, x.b, min(x.g)
from (
  select a.id as a, b.id as b, duplicado_gravedad(a, b) as g
  from pacientes a join pacientes b on a.documento = b.documento and a.id < b.id
  union all
  select a.id, b.id, duplicado_gravedad(a, b)
  from pacientes a join pacientes b on a.fecha_nacimiento = b.fecha_nacimiento
    and a.primer_apellido_norm = b.primer_apellido_norm
    and a.primer_nombre_norm = b.primer_nombre_norm and a.id < b.id
) x
where x.g is not null
group by x.a, x.b;

analyze duplicados;
