-- The sede each account's worklist opens on: the last one its user chose there, kept with the
-- account so it follows them to any computer (docs/producto.md#buscar-paciente). Null: every sede.
alter table usuarios add column sede text check (sede in ('Lima', 'Arequipa', 'Cusco'));
