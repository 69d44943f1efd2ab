-- One visit, several studies: the atenciones a patient came for together (an X-ray and a blood
-- test, registered at once) share a visita number, and with it one ticket and one turno. Each is
-- still its own atención, for its sala, worklist and report. Null for an atención that came alone,
-- as every one before this did. A nullable column with no default is added without a rewrite; its
-- index comes in 0044, since this file's ALTER keeps the table from being read until it ends.
create sequence visitas_seq as integer;
alter table atenciones add column visita integer;
