-- A newborn registered by its Certificado de Nacido Vivo (CNV), before it has a DNI, and linked to
-- its mother's record (madre_id): the CNV names the mother, and a newborn's studies are read beside
-- hers. The link stays when the child later gets a DNI. Every constraint is added «not valid» and
-- validated after, which reads the rows without holding reads of the table.
alter table pacientes drop constraint pacientes_tipo_documento_check,
  add constraint pacientes_tipo_documento_check
    check (tipo_documento in ('dni', 'cedula', 'pasaporte', 'ruc', 'ce', 'cpp', 'cnv')) not valid;
alter table pacientes validate constraint pacientes_tipo_documento_check;
alter table pacientes add column madre_id integer;
alter table pacientes add constraint pacientes_madre_id_fkey
  foreign key (madre_id) references pacientes (id) not valid;
alter table pacientes validate constraint pacientes_madre_id_fkey;
-- A CNV has a mother; nobody is their own.
alter table pacientes add constraint pacientes_madre_check
  check ((tipo_documento <> 'cnv' or madre_id is not null) and madre_id <> id) not valid;
alter table pacientes validate constraint pacientes_madre_check;
