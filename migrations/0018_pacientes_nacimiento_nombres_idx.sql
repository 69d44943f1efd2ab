-- The probe of duplicados_buscar (0017) runs once per registered or changed record, from
-- PL/pgSQL, whose cached generic plan does not know the values. With fecha_nacimiento alone
-- indexed, that plan ANDed the date with a first name's btree and read every "maria" (23,000
-- entries, about 3 ms) on each registration; only the documento branch was the index lookup 0017
-- meant. With the date and both names in one index every plan finds the pair directly. The date
-- still leads, so the possible-duplicates lookup and any date filter keep using it.
create index pacientes_nacimiento_nombres_idx
  on pacientes (fecha_nacimiento, primer_apellido_norm, primer_nombre_norm);
drop index pacientes_nacimiento_idx;
