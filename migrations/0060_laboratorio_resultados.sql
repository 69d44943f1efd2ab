-- The laboratory's work on an atención (docs/datos.md#laboratorio-resultados): the samples drawn for
-- it and their reception, each analito's result as it is typed and validated, and the frozen result
-- sheet. A validated result never changes (trigger resultados_validado_inmutable): a correction is
-- a new version of the same analito with its reason, validated in turn, and the old one stays on
-- the patient's history. The rules a value is read with (range, flag, calculations) are
-- shared/laboratorio.ts; the range and unit a result was read against are copied onto it when it
-- is saved, so a later change to the catalogue never changes a validated result or its sheet.

-- Whether a sede lets the person who typed a result validate it too (off: a second person does).
alter table sedes add column laboratorio_autovalidacion boolean not null default false;
-- A tecnólogo who may validate results (a médico always may); what they sign needs a colegiatura.
alter table usuarios add column valida_resultados boolean not null default false;
-- How far a result may move from the patient's previous one before it is flagged for a look (Δ),
-- in percent of the previous value; null: no delta check.
alter table analitos add column delta_porcentaje numeric check (delta_porcentaje > 0);
update analitos set delta_porcentaje = d.p
from (values ('HGB', 20), ('HTO', 20), ('HEM', 20), ('LEU', 50), ('PLT', 50), ('GLU', 50),
  ('CREA', 50), ('TSH', 100), ('COL', 30), ('TRI', 50), ('TGO', 100), ('TGP', 100), ('BT', 100))
  as d (codigo, p)
where analitos.codigo = d.codigo;

-- One tube or flask per recipiente the atención's LAB studies need (several exams drawn into the
-- same EDTA tube share it). Its number (the label's barcode) is its id, zero-padded to 8 digits
-- (shared/muestras.ts). A rejected sample asks for a new one, which points back to it.
create table muestras (
  id integer generated always as identity primary key,
  atencion_id integer not null references atenciones (id),
  recipiente text not null check (length(recipiente) between 1 and 100),
  muestra text not null check (length(muestra) between 1 and 100),
  -- The atención's studies it is drawn for, by name, in the atención's order.
  estudios text[] not null check (cardinality(estudios) between 1 and 20),
  estado text not null default 'pendiente' check (estado in ('pendiente', 'recibida', 'rechazada')),
  creada_por integer references usuarios (id),
  creada_en timestamptz not null default now(),
  recibida_por integer references usuarios (id),
  recibida_en timestamptz,
  rechazada_por integer references usuarios (id),
  rechazada_en timestamptz,
  motivo_rechazo text check (motivo_rechazo in ('Hemolizada', 'Insuficiente', 'Mal rotulada',
    'Coagulada', 'Lipémica', 'Otro')),
  nota_rechazo text check (length(nota_rechazo) between 1 and 500),
  reemplaza_id integer unique references muestras (id),
  check ((estado = 'recibida') = (recibida_en is not null and recibida_por is not null)),
  check ((estado = 'rechazada') = (rechazada_en is not null and rechazada_por is not null
    and motivo_rechazo is not null)),
  check (motivo_rechazo <> 'Otro' or nota_rechazo is not null)
);
-- One live sample per recipiente and atención: of two desks listing the tubes at once, one writes.
create unique index muestras_vigente_key on muestras (atencion_id, recipiente)
  where estado <> 'rechazada';
comment on table muestras is
  'Fuente: cada tubo o frasco tomado para una atención de laboratorio, su recepción o su rechazo.';

-- One row per version of an analito's result on an atención. Version 1 is typed (and retyped:
-- each save adds one to revision) until it is validated; a correction of a validated one is
-- version 2, with its motivo, and so on. The current result is each analito's highest version.
create table resultados (
  id integer generated always as identity primary key,
  atencion_id integer not null references atenciones (id),
  analito_id integer not null references analitos (id),
  version integer not null default 1 check (version between 1 and 100),
  motivo text check (length(motivo) between 1 and 500),
  -- A number for 'numero' analitos (null only for a calculated one that does not apply), the
  -- option or text for the others.
  valor_numero numeric,
  valor_texto text check (length(valor_texto) between 1 and 2000),
  -- What it was read against when saved: unit, limits (null where none) and the flag.
  unidad text,
  normal_min numeric,
  normal_max numeric,
  critico_min numeric,
  critico_max numeric,
  bandera text check (bandera in ('LL', 'L', 'H', 'HH')),
  estado text not null default 'ingresado' check (estado in ('ingresado', 'validado')),
  -- Every save adds one; the atención's ETag is made of its results' ids and revisions.
  revision integer not null default 1,
  ingresado_por integer references usuarios (id),
  ingresado_en timestamptz not null default now(),
  validado_por integer references usuarios (id),
  validado_en timestamptz,
  -- The validator as the sheet names them, copied at validation so a later rename changes nothing.
  validador_nombre text,
  validador_colegiatura text,
  -- Written by the seed for results validated in the clinic's previous system: no sheet here.
  importado boolean not null default false,
  unique (atencion_id, analito_id, version),
  check ((version = 1) = (motivo is null)),
  check (valor_numero is null or valor_texto is null),
  check ((estado = 'validado') = (validado_en is not null and validador_nombre is not null)),
  check (estado = 'validado' or not importado),
  check (importado or estado <> 'validado' or (validado_por is not null
    and validador_colegiatura is not null))
);
-- One version in writing per analito and atención.
create unique index resultados_abierto_key on resultados (atencion_id, analito_id)
  where estado <> 'validado';
-- The previous value of an analito for the delta check and the sheet, and the per-analito grid.
create index resultados_analito_idx on resultados (analito_id, atencion_id);
comment on table resultados is
  'Fuente: cada versión del resultado de un analito en una atención; una validada no cambia nunca (trigger resultados_validado_inmutable).';

create function resultados_validado_inmutable() returns trigger language plpgsql as $$
begin
  raise exception 'El resultado % ya está validado: no se modifica ni se borra', old.id
    using errcode = 'P0001', constraint = 'resultados_validado_inmutable';
end $$;
create trigger resultados_validado_inmutable before update or delete on resultados
  for each row when (old.estado = 'validado') execute function resultados_validado_inmutable();

-- A lab value past a critical limit opens the same call-back record as a radiologist's critical
-- finding: whom, when, how, read back. It must be recorded before the value is validated.
alter table hallazgos_criticos
  alter column informe_id drop not null,
  add column resultado_id integer unique references resultados (id),
  add constraint hallazgos_criticos_origen_check
    check ((informe_id is null) <> (resultado_id is null));

-- The result sheet, frozen at each validation: the PDF's bytes as drawn then, with the SHA-256 and
-- the short code printed under its QR. Every reprint serves the latest version's same bytes; an
-- earlier one stays for the verification page. parcial: some analitos still waited.
create table hojas_resultados (
  id integer generated always as identity primary key,
  atencion_id integer not null references atenciones (id),
  version integer not null check (version between 1 and 1000),
  parcial boolean not null,
  pdf bytea not null,
  pdf_sha256 text not null check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  codigo text not null unique check (codigo ~ '^[A-Z2-9]{10}$'),
  creado_por integer not null references usuarios (id),
  creado_en timestamptz not null default now(),
  unique (atencion_id, version)
);
comment on table hojas_resultados is
  'Fuente: cada versión de la hoja de resultados de una atención, congelada al validar; no cambia nunca.';

create function hojas_resultados_inmutable() returns trigger language plpgsql as $$
begin
  raise exception 'La hoja de resultados % ya está emitida: no se modifica ni se borra', old.id
    using errcode = 'P0001', constraint = 'hojas_resultados_inmutable';
end $$;
create trigger hojas_resultados_inmutable before update or delete on hojas_resultados
  for each row execute function hojas_resultados_inmutable();
