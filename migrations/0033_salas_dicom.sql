-- What each sala's equipment expects from the worklist: the DICOM modality code of its items (a
-- CR room is not a DX room, though both are RX here; null is the modality's usual code) and the
-- character set it can show (older equipment reads Latin-1, ISO_IR 100, and no UTF-8).
alter table salas
  add column modalidad_dicom text,
  add column juego_caracteres text not null default 'ISO_IR 192'
    check (juego_caracteres in ('ISO_IR 192', 'ISO_IR 100')),
  add constraint salas_modalidad_dicom_check check (
    modalidad_dicom is null
    or (modalidad = 'RX' and modalidad_dicom in ('DX', 'CR', 'RF', 'MG', 'XA'))
    or (modalidad = 'Eco' and modalidad_dicom = 'US')
    or (modalidad = 'MRI' and modalidad_dicom = 'MR'));
