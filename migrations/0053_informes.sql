-- The radiologist's report (docs/datos.md#informes). Each row is one version of an atención's
-- informe: the original, an adenda appended to a signed one, or a corrección that replaces it.
-- A version is written as a borrador by the médico who holds it, signed to `preliminar` where the
-- sede asks for a second signer, and to `final`, when its content, its PDF's bytes and their
-- SHA-256 are frozen with who signed and when. A final version is never changed or deleted: the
-- trigger below refuses it, whatever the caller.
alter table sedes add column informe_doble_firma boolean not null default false;

create table informes (
  id integer generated always as identity primary key,
  atencion_id integer not null references atenciones (id),
  version integer not null check (version between 1 and 100),
  tipo text not null check (tipo in ('original', 'adenda', 'correccion')),
  -- The final version an adenda is appended to, or a corrección replaces.
  base_id integer references informes (id),
  motivo text check (length(motivo) between 1 and 500),
  estado text not null default 'borrador' check (estado in ('borrador', 'preliminar', 'final')),
  contenido jsonb not null,
  -- Every save adds one; the editor sends the one it read (If-Match), so a stale save is refused.
  revision integer not null default 1,
  tomado_por integer references usuarios (id),
  tomado_en timestamptz,
  preliminar_por integer references usuarios (id),
  preliminar_en timestamptz,
  firmado_por integer references usuarios (id),
  firmado_en timestamptz,
  -- The signer as the document names them, copied at signing so a later rename changes nothing.
  firmante_nombre text,
  firmante_colegiatura text,
  hallazgo_critico boolean not null default false,
  -- When the study it reports was completed, kept at its final signature: the turnaround time.
  completado_en timestamptz,
  pdf bytea,
  pdf_sha256 text check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  -- The short code printed under the QR, for the verification page.
  codigo text unique check (codigo ~ '^[A-Z2-9]{10}$'),
  creado_por integer references usuarios (id),
  creado_en timestamptz not null default now(),
  actualizado_en timestamptz not null default now(),
  unique (atencion_id, version),
  check ((tipo = 'original') = (base_id is null)),
  check ((tipo = 'original') = (motivo is null)),
  check ((tomado_por is null) = (tomado_en is null)),
  check ((preliminar_por is null) = (preliminar_en is null)),
  check (
    (estado = 'final') = (firmado_por is not null and firmado_en is not null
      and firmante_nombre is not null and firmante_colegiatura is not null
      and pdf is not null and pdf_sha256 is not null and codigo is not null)),
  check (estado <> 'preliminar' or preliminar_por is not null)
);
-- One version in writing per atención at a time.
create unique index informes_abierto_key on informes (atencion_id) where estado <> 'final';
create index informes_base_idx on informes (base_id) where base_id is not null;
comment on table informes is
  'Fuente: cada versión del informe de una atención (original, adenda o corrección); una versión final no cambia nunca (trigger informes_final_inmutable).';

create function informes_final_inmutable() returns trigger language plpgsql as $$
begin
  raise exception 'El informe % ya está firmado: no se modifica ni se borra', old.id
    using errcode = 'P0001', constraint = 'informes_final_inmutable';
end $$;
create trigger informes_final_inmutable before update or delete on informes
  for each row when (old.estado = 'final') execute function informes_final_inmutable();

-- A critical finding flagged at signing: who was told, when, how, and whether they read it back.
-- It stays on the dashboard's Alertas until the call is recorded.
create table hallazgos_criticos (
  id integer generated always as identity primary key,
  informe_id integer not null unique references informes (id),
  creado_en timestamptz not null default now(),
  comunicado_a text check (length(comunicado_a) between 1 and 200),
  medio text check (medio in ('Teléfono', 'En persona', 'Mensaje', 'Correo')),
  releido boolean,
  comunicado_en timestamptz,
  registrado_por integer references usuarios (id),
  nota text check (length(nota) between 1 and 500),
  check (
    (comunicado_en is null) = (comunicado_a is null)
    and (comunicado_en is null) = (medio is null)
    and (comunicado_en is null) = (releido is null)
    and (comunicado_en is null) = (registrado_por is null))
);
create index hallazgos_criticos_pendientes_idx on hallazgos_criticos (creado_en)
  where comunicado_en is null;
comment on table hallazgos_criticos is
  'Fuente: el aviso de cada hallazgo crítico marcado al firmar, y la llamada que lo cerró.';

-- The queue «Por informar»: completed studies but the laboratory's (its results are validated,
-- not reported), emergencies and urgent ones first, then the longest waiting. A final signature
-- takes the atención to Informado, so a Completado one has no final informe.
create index atenciones_por_informar_idx on atenciones (
  (case prioridad when 'Emergencia' then 0 when 'Urgente' then 1 else 2 end),
  coalesce(ultimo_cambio_en, llegada), id)
  where estado = 'Completado' and modalidad <> 'LAB';
