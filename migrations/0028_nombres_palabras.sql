-- «Nombre o documento» (q) found its patients on the trigram index of 0020: for "maria quispe" it
-- intersected the lists of seven trigrams, each held by a tenth of a million patients (9-25 ms),
-- and the planner's guess of how many matched came from a 100-value histogram, so the search
-- often walked 50,000 atenciones for a name a thousand patients share. Now each patient's names
-- are also an array of their words, with a GIN index of its own, and the few distinct words of
-- all the names (a few hundred here, some tens of thousands in a large clinic) are a table: the
-- search first looks up which words hold each typed one (anywhere from 3 characters, at their
-- start below, as before), then asks for patients having one of those words per typed word. A
-- word's list is far shorter than a trigram's, and the planner's statistics of array elements
-- count each word's patients, so the estimate that picks the strategy is close.

-- The words of the four names as 0020 joins them: a word has no blank in it. Named with its
-- schema, as normalizar() names unaccent: an index build runs with a search_path of pg_catalog
-- alone on newer PostgreSQL (the embedded home's).
create function palabras_nombres(
  primer_nombre text, segundo_nombre text, primer_apellido text, segundo_apellido text
) returns text[]
  language sql immutable parallel safe
  as $$ select array_remove(string_to_array(
         public.nombres_busqueda(primer_nombre, segundo_nombre, primer_apellido, segundo_apellido), ' '), '') $$;

-- Every word of every patient's names, normalised. A word is never removed: one nobody has any
-- more just finds nobody. "C" order lets LIKE 'la%' read a range of the primary key.
create table nombres_palabras (palabra text collate "C" primary key);
insert into nombres_palabras (palabra)
  select distinct unnest(palabras_nombres(primer_nombre_norm, segundo_nombre_norm,
    primer_apellido_norm, segundo_apellido_norm))
  from pacientes;
create index nombres_palabras_trgm on nombres_palabras using gin (palabra gin_trgm_ops);

create function nombres_palabras_nuevas() returns trigger language plpgsql as $$
begin
  insert into nombres_palabras (palabra)
    select distinct unnest(palabras_nombres(n.primer_nombre_norm, n.segundo_nombre_norm,
      n.primer_apellido_norm, n.segundo_apellido_norm))
    from nuevos n
    on conflict do nothing;
  return null;
end $$;
-- A trigger with a transition table takes one event.
create trigger pacientes_nombres_palabras_alta after insert on pacientes
  referencing new table as nuevos for each statement execute function nombres_palabras_nuevas();
create trigger pacientes_nombres_palabras_cambio after update on pacientes
  referencing new table as nuevos for each statement execute function nombres_palabras_nuevas();

create index pacientes_palabras_nombres_gin on pacientes using gin (
  palabras_nombres(primer_nombre_norm, segundo_nombre_norm, primer_apellido_norm, segundo_apellido_norm));
-- Its replacement: q was the only search on it.
drop index pacientes_nombres_busqueda_trgm;

-- The element statistics of the new expression, which the estimate reads, exist after an ANALYZE.
analyze pacientes, nombres_palabras;
