-- Citas: a booked atención is the same row from booking to report, never a copy. A cita is an
-- atención with a sala and the time range it holds there (docs/datos.md#citas); a walk-in
-- atención has neither.
create extension if not exists btree_gist;

alter table atenciones
  add column sala_id integer references salas (id),
  -- '[)': a cita that ends at 10:30 and one that starts at 10:30 do not overlap.
  add column turno tstzrange,
  add constraint atenciones_cita_completa check ((sala_id is null) = (turno is null)),
  add constraint atenciones_turno_valido check (
    turno is null or (not isempty(turno) and lower_inc(turno) and not upper_inc(turno)
      and not lower_inf(turno) and not upper_inf(turno))
  );

-- No se presentó: a cita whose patient never came. Final, and it frees the slot like Cancelado.
-- The new lists are checked against existing rows in a second step, under a share lock rather
-- than the exclusive one a plain ADD CONSTRAINT holds while it reads every atención.
alter table atenciones drop constraint atenciones_estado_check;
alter table atenciones add constraint atenciones_estado_check check (estado in (
  'Programado', 'En espera', 'En proceso', 'Completado', 'Informado', 'Cancelado', 'No se presentó'
)) not valid;
alter table atenciones validate constraint atenciones_estado_check;
alter table atenciones drop constraint atenciones_ultimo_cambio_desde_check;
alter table atenciones add constraint atenciones_ultimo_cambio_desde_check check (ultimo_cambio_desde in (
  'Programado', 'En espera', 'En proceso', 'Completado', 'Informado', 'Cancelado', 'No se presentó'
)) not valid;
alter table atenciones validate constraint atenciones_ultimo_cambio_desde_check;

-- No two live citas overlap in one sala: PostgreSQL itself refuses the second of two bookings
-- made at once (SQLSTATE 23P01). A cancelled or missed cita leaves its slot free. Its index holds
-- citas only, so it is small however many walk-in atenciones there are.
alter table atenciones add constraint atenciones_citas_sin_solape
  exclude using gist (sala_id with =, turno with &&)
  where (turno is not null and estado not in ('Cancelado', 'No se presentó'));

-- A sala's day, cancelled and missed citas included: GET /agenda reads one range per sala.
create index atenciones_agenda_idx on atenciones (sala_id, lower(turno)) where turno is not null;
