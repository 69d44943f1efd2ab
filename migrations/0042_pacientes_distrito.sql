-- Where a patient lives, down to the distrito (shared/distritos.ts, INEI's ubigeo). Optional: the
-- records before it have none, and the spec's registration does not send it. The column alone is
-- added without rewriting the table; its length check is added «not valid» and then validated,
-- which reads every row without holding reads.
alter table pacientes add column distrito text;
alter table pacientes add constraint pacientes_distrito_check
  check (length(distrito) <= 60) not valid;
alter table pacientes validate constraint pacientes_distrito_check;
