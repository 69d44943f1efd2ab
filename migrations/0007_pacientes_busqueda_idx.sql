-- When many patients match, the search walks atenciones newest first and checks each one's
-- patient: with every filtered column in this index that check never reads the wide pacientes
-- rows (a third of the pages, so far more of them stay in memory).
create index if not exists pacientes_busqueda_idx on pacientes (id)
  include (tipo_documento, documento, primer_nombre_norm, segundo_nombre_norm, primer_apellido_norm,
    segundo_apellido_norm);
