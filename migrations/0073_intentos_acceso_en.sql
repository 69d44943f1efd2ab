-- Wrong access codes older than a day are deleted by their instant: without this index that
-- delete read the whole table on every accepted code, so each patient's access got slower the
-- more wrong tries (an attacker's, from anywhere) the table held.
create index intentos_acceso_en_idx on intentos_acceso (en);
