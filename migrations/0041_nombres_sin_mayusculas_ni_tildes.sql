-- Sede, sala and study names are unique as a person reads them, without case or accents
-- («trujillo» beside «Trujillo» is one sede twice): each name is checked so before it is written
-- (server/queries/catalogos.ts), and here unique indexes hold it against two at once. A clinic
-- whose catalogues already have such twins keeps them, without the index, until an admin
-- renames one; the check before each write still refuses new ones.
do $$
begin
  if not exists (select 1 from sedes group by normalizar(nombre) having count(*) > 1) then
    create unique index sedes_nombre_normalizado_key on sedes (normalizar(nombre));
  end if;
  if not exists (
    select 1 from salas group by sede, normalizar(nombre) having count(*) > 1
  ) then
    create unique index salas_nombre_normalizado_key on salas (sede, normalizar(nombre));
  end if;
  if not exists (
    select 1 from estudios group by modalidad, normalizar(nombre) having count(*) > 1
  ) then
    create unique index estudios_nombre_normalizado_key on estudios (modalidad, normalizar(nombre));
  end if;
end
$$;
