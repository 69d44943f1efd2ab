-- Médicos solicitantes (docs/datos.md#médicos-solicitantes): the physicians who order a patient's
-- studies, kept by admins in Configuración and added by the desk while it registers an atención,
-- which names its solicitante. The ticket, the signed informe, the lab's result sheet and the DICOM
-- worklist (ReferringPhysicianName) print it. A physician is never deleted, only deactivated: the
-- atenciones that name one keep it, and a frozen document already printed it.
create table medicos_solicitantes (
  id integer generated always as identity primary key,
  nombres text not null check (length(nombres) between 1 and 60 and nombres = btrim(nombres)),
  apellidos text not null
    check (length(apellidos) between 1 and 60 and apellidos = btrim(apellidos)),
  -- The Colegio Médico del Perú's number: digits only, without leading zeros (what the desk types
  -- as «045821» is the same physician as «45821»), one physician per number.
  cmp text not null check (cmp ~ '^[1-9][0-9]{0,6}$'),
  especialidad text
    check (length(especialidad) between 1 and 80 and especialidad = btrim(especialidad)),
  correo text check (length(correo) between 3 and 254 and correo !~ '[[:space:]]'),
  telefono text check (telefono ~ '^\+?[0-9 ()-]{6,20}$'),
  activo boolean not null default true,
  creado_por integer references usuarios (id),
  creado_en timestamptz not null default now(),
  actualizado_en timestamptz not null default now(),
  constraint medicos_solicitantes_cmp_key unique (cmp)
);
comment on table medicos_solicitantes is
  'Fuente: los médicos que solicitan estudios, agregados en recepción o en Configuración; nunca se borran, se desactivan.';

-- The search of the desk's autocomplete and of Configuración: every word of what is typed at the
-- start of a word of the surnames or names, without case or accents. As the patients' names (0020),
-- one text with a blank before each word, so that one trigram index serves every word. The schema is
-- named because a restore (pg_dump's, and the embedded database's template) builds the index with
-- an empty search_path.
create function medico_busqueda(apellidos text, nombres text) returns text
  language sql immutable parallel safe
  as $$ select ' ' || public.normalizar(apellidos) || ' ' || public.normalizar(nombres) $$;
create index medicos_solicitantes_busqueda_trgm on medicos_solicitantes
  using gin (medico_busqueda(apellidos, nombres) gin_trgm_ops);

-- The atención's solicitante. The column alone is added without rewriting the table, and its
-- reference «not valid» and then validated (docs/presupuestos.md#migraciones). No index: nothing
-- reads atenciones by their solicitante, and a physician is never deleted.
alter table atenciones add column solicitante_id integer;
alter table atenciones add constraint atenciones_solicitante_id_fkey
  foreign key (solicitante_id) references medicos_solicitantes (id) not valid;
alter table atenciones validate constraint atenciones_solicitante_id_fkey;
