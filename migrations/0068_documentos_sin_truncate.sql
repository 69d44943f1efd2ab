-- A signed informe, a validated result and an issued result sheet refuse UPDATE and DELETE row by
-- row (0053, 0060), but TRUNCATE fires no row trigger: it emptied them whole. As the audit trail
-- (auditoria_sin_truncate, 0003), these tables now refuse it, also when it cascades from atenciones.
create function documentos_sin_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'La tabla % guarda documentos firmados o validados: no se vacía', tg_table_name
    using errcode = 'P0001', constraint = 'documentos_sin_truncate';
end $$;

create trigger informes_sin_truncate before truncate on informes
  for each statement execute function documentos_sin_truncate();
create trigger resultados_sin_truncate before truncate on resultados
  for each statement execute function documentos_sin_truncate();
create trigger hojas_resultados_sin_truncate before truncate on hojas_resultados
  for each statement execute function documentos_sin_truncate();
