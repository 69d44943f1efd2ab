-- An atención registered for a record while a merge absorbs it must end on the survivor. 0017's
-- trigger read the record and its survivor in the statement that took the lock: the lock waited
-- for the merge, but PostgreSQL then rechecks only the locked row, and the survivor it had joined
-- (none, before the merge) stayed as read, so the atención kept the absorbed id. Now the lock comes
-- first, in a statement of its own; the read after it takes a new snapshot and sees the merge the
-- lock waited for. A merge that starts later waits for this atención's transaction, and its move
-- of the absorbed record's atenciones includes this one.
create or replace function atenciones_copiar_paciente() returns trigger language plpgsql as $$
begin
  perform 1 from pacientes p where p.id = new.paciente_id for key share of p;
  select coalesce(s.id, p.id), coalesce(s.tipo_documento, p.tipo_documento),
    coalesce(s.documento, p.documento), coalesce(s.primer_nombre_norm, p.primer_nombre_norm),
    case when s.id is null then p.segundo_nombre_norm else s.segundo_nombre_norm end,
    coalesce(s.primer_apellido_norm, p.primer_apellido_norm),
    case when s.id is null then p.segundo_apellido_norm else s.segundo_apellido_norm end
  into new.paciente_id, new.tipo_documento, new.documento, new.primer_nombre_norm,
    new.segundo_nombre_norm, new.primer_apellido_norm, new.segundo_apellido_norm
  from pacientes p left join pacientes s on s.id = p.fusionado_en
  where p.id = new.paciente_id;
  return new;
end $$;

-- A version is a record's own count, so two records may be at the same number: an edit opened on
-- the absorbed record before a merge, sent through its id afterwards, named a version the survivor
-- could also be at, and was applied to the survivor. An update may now name a version to move
-- past; a merge and its undo move each record past every version the other one served (server/
-- queries/fusiones.ts), so such an edit gets 412. Updates that name none bump by one, as before.
create or replace function pacientes_version() returns trigger language plpgsql as $$
begin
  new.version := greatest(old.version, new.version) + 1;
  return new;
end $$;
