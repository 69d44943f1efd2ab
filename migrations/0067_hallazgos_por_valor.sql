-- A lab value's call-back covers the value it was made about. Until now a result row had one
-- call-back record: once the call was recorded, retyping the row to another critical value kept
-- it as made, and the new value could be validated with nobody told of it. Now each critical value
-- written opens its own record, with a copy of the value and flag it is about; a row keeps every
-- call made for it, and at most one still waiting (updated to the latest value while nobody has
-- been called). Validation reads the row's latest record.
alter table hallazgos_criticos
  add column valor_numero numeric,
  add column valor_texto text check (length(valor_texto) between 1 and 2000),
  add column bandera text check (bandera in ('LL', 'HH'));

update hallazgos_criticos h
set valor_numero = r.valor_numero, valor_texto = r.valor_texto,
  bandera = case when r.bandera in ('LL', 'HH') then r.bandera end
from resultados r
where r.id = h.resultado_id;

alter table hallazgos_criticos drop constraint hallazgos_criticos_resultado_id_key;
-- One waiting call-back per result row; the row's records in order, for its latest.
create unique index hallazgos_criticos_resultado_pendiente_key on hallazgos_criticos (resultado_id)
  where comunicado_en is null;
create index hallazgos_criticos_resultado_idx on hallazgos_criticos (resultado_id, id);
