-- Corrections of a patient: each row carries the version its ETag names. The database bumps it on
-- every update, whoever writes, so an edit made against an older version can be refused (412)
-- instead of silently overwriting someone else's. A constant default adds the column without
-- rewriting the table.
alter table pacientes add column version integer not null default 1 check (version >= 1);

create function pacientes_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end $$;
create trigger pacientes_version before update on pacientes
  for each row execute function pacientes_version();

-- The history of a patient (registration and each change) without walking every read of it.
create index auditoria_cambios_paciente_idx on auditoria (paciente_id, id desc)
  where accion in ('paciente.registrado', 'paciente.modificado');
