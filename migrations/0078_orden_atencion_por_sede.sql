-- The waiting room's order at one sede (docs/datos.md#orden-de-atención): 0039's index leads with
-- the section, so a sede's tramo read every sede's rows of it and dropped the others' from the
-- table (the sede is in the index, but its expressions keep the scan off the index alone): on a
-- full day of three million atenciones, 1,780 rows dropped and 15,700 pages read for a page of 51
-- (5.7 ms; 1.7 with this index). The same index led by the sede, for the accounts that have one.
-- Building it holds writes to atenciones (not reads) for as long as it takes.
create index atenciones_orden_atencion_sede_idx on atenciones (
  sede,
  (case estado when 'En espera' then 0 when 'En proceso' then 1 when 'Programado' then 2 else 3 end),
  (case when estado in ('En espera', 'En proceso', 'Programado')
    then case prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end else 0 end),
  llegada, id
) include (sala_id, modalidad, paciente_id);
