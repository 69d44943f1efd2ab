-- Which tables hold what people entered and which ones the database derives from them, said
-- where a reader of docs/schema.sql looks (its dump prints each table's comment above it). A
-- derived table is rebuilt from its sources by its triggers; nothing else writes it, and a
-- backup restored without it could be recomputed. The patient's copies in atenciones are
-- columns of a source table, kept the same way.
comment on table atenciones is
  'Fuente: cada atención, de la cita al informe. tipo_documento, documento y los *_norm son copias del paciente que mantiene el trigger atenciones_copiar_paciente (y pacientes_propagar_busqueda), para que la búsqueda los pruebe sin salir de su índice.';
comment on table atenciones_por_hora is
  'Derivada de atenciones (sus triggers atenciones_por_hora_*): cuántas llegaron en cada hora, para el tablero.';
comment on table duplicados is
  'Derivada de pacientes (pacientes_duplicados_*): los pares de posibles duplicados. Fuente solo en descartado_en y descartado_por, el «No es duplicado» de una persona.';
comment on table nombres_palabras is
  'Derivada de pacientes (pacientes_nombres_palabras_*): cada palabra distinta de los nombres normalizados; nunca se borra.';
comment on table pacientes_actividad is
  'Derivada de atenciones, pacientes_sin_atencion y pacientes (pacientes_actividad_*): el instante de la fila más nueva de cada paciente y las palabras de sus nombres, para la búsqueda.';
comment on table pacientes_sin_atencion is
  'Derivada de pacientes y atenciones (pacientes_sin_atencion_*): los pacientes que aún no tienen atención, con las copias de sus campos buscados.';
