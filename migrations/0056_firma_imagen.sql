-- A médico's signature-and-stamp image, uploaded in Mi cuenta and drawn above their name and
-- colegiatura on the informes they sign from then on (a signed PDF keeps the image it was drawn
-- with: its bytes are frozen). One row per account, apart from usuarios so that no read of an
-- account carries the image. The database holds the same limits as the API: PNG or JPEG by its
-- first bytes, up to 300 KB, and the pixel size a signature needs (shared/mi-cuenta.ts).
create table firmas_imagen (
  usuario_id integer primary key references usuarios (id) on delete cascade,
  imagen bytea not null check (octet_length(imagen) between 1 and 307200),
  tipo text not null check (tipo in ('image/png', 'image/jpeg')),
  ancho integer not null check (ancho between 100 and 2000),
  alto integer not null check (alto between 40 and 2000),
  actualizada_en timestamptz not null default now(),
  check (
    (tipo = 'image/png' and substring(imagen from 1 for 8) = '\x89504e470d0a1a0a'::bytea)
    or (tipo = 'image/jpeg' and substring(imagen from 1 for 3) = '\xffd8ff'::bytea)
  )
);
comment on table firmas_imagen is
  'Fuente: la imagen de firma y sello de un médico, subida en Mi cuenta; cada informe que firma la copia en su PDF, así que cambiarla no cambia los ya firmados.';
