-- A search that starts from a few patients reads each one's newest atenciones; with the keys and
-- the visit filters' columns in the index that read never touches the atenciones rows.
drop index atenciones_paciente_idx;
create index atenciones_paciente_idx on atenciones (paciente_id, llegada) include (id, sede, modalidad);
