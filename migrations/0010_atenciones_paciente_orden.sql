-- A search from known patients reads each one's newest atenciones in the search's own order
-- (llegada, id). With id only included, each patient's rows were sorted apart; as a key column
-- the index hands them over in order and the per-patient LIMIT stops the read.
drop index atenciones_paciente_idx;
create index atenciones_paciente_idx on atenciones (paciente_id, llegada, id) include (sede, modalidad);
