-- The dashboard's monthly series would count a whole year of atenciones on every visit (a second at
-- millions of rows). Hourly counts kept by triggers make it a sum over at most 8,784 rows. Hours,
-- not days or months: the clinic's time zone is configuration, and whole-hour offsets map exactly.

create table atenciones_por_hora (
  hora timestamptz primary key,
  total integer not null check (total >= 0)
);

insert into atenciones_por_hora (hora, total)
  select date_trunc('hour', llegada, 'UTC'), count(*) from atenciones group by 1;

-- Buckets are touched in time order, so concurrent bulk loads take their locks in the same order.
create function atenciones_por_hora_sumar() returns trigger language plpgsql as $$
begin
  insert into atenciones_por_hora (hora, total)
    select date_trunc('hour', llegada, 'UTC'), count(*) from nuevas group by 1 order by 1
  on conflict (hora) do update set total = atenciones_por_hora.total + excluded.total;
  return null;
end $$;

create function atenciones_por_hora_restar() returns trigger language plpgsql as $$
begin
  update atenciones_por_hora h set total = h.total - v.n
    from (select date_trunc('hour', llegada, 'UTC') as hora, count(*) as n from viejas group by 1 order by 1) v
    where h.hora = v.hora;
  return null;
end $$;

create function atenciones_por_hora_mover() returns trigger language plpgsql as $$
begin
  update atenciones_por_hora h set total = h.total - v.n
    from (
      select date_trunc('hour', o.llegada, 'UTC') as hora, count(*) as n
      from viejas o join nuevas n on n.id = o.id where n.llegada <> o.llegada group by 1 order by 1
    ) v
    where h.hora = v.hora;
  insert into atenciones_por_hora (hora, total)
    select date_trunc('hour', n.llegada, 'UTC'), count(*)
    from viejas o join nuevas n on n.id = o.id where n.llegada <> o.llegada group by 1 order by 1
  on conflict (hora) do update set total = atenciones_por_hora.total + excluded.total;
  return null;
end $$;

create trigger atenciones_por_hora_sumar after insert on atenciones
  referencing new table as nuevas for each statement execute function atenciones_por_hora_sumar();
create trigger atenciones_por_hora_restar after delete on atenciones
  referencing old table as viejas for each statement execute function atenciones_por_hora_restar();
create trigger atenciones_por_hora_mover after update on atenciones
  referencing old table as viejas new table as nuevas for each statement execute function atenciones_por_hora_mover();
