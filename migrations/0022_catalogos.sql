-- The clinic's own catalogues move from the code into the database, so that a fourth sede, a new
-- study or a second X-ray room needs an admin, not a release (docs/datos.md#catálogos). They are
-- seeded with the values the code had, so every stored atención and every link keeps working.
-- Modalities stay in the code: each one is a DICOM modality and a screen's behaviour.

-- A sede is named by what atenciones store; it is never renamed (a million rows and their copies
-- would follow) and never deleted, only deactivated: old atenciones and searches keep it.
create table sedes (
  nombre text primary key check (length(nombre) between 1 and 60 and nombre = btrim(nombre)),
  activa boolean not null default true,
  orden integer not null default 0,
  creada_en timestamptz not null default now()
);
insert into sedes (nombre, orden) values ('Lima', 1), ('Arequipa', 2), ('Cusco', 3);

-- The lists of sedes in 0002 and 0019 become references to the table. Validated in a second step
-- so the check of existing rows takes a share lock, not an exclusive one.
alter table atenciones drop constraint atenciones_sede_check;
alter table atenciones add constraint atenciones_sede_fkey
  foreign key (sede) references sedes (nombre) not valid;
alter table atenciones validate constraint atenciones_sede_fkey;
alter table usuarios drop constraint usuarios_sede_check;
alter table usuarios add constraint usuarios_sede_fkey foreign key (sede) references sedes (nombre);

-- Studies per modality. Atenciones store the study's name (as they always have), so a study is
-- renamed only as a new one and an old one deactivated; the name is unique within its modality.
create table estudios (
  id integer generated always as identity primary key,
  modalidad text not null check (modalidad in ('RX', 'Eco', 'MRI', 'LAB')),
  codigo text not null unique check (codigo ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'),
  nombre text not null check (length(nombre) between 1 and 100 and nombre = btrim(nombre)),
  duracion_minutos integer not null check (duracion_minutos between 5 and 480),
  preparacion text check (length(preparacion) between 1 and 2000),
  activo boolean not null default true,
  orden integer not null default 0,
  unique (modalidad, nombre)
);
insert into estudios (modalidad, codigo, nombre, duracion_minutos, preparacion, orden) values
  ('RX', 'RX-TORAX-PA', 'Tórax PA', 10, null, 1),
  ('RX', 'RX-TORAX-PAL', 'Tórax PA y lateral', 15, null, 2),
  ('RX', 'RX-ABDOMEN', 'Abdomen simple', 15, null, 3),
  ('RX', 'RX-COL-CERV', 'Columna cervical', 15, null, 4),
  ('RX', 'RX-COL-LUMB', 'Columna lumbar', 15, null, 5),
  ('RX', 'RX-PELVIS', 'Pelvis', 15, null, 6),
  ('RX', 'RX-RODILLA', 'Rodilla', 10, null, 7),
  ('RX', 'RX-MANO', 'Mano', 10, null, 8),
  ('RX', 'RX-CRANEO', 'Cráneo', 15, null, 9),
  ('Eco', 'ECO-ABD', 'Abdominal completa', 30, 'Ayuno de 6 a 8 horas.', 1),
  ('Eco', 'ECO-OBST', 'Obstétrica', 30, null, 2),
  ('Eco', 'ECO-PELV', 'Pélvica', 20,
    'Vejiga llena: tomar 1 litro de agua una hora antes y no orinar hasta el examen.', 3),
  ('Eco', 'ECO-RENAL', 'Renal', 20, 'Tomar 1 litro de agua una hora antes.', 4),
  ('Eco', 'ECO-TIROIDES', 'Tiroidea', 20, null, 5),
  ('Eco', 'ECO-MAMA', 'Mamaria', 20, null, 6),
  ('Eco', 'ECO-DOPPLER-V', 'Doppler venoso', 30, null, 7),
  ('MRI', 'MRI-CEREBRO', 'Cerebro', 40,
    'Retirar todo objeto metálico. Avisar si tiene marcapasos, implantes o clips.', 1),
  ('MRI', 'MRI-COL-LUMB', 'Columna lumbar', 40,
    'Retirar todo objeto metálico. Avisar si tiene marcapasos, implantes o clips.', 2),
  ('MRI', 'MRI-RODILLA', 'Rodilla', 40,
    'Retirar todo objeto metálico. Avisar si tiene marcapasos, implantes o clips.', 3),
  ('MRI', 'MRI-HOMBRO', 'Hombro', 40,
    'Retirar todo objeto metálico. Avisar si tiene marcapasos, implantes o clips.', 4),
  ('MRI', 'MRI-ABDOMEN', 'Abdomen', 45,
    'Ayuno de 4 horas. Retirar todo objeto metálico. Avisar si tiene marcapasos, implantes o clips.', 5),
  ('LAB', 'LAB-HEMOGRAMA', 'Hemograma completo', 10, null, 1),
  ('LAB', 'LAB-GLUCOSA', 'Glucosa', 10, 'Ayuno de 8 horas.', 2),
  ('LAB', 'LAB-LIPIDOS', 'Perfil lipídico', 10, 'Ayuno de 12 horas.', 3),
  ('LAB', 'LAB-CREATININA', 'Creatinina', 10, null, 4),
  ('LAB', 'LAB-HEPATICO', 'Perfil hepático', 10, 'Ayuno de 8 horas.', 5),
  ('LAB', 'LAB-TSH', 'TSH', 10, null, 6),
  ('LAB', 'LAB-ORINA', 'Examen de orina', 10, 'Primera orina de la mañana, en frasco estéril.', 7);

-- A sala: a room or a piece of equipment of one modality at one sede, with its weekly hours
-- (ISO weekday, 1 = Monday, clinic time) and, for the modality worklist, the AE
-- title the equipment calls with and its address. Citas book into salas.
-- horario: [{"dia": 1, "abre": "07:00", "cierra": "20:00"}, …], at most one interval a weekday,
-- checked by the server (docs/api.md#salas); a weekday that is missing is closed.
create table salas (
  id integer generated always as identity primary key,
  sede text not null references sedes (nombre),
  modalidad text not null check (modalidad in ('RX', 'Eco', 'MRI', 'LAB')),
  nombre text not null check (length(nombre) between 1 and 60 and nombre = btrim(nombre)),
  horario jsonb not null check (jsonb_typeof(horario) = 'array'),
  -- DICOM AE titles: up to 16 printable ASCII characters, no backslash, no blanks at the ends.
  ae_title text unique check (
    ae_title ~ '^[ -~]{1,16}$' and position('\' in ae_title) = 0 and ae_title = btrim(ae_title)
  ),
  direccion text check (length(direccion) between 1 and 255),
  activa boolean not null default true,
  unique (sede, nombre)
);
-- One sala per sede and modality, open Monday to Saturday 07:00–20:00.
insert into salas (sede, modalidad, nombre, horario)
select s.nombre, m.modalidad, m.modalidad || ' 1',
  (select jsonb_agg(jsonb_build_object('dia', d, 'abre', '07:00', 'cierra', '20:00') order by d)
   from generate_series(1, 6) d)
from sedes s
cross join (values (1, 'RX'), (2, 'Eco'), (3, 'MRI'), (4, 'LAB')) as m (orden, modalidad)
order by s.orden, m.orden;
