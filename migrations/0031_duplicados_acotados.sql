-- Probable duplicates bounded per record, and found between two records registered at once.
--
-- 0017 paired a new or changed record with every namesake (same first name, first surname and
-- birth date): the n-th namesake wrote n − 1 pairs, so 1,500 of them made a million rows and one
-- receptionist's session could slow every registration. A record now pairs with at most 20
-- namesakes among the 200 oldest not merged (the index below reads them in id order and stops):
-- a flood of later namesakes cannot hide the person registered long before, and the cost of a
-- registration no longer grows with how many namesakes exist. The same document under another
-- type (gravedad 1) is still paired with every holder: the unique key allows one per type.
--
-- Two records of one person registered at the same moment each searched before the other had
-- committed, and neither saw the other. The search now first takes a transaction lock on the
-- record's name-and-birth key (all of a statement's keys in one order, so two statements cannot
-- deadlock); the search after it takes a new snapshot and sees the record that committed first.
create index pacientes_nacimiento_nombres_id_idx
  on pacientes (fecha_nacimiento, primer_apellido_norm, primer_nombre_norm, id);
drop index pacientes_nacimiento_nombres_idx;

create or replace function duplicados_buscar() returns trigger language plpgsql as $$
declare
  n pacientes;
begin
  perform pg_advisory_xact_lock(k.clave)
  from (
    select distinct hashtextextended('duplicados:' || fecha_nacimiento::text || ':'
      || primer_apellido_norm || ':' || primer_nombre_norm, 0) as clave
    from nuevos where fusionado_en is null
  ) k
  order by k.clave;
  for n in select * from nuevos where fusionado_en is null loop
    insert into duplicados (paciente_a, paciente_b, gravedad)
    select least(n.id, x.id), greatest(n.id, x.id), min(x.g)
    from (
      select p.id, duplicado_gravedad(n, p) as g
      from pacientes p
      where p.documento = n.documento and p.id <> n.id and p.fusionado_en is null
      union all
      (select c.id, duplicado_gravedad(n, c)
      from (
        select * from pacientes p
        where p.fecha_nacimiento = n.fecha_nacimiento
          and p.primer_apellido_norm = n.primer_apellido_norm
          and p.primer_nombre_norm = n.primer_nombre_norm
          and p.fusionado_en is null
        order by p.id
        limit 200
      ) c
      where c.id <> n.id and duplicado_gravedad(n, c) is not null
      order by c.id
      limit 20)
    ) x
    where x.g is not null
    group by x.id
    on conflict (paciente_a, paciente_b) do update set gravedad = excluded.gravedad
      where duplicados.gravedad > excluded.gravedad;
  end loop;
  return null;
end $$;
