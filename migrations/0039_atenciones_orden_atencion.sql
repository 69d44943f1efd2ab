-- The waiting room's order (docs/datos.md#orden-de-atención): each atención's section (En espera,
-- En proceso, Programado, then the closed ones) and its urgency within an open one (Emergencia,
-- Urgente, the rest), then its arrival. One day's page reads, per section and urgency, a range of
-- this index in order, whatever the day's size; sede, sala and modality are filtered on the index
-- itself. The two expressions are written exactly so in server/queries/busqueda-dia.ts. Building
-- it holds writes to atenciones (not reads) for as long as it takes.
create index atenciones_orden_atencion_idx on atenciones (
  (case estado when 'En espera' then 0 when 'En proceso' then 1 when 'Programado' then 2 else 3 end),
  (case when estado in ('En espera', 'En proceso', 'Programado')
    then case prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end else 0 end),
  llegada, id
) include (sede, sala_id, modalidad, paciente_id);
