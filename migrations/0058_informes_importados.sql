-- Reports brought from the clinic's previous system, and those the seed writes for its reported
-- atenciones (docs/datos.md#informes): final, with their text, signer, colegiatura and instant, but
-- signed elsewhere, so without a PDF, SHA-256 or verification code of ours, nor a signing account.
-- The editor shows them among the priors and the patient's page lists them; their PDF is a 409.
alter table informes add column importado boolean not null default false;
alter table informes drop constraint informes_check4;
alter table informes add constraint informes_final_check check (
  (estado = 'final') = (firmado_en is not null and firmante_nombre is not null
    and firmante_colegiatura is not null
    and (importado or (firmado_por is not null and pdf is not null and pdf_sha256 is not null
      and codigo is not null))));
alter table informes add constraint informes_importado_check check (
  not importado or (estado = 'final' and tipo = 'original' and pdf is null and pdf_sha256 is null
    and codigo is null and firmado_por is null));
