-- One visit, several studies: the atenciones a patient came for together (an X-ray and a blood
-- test, registered at once) share a visita number, and with it one ticket and one turno. Each is
-- still its own atención, for its sala, worklist and report. Null for an atención that came alone,
-- as every one before this did. A nullable column with no default is added without a rewrite.
create sequence visitas_seq as integer;
alter table atenciones add column visita integer;
create index atenciones_visita_idx on atenciones (visita) where visita is not null;
