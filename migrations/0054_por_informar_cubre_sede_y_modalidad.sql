-- «Por informar» is filtered by sede and modality and counted (up to a thousand): with both in
-- 0053's index, the count and a filtered page are read from the index alone, not from the rows
-- (docs/presupuestos.md#por-informar).
drop index atenciones_por_informar_idx;
create index atenciones_por_informar_idx on atenciones (
  (case prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end),
  coalesce(ultimo_cambio_en, llegada), id)
  include (sede, modalidad)
  where estado = 'Completado' and modalidad <> 'LAB';
