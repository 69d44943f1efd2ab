-- The audit screen's date range (Configuración › Auditoría, and its CSV export): without an index
-- on the instant, a range of days long past walked the whole trail backwards by id to find its
-- events. With one, the days bound the read; the user, patient and action filters keep theirs
-- (0003).
create index auditoria_en_idx on auditoria (en);
