-- Carné de extranjería (ce) and CPP (cpp, which replaced the PTP): the documents Peru issues to the
-- foreigners who live here, beside the spec's four (docs/datos.md#documento-de-identidad). The
-- check is replaced «not valid» and then validated, which reads every row without holding reads.
alter table pacientes drop constraint pacientes_tipo_documento_check,
  add constraint pacientes_tipo_documento_check
    check (tipo_documento in ('dni', 'cedula', 'pasaporte', 'ruc', 'ce', 'cpp')) not valid;
alter table pacientes validate constraint pacientes_tipo_documento_check;
