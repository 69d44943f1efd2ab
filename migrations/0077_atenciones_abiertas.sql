-- The dashboard's «Citas pendientes» and any search of open estados: a day's newest atenciones
-- still Programado, En espera or En proceso. On atenciones_llegada_idx the estado is a filter on
-- the heap of every atención of the day after the page's: on a full day of three million
-- atenciones, 10,800 rows read and dropped (8,700 pages, 4.2 ms) for a page of 51. These read
-- only the open ones, for every sede and for one. Searches write their estados as a literal
-- list (busqueda-condiciones.ts), so a cached generic plan can prove it lies within this one.
create index atenciones_abiertas_idx on atenciones (llegada, id)
  where estado in ('Programado', 'En espera', 'En proceso');
create index atenciones_abiertas_sede_idx on atenciones (sede, llegada, id)
  where estado in ('Programado', 'En espera', 'En proceso');
