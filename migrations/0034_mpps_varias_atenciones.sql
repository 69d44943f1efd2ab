-- One step the equipment performs may do several requested procedures at once (a chest and an
-- abdomen on one exposure series): its Scheduled Step Attributes name each. mpps.atencion_id keeps
-- the first; the others it performs are here, and every one of them follows the step.
create table mpps_atenciones (
  uid text not null references mpps (uid),
  atencion_id integer not null references atenciones (id),
  primary key (uid, atencion_id)
);
create index mpps_atenciones_atencion_idx on mpps_atenciones (atencion_id);
