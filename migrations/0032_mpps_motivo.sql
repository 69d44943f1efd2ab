-- Why a step the equipment reported waits for a person instead of moving its atención: the
-- atención it names is of another modality or another sede than the calling sala's (an Eco room
-- that started an RX exam, an Arequipa room that completed a Lima step). Null when it named none
-- the server could find.
alter table mpps add column motivo text check (length(motivo) <= 300);
