-- A mother's children (a merge moves them to the surviving record): few rows, so a partial index.
create index pacientes_madre_idx on pacientes (madre_id) where madre_id is not null;
