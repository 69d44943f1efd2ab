-- The single staff role `personal` becomes the roles a clinic has (shared/permisos.ts decides what
-- each may do): reception, the technologist at the equipment, the physician who reports and signs,
-- and the admin. Existing staff accounts become reception, which keeps everything `personal` could
-- do; an admin gives each account its role afterwards.
-- A professional's colegiatura (CMP for physicians, CTMP for technologists, optionally with the
-- physician's RNE) goes on the reports they sign; a physician cannot be without one.
alter table usuarios drop constraint usuarios_rol_check;
update usuarios set rol = 'recepcion' where rol = 'personal';
alter table usuarios
  add constraint usuarios_rol_check check (rol in ('recepcion', 'tecnologo', 'medico', 'admin')),
  add column colegiatura text check (colegiatura ~ '^[A-Z]{2,8} [0-9]{1,8}( RNE [0-9]{1,8})?$'),
  add constraint usuarios_medico_colegiatura_check check (rol <> 'medico' or colegiatura is not null);
