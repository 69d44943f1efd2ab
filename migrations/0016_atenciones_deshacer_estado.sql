-- Correcting an atención's estado: a cancellation keeps its reason, and the last change keeps what
-- undoing it needs (the estado it came from, who made it and when). All four are null when there
-- is nothing to undo: a new atención, or one whose last change was undone. The history of every
-- change stays in the audit trail.
alter table atenciones
  add column motivo_cancelacion text check (length(motivo_cancelacion) between 1 and 500),
  add column ultimo_cambio_desde text
    check (ultimo_cambio_desde in ('Programado', 'En espera', 'En proceso', 'Completado', 'Informado', 'Cancelado')),
  add column ultimo_cambio_por integer references usuarios (id),
  add column ultimo_cambio_en timestamptz,
  add constraint atenciones_motivo_solo_cancelada check (motivo_cancelacion is null or estado = 'Cancelado'),
  add constraint atenciones_ultimo_cambio_completo
    check ((ultimo_cambio_desde is null) = (ultimo_cambio_en is null));
