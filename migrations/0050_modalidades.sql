-- Modalities move from the code into the catalogue, so that a clinic with a CT, a mammograph or a
-- densitometer adds it in Configuración (docs/datos.md#modalidades-y-estudios). A modality is
-- named by what atenciones, salas and estudios store (`valor`: RX, Eco, MRI, LAB, CT…), which is
-- never renamed; its label, a Spanish name, is what a person reads. Its DICOM codes (PS3.3
-- C.7.3.1.1.1) are those its salas may publish worklist items as, the usual one first; a modality
-- with none (LAB) has no equipment and publishes nothing.
create table modalidades (
  valor text primary key check (valor ~ '^[A-Za-z0-9]{1,16}$'),
  etiqueta text not null check (length(etiqueta) between 1 and 60 and etiqueta = btrim(etiqueta)),
  codigos_dicom text[] not null default '{}' check (
    cardinality(codigos_dicom) <= 8
    and array_position(codigos_dicom, null) is null
    and array_to_string(codigos_dicom, ',') ~ '^([A-Z0-9]{2,16}(,[A-Z0-9]{2,16})*)?$'),
  -- The icon of the patients list (docs/datos.md#modalidades-y-estudios).
  icono text not null check (icono ~ '^[a-z0-9]{1,16}$'),
  activa boolean not null default true,
  orden integer not null default 0
);
create unique index modalidades_valor_normalizado_key on modalidades (lower(valor));
create unique index modalidades_etiqueta_normalizada_key on modalidades (normalizar(etiqueta));
insert into modalidades (valor, etiqueta, codigos_dicom, icono, orden) values
  ('RX', 'DX (RX)', '{DX,CR,RF,MG,XA}', 'rx', 1),
  ('Eco', 'Eco (US)', '{US}', 'ecografia', 2),
  ('MRI', 'MRI', '{MR}', 'resonancia', 3),
  ('LAB', 'Laboratorio', '{}', 'laboratorio', 4);

-- The lists of modalities of 0002 and 0022 become references to the table, validated in a
-- second step so the check of existing rows takes a share lock, not an exclusive one.
alter table atenciones drop constraint atenciones_modalidad_check,
  add constraint atenciones_modalidad_fkey foreign key (modalidad) references modalidades (valor)
    not valid;
alter table atenciones validate constraint atenciones_modalidad_fkey;
alter table estudios drop constraint estudios_modalidad_check,
  add constraint estudios_modalidad_fkey foreign key (modalidad) references modalidades (valor)
    not valid;
alter table estudios validate constraint estudios_modalidad_fkey;
alter table salas drop constraint salas_modalidad_check,
  add constraint salas_modalidad_fkey foreign key (modalidad) references modalidades (valor)
    not valid;
alter table salas validate constraint salas_modalidad_fkey;

-- A sala's own DICOM code is one of its modality's (0033 listed them in a check). The sala's
-- trigger reads its modality's row for share, and a modality's change waits for it, so two at
-- once cannot leave a sala with a code its modality no longer has.
alter table salas drop constraint salas_modalidad_dicom_check;
create function salas_codigo_dicom_de_su_modalidad() returns trigger
language plpgsql as $$
begin
  if new.modalidad_dicom is not null and not exists (
    select 1 from modalidades
    where valor = new.modalidad and new.modalidad_dicom = any(codigos_dicom)
    for share
  ) then
    raise exception 'El código DICOM % no es de la modalidad %', new.modalidad_dicom, new.modalidad
      using errcode = 'check_violation', constraint = 'salas_modalidad_dicom_check';
  end if;
  return new;
end
$$;
create trigger salas_modalidad_dicom_check before insert or update of modalidad, modalidad_dicom
  on salas for each row execute function salas_codigo_dicom_de_su_modalidad();

create function modalidades_codigos_en_uso() returns trigger
language plpgsql as $$
declare
  sala text;
begin
  select s.nombre || ' (' || s.sede || ')' into sala from salas s
  where s.modalidad = new.valor and s.modalidad_dicom is not null
    and not s.modalidad_dicom = any(new.codigos_dicom)
  limit 1;
  if sala is not null then
    raise exception 'La sala % usa un código DICOM que la modalidad % dejaría de tener',
      sala, new.valor using errcode = 'check_violation', constraint = 'modalidades_codigos_en_uso';
  end if;
  return new;
end
$$;
create trigger modalidades_codigos_en_uso before update of codigos_dicom on modalidades
  for each row execute function modalidades_codigos_en_uso();
