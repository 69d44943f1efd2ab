-- The ticket's turno (docs/producto.md#ticket-de-atención) was counted on every read: the visits of
-- the sede's day registered up to this one, a walk over the whole day (37 ms of PostgreSQL on a day
-- of 87,000 atenciones). Now an atención takes its number when it is registered, or moved to
-- another sede or clinic day, from a counter per sede and day, and keeps it: a read is one row,
-- and no later change moves a printed number. The clinic's zone is configuration, so the server
-- names the day and the zone it was reckoned in (server/queries/turno-ticket.ts).
-- Atenciones registered before this keep no number: their ticket counts as it did, among the
-- day's unnumbered ones, and a day's counter starts after them.

-- The column alone, then its check (docs/presupuestos.md#migraciones): every existing row has none.
alter table atenciones add column numero_turno integer;
alter table atenciones add constraint atenciones_numero_turno_check check (numero_turno >= 1) not valid;
alter table atenciones validate constraint atenciones_numero_turno_check;

-- A renamed sede (0049) carries its counters along, as it carries its atenciones.
create table turnos_dia (
  sede text not null references sedes (nombre) on update cascade,
  dia date not null,
  ultimo integer not null check (ultimo >= 1),
  primary key (sede, dia)
);

-- The number an atención takes at p_sede on the clinic day p_dia (reckoned in p_tz): the one its
-- visit already took there, or the day's next. Taking one holds the day's counter row until the
-- transaction ends, so two desks never take the same number.
create function turno_de(p_sede text, p_dia date, p_visita integer, p_tz text) returns integer
language plpgsql as $$
declare
  n integer;
begin
  -- The sede first, as a rename (0049) takes it before the counters it carries: a registration
  -- waiting on a rename then holds no counter the rename needs, and finds the old name gone (the
  -- counter's foreign key refuses it, 23503) instead of a deadlock.
  perform from sedes where nombre = p_sede for key share;
  if p_visita is not null then
    select a.numero_turno into n from atenciones a
      where a.visita = p_visita and a.sede = p_sede and a.numero_turno is not null
        and (a.llegada at time zone p_tz)::date = p_dia
      limit 1;
    if n is not null then return n; end if;
  end if;
  update turnos_dia set ultimo = ultimo + 1 where sede = p_sede and dia = p_dia
    returning ultimo into n;
  if n is not null then return n; end if;
  -- The day's first number: after the visits it already holds, numbered or not (a day without a
  -- counter holds only atenciones from before this migration).
  insert into turnos_dia as t (sede, dia, ultimo)
    select p_sede, p_dia, 1 + count(distinct coalesce(-b.visita, b.id)) from atenciones b
      where b.sede = p_sede and b.llegada >= p_dia::timestamp at time zone p_tz
        and b.llegada < (p_dia + 1)::timestamp at time zone p_tz
  on conflict (sede, dia) do update set ultimo = t.ultimo + 1
  returning ultimo into n;
  return n;
end $$;
