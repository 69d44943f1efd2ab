-- A documento typed alone, three digits so far, matches about 4,900 patients of a million: too many
-- to read each one's atenciones, too few for the walk of all atenciones newest first to fill a
-- page soon (about 10,000 rows tested, 9 ms). These indexes keep the rows of each documento's
-- first three characters in arrival order, so that walk reads only its own prefix's rows.
create index atenciones_documento_inicio_idx on atenciones (left(documento, 3), llegada, id)
  include (paciente_id, documento);
create index pacientes_sin_atencion_documento_inicio_idx on pacientes_sin_atencion (left(documento, 3), creado_en, paciente_id)
  include (documento);
