-- The laboratory's day list (GET /laboratorio/lista) counts each atención's samples by estado:
-- 0060's only index on muestras holds the live ones, so the rejected ones were a scan of the table.
-- With estado in it, the count reads the index alone.
create index muestras_atencion_idx on muestras (atencion_id, estado);
