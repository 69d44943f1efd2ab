-- «Nombre o documento» (q) asks that every word be in one of the four names. As four trigram
-- indexes per word, "juana mendoza" was a BitmapAnd of two BitmapOrs over eight index scans,
-- 20-30 ms on a million patients. The four normalised names joined into one text, with a blank
-- before each, make that one condition per word on one trigram index, which ANDs the words inside
-- a single scan: '%juana%' anywhere in a name, '% la%' at the start of a name or of one of its
-- words. A SQL function, so that query and index share one definition; it is inlined, so the
-- planner matches the index expression.
create function nombres_busqueda(
  primer_nombre text, segundo_nombre text, primer_apellido text, segundo_apellido text
) returns text
  language sql immutable parallel safe
  as $$ select ' ' || coalesce(primer_nombre, '') || ' ' || coalesce(segundo_nombre, '')
       || ' ' || coalesce(primer_apellido, '') || ' ' || coalesce(segundo_apellido, '') $$;

create index pacientes_nombres_busqueda_trgm on pacientes using gin (
  nombres_busqueda(primer_nombre_norm, segundo_nombre_norm, primer_apellido_norm, segundo_apellido_norm)
  gin_trgm_ops);

-- The planner's estimate of how many patients a search matches (which strategy it takes) reads
-- the statistics of this expression, which exist only after an ANALYZE.
analyze pacientes;
