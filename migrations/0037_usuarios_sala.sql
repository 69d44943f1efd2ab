-- The sala a technologist's worklist opens on, beside its sede: the last one the account chose
-- there, so «Mi sala · En espera» is one click on any computer (docs/producto.md#buscar-paciente).
-- Null: no sala. Salas are closed, never deleted, so the reference stays good.
alter table usuarios add column sala_id integer references salas (id);
