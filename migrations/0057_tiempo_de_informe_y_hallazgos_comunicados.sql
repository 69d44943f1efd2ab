-- The dashboard's turnaround time reads the final originals signed in a month (docs/producto.md#dashboard):
-- completado_en is kept only on those (server/informes/firmar.ts), so they are this partial index,
-- which also holds what the median needs without reading the informes' rows.
create index informes_tiempo_idx on informes (firmado_en) include (completado_en, atencion_id)
  where completado_en is not null;
-- The recorded critical findings, the latest first, page by page (GET /hallazgos-criticos?estado=comunicados).
create index hallazgos_criticos_comunicados_idx on hallazgos_criticos (comunicado_en desc, id desc)
  where comunicado_en is not null;
