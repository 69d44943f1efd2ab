-- Where a patient lives, down to the distrito (shared/distritos.ts, INEI's ubigeo). Optional: the
-- records before it have none, and the spec's registration does not send it. A nullable column
-- with no default is added without rewriting the table.
alter table pacientes add column distrito text check (length(distrito) <= 60);
