-- Login attempts refused by the throttle (429), counted per address in fixed windows. The audit
-- trail is append-only, so it cannot hold a running count: it gets a record at the 1st, 2nd, 4th,
-- 8th… refusal of each window, with the count from here; a flood leaves a few rows, not millions.
create table intentos_limitados (
  direccion text not null,
  desde timestamptz not null,
  intentos integer not null default 1,
  primary key (direccion, desde)
);
-- Windows older than a day are swept by the refusals themselves.
create index intentos_limitados_desde_idx on intentos_limitados (desde);
