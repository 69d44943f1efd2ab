-- A laboratory's day comes a page at a time, emergencies first, then urgent, then routine, each by
-- arrival (server/queries/laboratorio-dia.ts): one range of each of these per priority reads a
-- page without sorting the whole day, which on a busy day holds thousands of LAB atenciones.
create index atenciones_laboratorio_dia_idx on atenciones (prioridad, llegada, id)
  where modalidad = 'LAB';
create index atenciones_laboratorio_sede_dia_idx on atenciones (sede, prioridad, llegada, id)
  where modalidad = 'LAB';
