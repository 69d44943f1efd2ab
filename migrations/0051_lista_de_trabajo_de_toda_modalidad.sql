-- Any modality with DICOM codes publishes worklist items now, not the three of 0026, so the two
-- indexes of the published items hold every atención still to be done whatever its modality;
-- the worklist's query (queries/worklist.ts) leaves out those of a modality with no codes, such as
-- LAB. They also require the StudyInstanceUID every item carries (every atención has one since
-- 0026's trigger): the worklist names it, the day's search does not, so only the worklist reads
-- these indexes and the search keeps its own of 0039. The new ones are built first, which lets
-- reads go on, and the old ones dropped last, which holds the table only for that moment.
create index atenciones_mwl_sala_pendientes_idx
  on atenciones (sala_id, (coalesce(lower(turno), llegada)), id)
  where estado in ('Programado', 'En espera') and study_instance_uid is not null;
create index atenciones_mwl_pendientes_idx on atenciones ((coalesce(lower(turno), llegada)), id)
  where estado in ('Programado', 'En espera') and study_instance_uid is not null;
drop index atenciones_mwl_sala_idx;
drop index atenciones_mwl_inicio_idx;
