-- The dashboard's Alertas: the partial index of open urgent atenciones (0002) was by llegada
-- alone, so at one sede the sede was a filter on the heap of every alert of every sede (14,000
-- heap reads, 16 ms, on three million atenciones), and the page's order (llegada, id) a sort.
-- Now by (llegada, id) for every sede and by (sede, llegada, id) for one: either reads a page.
drop index atenciones_alertas_idx;
create index atenciones_alertas_idx on atenciones (llegada, id)
  where prioridad in ('Urgente', 'Emergencia') and estado in ('Programado', 'En espera', 'En proceso');
create index atenciones_alertas_sede_idx on atenciones (sede, llegada, id)
  where prioridad in ('Urgente', 'Emergencia') and estado in ('Programado', 'En espera', 'En proceso');
