-- Accent- and case-insensitive search needs both extensions (available on PostgreSQL and PGlite).
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is STABLE, so indexes refuse it; naming the dictionary makes this wrapper safe to
-- declare IMMUTABLE. Every search expression and index goes through normalizar().
create or replace function normalizar(texto text) returns text
  language sql immutable parallel safe strict
  as $$ select lower(public.unaccent('public.unaccent'::regdictionary, texto)) $$;
