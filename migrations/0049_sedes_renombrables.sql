-- A sede can be renamed: its name is the key atenciones, salas, usuarios and feriados keep, and
-- renaming it now carries the new name to every row that holds it (on update cascade), in the
-- one transaction of the rename. Each foreign key is added again «not valid» and validated after,
-- which reads the rows without holding reads of the table.
alter table atenciones drop constraint atenciones_sede_fkey,
  add constraint atenciones_sede_fkey foreign key (sede) references sedes (nombre)
    on update cascade not valid;
alter table atenciones validate constraint atenciones_sede_fkey;
alter table salas drop constraint salas_sede_fkey,
  add constraint salas_sede_fkey foreign key (sede) references sedes (nombre)
    on update cascade not valid;
alter table salas validate constraint salas_sede_fkey;
alter table usuarios drop constraint usuarios_sede_fkey,
  add constraint usuarios_sede_fkey foreign key (sede) references sedes (nombre)
    on update cascade not valid;
alter table usuarios validate constraint usuarios_sede_fkey;
alter table feriados drop constraint feriados_sede_fkey,
  add constraint feriados_sede_fkey foreign key (sede) references sedes (nombre)
    on update cascade not valid;
alter table feriados validate constraint feriados_sede_fkey;
