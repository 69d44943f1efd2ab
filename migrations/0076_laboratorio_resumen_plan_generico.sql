-- The recount that keeps laboratorio_resumen (0066) runs on every statement that writes results.
-- Its statements take an array of atenciones, and for an array parameter PostgreSQL's own choice
-- kept planning each one anew: 0.22 of the 0.43 ms a save's recount took was planning. Their plan
-- is the same for any array (each atención by its key), so the cached generic plan serves all.
alter function laboratorio_resumen_recontar(integer[]) set plan_cache_mode = force_generic_plan;
