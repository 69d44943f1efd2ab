-- The atenciones of a visit (0043), which its ticket reads together: only those registered with
-- others have a number, so the index holds only them.
create index atenciones_visita_idx on atenciones (visita) where visita is not null;
