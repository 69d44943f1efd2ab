-- A mother's children, found without reading the table: by the foreign key's checks and by any
-- list of them. Few rows, so a partial index.
create index pacientes_madre_idx on pacientes (madre_id) where madre_id is not null;
