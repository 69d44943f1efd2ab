-- Samples received in the clinic's previous system, and those the seed writes
-- (docs/datos.md#laboratorio-resultados): received, with the instant, but by no account of ours, as
-- the seed's imported results are validated by no account (resultados.importado).
alter table muestras add column importada boolean not null default false;
alter table muestras drop constraint muestras_check;
alter table muestras add constraint muestras_recibida_check check (
  (estado = 'recibida') = (recibida_en is not null and (recibida_por is not null or importada)));
alter table muestras add constraint muestras_importada_check check (
  not importada or (estado = 'recibida' and recibida_por is null));
