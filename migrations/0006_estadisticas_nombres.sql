-- The search picks between walking atenciones newest first and starting from the matching
-- patients by the estimated share of patients a name matches. With the default 100 entries a
-- typo like '%xyz%' is guessed at 0.25 % and the walk reads every atención; with 1,000 most
-- common values and histogram bounds the estimate of a name that matches nobody is near zero.
alter table pacientes
  alter column primer_nombre_norm set statistics 1000,
  alter column segundo_nombre_norm set statistics 1000,
  alter column primer_apellido_norm set statistics 1000,
  alter column segundo_apellido_norm set statistics 1000,
  alter column documento set statistics 1000;

analyze pacientes;
