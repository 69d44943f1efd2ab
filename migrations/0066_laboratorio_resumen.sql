-- What the laboratory's lists read of each atención's results, kept beside it so that a page of
-- the day (server/queries/laboratorio-dia.ts) reads one row per atención instead of each analito's
-- versions: the ETag of its results and its current versions' counts. Derived from resultados by
-- the trigger below, in the statement that writes them; the entry grid, the sheet and validation
-- still read resultados itself.
create table laboratorio_resumen (
  atencion_id integer primary key references atenciones (id),
  -- Goes up with every statement that writes one of the atención's results: its results' ETag.
  version integer not null default 0,
  -- The analitos that have a result on the atención, ascending; of their current versions, how
  -- many hold a value and how many are validated.
  analitos integer[] not null default '{}',
  ingresados integer not null default 0,
  validados integer not null default 0
);
comment on table laboratorio_resumen is
  'Derivada de resultados (trigger laboratorio_resumen_*): la versión de los resultados de cada atención, su ETag, y cuántos de sus analitos tienen valor y cuántos están validados.';

-- The counts of atenciones `ids` from resultados as they stand, and their version one up.
create function laboratorio_resumen_recontar(ids integer[]) returns void language plpgsql as $$
begin
  -- A statement that wrote no row (an empty update among a save's) has nothing to count.
  if cardinality(ids) = 0 then
    return;
  end if;
  -- Each atención's row first, held to the end of the transaction and in id order: of two
  -- transactions writing one atención's results at once, the second counts, in a statement of
  -- its own and so with a snapshot taken after the lock, what the first committed.
  insert into laboratorio_resumen (atencion_id)
    select x from unnest(ids) x order by x on conflict (atencion_id) do nothing;
  perform 1 from laboratorio_resumen where atencion_id = any(ids) order by atencion_id for update;
  update laboratorio_resumen s set version = s.version + 1, analitos = c.analitos,
    ingresados = c.ingresados, validados = c.validados
  from unnest(ids) x (id)
    cross join lateral (
      select coalesce(array_agg(v.analito_id order by v.analito_id), '{}') as analitos,
        count(*) filter (where v.valor)::int as ingresados,
        count(*) filter (where v.validado)::int as validados
      from (
        select distinct on (r.analito_id) r.analito_id,
          r.valor_numero is not null or r.valor_texto is not null as valor,
          r.estado = 'validado' as validado
        from resultados r where r.atencion_id = x.id
        order by r.analito_id, r.version desc
      ) v
    ) c
  where s.atencion_id = x.id;
end $$;

create function laboratorio_resumen_insertados() returns trigger language plpgsql as $$
begin
  perform laboratorio_resumen_recontar(array(select distinct atencion_id from nuevas));
  return null;
end $$;
create function laboratorio_resumen_cambiados() returns trigger language plpgsql as $$
begin
  perform laboratorio_resumen_recontar(array(
    select atencion_id from nuevas union select atencion_id from viejas));
  return null;
end $$;
create function laboratorio_resumen_borrados() returns trigger language plpgsql as $$
begin
  perform laboratorio_resumen_recontar(array(select distinct atencion_id from viejas));
  return null;
end $$;

create trigger laboratorio_resumen_insertados after insert on resultados
  referencing new table as nuevas for each statement
  execute function laboratorio_resumen_insertados();
create trigger laboratorio_resumen_cambiados after update on resultados
  referencing old table as viejas new table as nuevas for each statement
  execute function laboratorio_resumen_cambiados();
create trigger laboratorio_resumen_borrados after delete on resultados
  referencing old table as viejas for each statement
  execute function laboratorio_resumen_borrados();

-- The atenciones that already have results, counted by the same function.
select laboratorio_resumen_recontar(array(select distinct atencion_id from resultados));
