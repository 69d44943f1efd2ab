-- A search that starts from its matching patients (desdeCandidatos) read, for every one of them,
-- its newest atenciones and its row without atención, to keep the page's newest 51 rows: a
-- thousand patients named «jorge chavez» cost two index probes each (about 10 ms of PostgreSQL for
-- one search at a million patients). A patient's rows are never newer than its newest one, so the
-- first page's rows all belong to the 51 patients whose newest row is newest (ties kept). This
-- table holds, per patient, that instant (`ultima`) beside the words of its names (0028), with the
-- words' GIN index here instead of on pacientes: one heap tuple gives a candidate and its order,
-- and only the page's patients are then read. A name shared by thousands walks the patients
-- newest first on a second index, testing the words it carries, instead of walking three times as
-- many atenciones testing their copied names (docs/busqueda-estrategias.md).

-- A patient's rows are its atenciones and, while it has none, its row in pacientes_sin_atencion
-- (0009); ultima is the newest of their instants, null for a patient with no rows (one absorbed by
-- a fusion, 0017). The walk reads only its index, and it starts at the patients an arrival or a
-- registration rewrote last, whose pages the visibility map no longer vouches for until a vacuum:
-- vacuumed after a thousand rows changed, not after a fifth of the table (a day of a large
-- clinic, not months).
create table pacientes_actividad (
  paciente_id integer primary key references pacientes (id) on delete cascade,
  ultima timestamptz,
  palabras text[] not null
) with (
  autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0
);

insert into pacientes_actividad (paciente_id, ultima, palabras)
  select p.id, greatest(a.ultima, s.creado_en),
    palabras_nombres(p.primer_nombre_norm, p.segundo_nombre_norm, p.primer_apellido_norm,
      p.segundo_apellido_norm)
  from pacientes p
  left join (select paciente_id, max(llegada) as ultima from atenciones group by 1) a
    on a.paciente_id = p.id
  left join pacientes_sin_atencion s on s.paciente_id = p.id;

-- Without a pending list: with one, every search would also read, one by one, the words of the
-- patients registered since the list was last merged.
create index pacientes_actividad_palabras_gin on pacientes_actividad using gin (palabras)
  with (fastupdate = off);
-- Its replacement: q was the only search on it.
drop index pacientes_palabras_nombres_gin;
-- The walk (recorrerPacientes): newest first, with the id and the words to test in the index.
create index pacientes_actividad_ultima_idx on pacientes_actividad (ultima)
  include (paciente_id, palabras);

-- Recomputes the rows of `ids` from what the tables hold now. The rows are locked first, in id
-- order, and the upsert is a statement of its own: a writer that waited for another one's lock
-- reads with a snapshot taken after that one committed, so two arrivals of one patient at once
-- never leave the older instant behind.
create function pacientes_actividad_poner(ids integer[]) returns void language plpgsql as $$
begin
  if ids is null or cardinality(ids) = 0 then
    return;
  end if;
  perform 1 from pacientes_actividad where paciente_id = any(ids) order by paciente_id for update;
  insert into pacientes_actividad (paciente_id, ultima, palabras)
    select p.id,
      greatest((select max(a.llegada) from atenciones a where a.paciente_id = p.id),
        (select s.creado_en from pacientes_sin_atencion s where s.paciente_id = p.id)),
      palabras_nombres(p.primer_nombre_norm, p.segundo_nombre_norm, p.primer_apellido_norm,
        p.segundo_apellido_norm)
    from pacientes p
    where p.id = any(ids)
    order by p.id
  on conflict (paciente_id) do update set ultima = excluded.ultima, palabras = excluded.palabras
    where (pacientes_actividad.ultima, pacientes_actividad.palabras)
      is distinct from (excluded.ultima, excluded.palabras);
end $$;

-- A trigger with a transition table takes one event, so each event has its own trigger; the
-- function reads the tables its event has.
create function pacientes_actividad_atenciones() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    -- An arrival only adds a row: the newest instant can only grow, and an UPDATE that waited for
    -- another writer's lock recomputes greatest() on that writer's version. (A first arrival
    -- older than the registration also deletes the row in pacientes_sin_atencion: that delete
    -- recomputes the instant from scratch.)
    update pacientes_actividad r set ultima = n.ultima
    from (select paciente_id, max(llegada) as ultima from nuevas group by 1 order by 1) n
    where r.paciente_id = n.paciente_id and (r.ultima is null or r.ultima < n.ultima);
  elsif tg_op = 'DELETE' then
    perform pacientes_actividad_poner(array(select distinct paciente_id from viejas));
  else
    perform pacientes_actividad_poner(array(
      select distinct x from viejas o join nuevas n on n.id = o.id,
        unnest(array[o.paciente_id, n.paciente_id]) x
      where (o.llegada, o.paciente_id) is distinct from (n.llegada, n.paciente_id)));
  end if;
  return null;
end $$;
create trigger pacientes_actividad_alta after insert on atenciones
  referencing new table as nuevas for each statement
  execute function pacientes_actividad_atenciones();
create trigger pacientes_actividad_baja after delete on atenciones
  referencing old table as viejas for each statement
  execute function pacientes_actividad_atenciones();
create trigger pacientes_actividad_cambio after update on atenciones
  referencing old table as viejas new table as nuevas for each statement
  execute function pacientes_actividad_atenciones();

create function pacientes_actividad_sin_atencion() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform pacientes_actividad_poner(array(select distinct paciente_id from nuevas));
  elsif tg_op = 'DELETE' then
    perform pacientes_actividad_poner(array(select distinct paciente_id from viejas));
  else
    perform pacientes_actividad_poner(array(
      select o.paciente_id from viejas o join nuevas n on n.paciente_id = o.paciente_id
      where o.creado_en is distinct from n.creado_en));
  end if;
  return null;
end $$;
create trigger pacientes_actividad_alta after insert on pacientes_sin_atencion
  referencing new table as nuevas for each statement
  execute function pacientes_actividad_sin_atencion();
create trigger pacientes_actividad_baja after delete on pacientes_sin_atencion
  referencing old table as viejas for each statement
  execute function pacientes_actividad_sin_atencion();
create trigger pacientes_actividad_cambio after update on pacientes_sin_atencion
  referencing old table as viejas new table as nuevas for each statement
  execute function pacientes_actividad_sin_atencion();

-- A new patient gets its row from its row in pacientes_sin_atencion (0009's trigger gives every
-- new patient one); a corrected name, its words.
create function pacientes_actividad_pacientes() returns trigger language plpgsql as $$
begin
  perform pacientes_actividad_poner(array(
    select n.id from viejos o join nuevos n on n.id = o.id
    where (o.primer_nombre_norm, o.segundo_nombre_norm, o.primer_apellido_norm,
        o.segundo_apellido_norm)
      is distinct from (n.primer_nombre_norm, n.segundo_nombre_norm, n.primer_apellido_norm,
        n.segundo_apellido_norm)));
  return null;
end $$;
create trigger pacientes_actividad_cambio after update on pacientes
  referencing old table as viejos new table as nuevos for each statement
  execute function pacientes_actividad_pacientes();

-- The words' element statistics, which the search's estimate reads, exist after an ANALYZE.
analyze pacientes_actividad;
