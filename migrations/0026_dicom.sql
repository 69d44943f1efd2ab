-- The modalities' worklist over DICOM (docs/dicom.md): what an atención needs to be published as a
-- Modality Worklist item, and the Modality Performed Procedure Steps the equipment sends back.

-- An atención belongs to a sala from its booking or from its registration at the desk; only a cita
-- holds a time range there (was: both or neither). The new rule is checked against existing rows in
-- a second step, under a share lock rather than the exclusive one of a plain ADD CONSTRAINT.
alter table atenciones drop constraint atenciones_cita_completa;
alter table atenciones add constraint atenciones_turno_con_sala
  check (turno is null or sala_id is not null) not valid;
alter table atenciones validate constraint atenciones_turno_con_sala;

-- A DICOM UID under the 2.25 root: a random UUID written as one decimal integer (PS3.5 B.2). Its
-- 128 bits as four 32-bit words keep the arithmetic exact in numeric.
create function dicom_uid_nuevo() returns text
  language sql volatile parallel safe
  as $$
    select '2.25.' || (
      ((('x' || substr(h, 1, 8))::bit(32)::bigint & 4294967295)::numeric * 79228162514264337593543950336
       + (('x' || substr(h, 9, 8))::bit(32)::bigint & 4294967295)::numeric * 18446744073709551616
       + (('x' || substr(h, 17, 8))::bit(32)::bigint & 4294967295)::numeric * 4294967296
       + (('x' || substr(h, 25, 8))::bit(32)::bigint & 4294967295)::numeric)::text)
    from (select replace(gen_random_uuid()::text, '-', '') as h) u
  $$;

-- The study's UID, given once and never changed: the images the equipment makes carry it. A row
-- gets one when it is written without one, so every atención that reaches a published estado has
-- it, while the historical rows that never will are not rewritten for it.
alter table atenciones add column study_instance_uid text
  check (study_instance_uid ~ '^[0-9]+(\.[0-9]+)*$' and length(study_instance_uid) <= 64);

create function atenciones_dar_study_uid() returns trigger
  language plpgsql
  as $$
begin
  new.study_instance_uid := dicom_uid_nuevo();
  return new;
end
$$;

create trigger atenciones_dar_study_uid
  before insert or update on atenciones
  for each row when (new.study_instance_uid is null)
  execute function atenciones_dar_study_uid();

update atenciones set study_instance_uid = dicom_uid_nuevo()
where estado in ('Programado', 'En espera', 'En proceso') and study_instance_uid is null;

create unique index atenciones_study_instance_uid_key on atenciones (study_instance_uid)
  where study_instance_uid is not null;

-- The published items are RX, Eco and MRI atenciones still to be done; a modality asks for its own
-- AE title (its sala) and its day, or only for a day. Both indexes hold the published rows only.
-- The scheduled start is the cita's start, or the arrival of an atención registered at the desk.
create index atenciones_mwl_sala_idx on atenciones (sala_id, (coalesce(lower(turno), llegada)), id)
  where estado in ('Programado', 'En espera') and modalidad in ('RX', 'Eco', 'MRI');
create index atenciones_mwl_inicio_idx on atenciones ((coalesce(lower(turno), llegada)), id)
  where estado in ('Programado', 'En espera') and modalidad in ('RX', 'Eco', 'MRI');

-- Modality Performed Procedure Steps as the equipment sent them: one row per SOP instance UID, so
-- a repeated message changes nothing. atencion_id is null when the step matched no atención; a
-- person links it (or sets it aside) in the app.
create table mpps (
  uid text primary key check (uid ~ '^[0-9]+(\.[0-9]+)*$' and length(uid) <= 64),
  sala_id integer not null references salas (id),
  atencion_id integer references atenciones (id),
  estado text not null check (estado in ('IN PROGRESS', 'COMPLETED', 'DISCONTINUED')),
  -- What the step said of itself: patient, accession number, study UID, times, procedure.
  datos jsonb not null check (jsonb_typeof(datos) = 'object'),
  recibido_en timestamptz not null default now(),
  actualizado_en timestamptz not null default now(),
  conciliado_por integer references usuarios (id),
  conciliado_en timestamptz,
  check ((conciliado_por is null) = (conciliado_en is null))
);
create index mpps_atencion_idx on mpps (atencion_id, recibido_en) where atencion_id is not null;
create index mpps_sin_conciliar_idx on mpps (recibido_en)
  where atencion_id is null and conciliado_en is null;
