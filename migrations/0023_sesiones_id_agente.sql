-- «Mi cuenta» lists a user's own sessions and ends any of them (docs/seguridad.md#mi-cuenta). The
-- token's digest never leaves the server, so each session gets a public id of its own: random,
-- so it tells nothing of how many sessions there were or whose. The browser that opened it is
-- kept (as it said, cut short) only to tell one's sessions apart.
alter table sesiones
  add column id uuid not null default gen_random_uuid(),
  add column agente text check (length(agente) <= 300);
alter table sesiones add constraint sesiones_id_key unique (id);
