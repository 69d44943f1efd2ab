-- The laboratory's catalogue (docs/datos.md#laboratorio-catálogo): the analitos a result is typed
-- for, their reference ranges by sex and age band with normal and critical limits, and which
-- analitos each LAB study reports, in order, with the container its sample is drawn into. Which
-- analitos are calculated, and from which, is stored here; the arithmetic is shared/laboratorio.ts.
-- The seeded values are general adult and paediatric reference intervals: each clinic reviews them
-- against its own analysers before reporting with them.
create table analitos (
  id integer generated always as identity primary key,
  codigo text not null unique check (codigo ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'),
  nombre text not null check (length(nombre) between 1 and 100 and nombre = btrim(nombre)),
  loinc text check (loinc ~ '^[0-9]{1,7}-[0-9]$'),
  -- null: a ratio or a result without unit (color, aspecto…).
  unidad text check (length(unidad) between 1 and 20 and unidad = btrim(unidad)),
  tipo text not null check (tipo in ('numero', 'opciones', 'texto')),
  -- The decimals a number is shown and rounded with; only numbers have them.
  decimales integer check (decimales between 0 and 4),
  -- The list a result of type 'opciones' is chosen from (the urine dipstick's), in display order.
  opciones text[],
  -- How a calculated analito comes from others (shared/laboratorio.ts), and from which codes in
  -- the calculation's order: ldl_friedewald (CT, HDL, TG), vldl (TG), castelli (CT, HDL),
  -- recuento_absoluto (leucocitos, the %), diferencia (a − b).
  calculo text check (calculo in ('ldl_friedewald', 'vldl', 'castelli', 'recuento_absoluto',
    'diferencia')),
  calculado_de text[],
  activo boolean not null default true,
  check ((tipo = 'numero') = (decimales is not null)),
  check ((tipo = 'opciones') = (opciones is not null)),
  check (cardinality(opciones) >= 2 and array_position(opciones, null) is null),
  check (calculo is null or tipo = 'numero'),
  check ((calculo is null) = (calculado_de is null)),
  check (cardinality(calculado_de) = case calculo when 'ldl_friedewald' then 3 when 'vldl' then 1
    else 2 end)
);
comment on table analitos is
  'Fuente: el catálogo del laboratorio, sembrado con el de un laboratorio clínico pequeño.';

-- A band is [edad_desde_dias, edad_hasta_dias) in days of age on the sample's date (null: no upper
-- end); sexo null is for both. Limits are inclusive (a value equal to one is inside it) and null
-- where the analito has none (HDL has no upper limit; most analitos no critical ones).
create table rangos_referencia (
  id integer generated always as identity primary key,
  analito_id integer not null references analitos (id) on delete cascade,
  sexo text check (sexo in ('Femenino', 'Masculino')),
  edad_desde_dias integer not null check (edad_desde_dias >= 0),
  edad_hasta_dias integer check (edad_hasta_dias > edad_desde_dias),
  normal_min numeric,
  normal_max numeric,
  critico_min numeric,
  critico_max numeric,
  check (normal_min is not null or normal_max is not null),
  check (normal_min <= normal_max),
  check (critico_min <= critico_max),
  check (critico_min <= normal_min),
  check (critico_max >= normal_max),
  check (critico_min < normal_max),
  check (critico_max > normal_min)
);
create index rangos_referencia_analito_idx on rangos_referencia (analito_id);
comment on table rangos_referencia is
  'Fuente: valores de referencia generales sembrados; cada clínica los revisa con sus equipos.';

-- The sample a LAB study needs: one row per study the laboratory reports.
create table examenes_laboratorio (
  estudio_id integer primary key references estudios (id),
  recipiente text not null check (length(recipiente) between 1 and 100),
  muestra text not null check (length(muestra) between 1 and 100)
);
comment on table examenes_laboratorio is
  'Fuente: el recipiente y la muestra de cada estudio de laboratorio.';

create table examen_analitos (
  estudio_id integer not null references examenes_laboratorio (estudio_id) on delete cascade,
  analito_id integer not null references analitos (id),
  orden integer not null check (orden >= 1),
  -- The heading it prints under (Serie roja, Sedimento…); null: none.
  seccion text check (length(seccion) between 1 and 60),
  primary key (estudio_id, analito_id),
  unique (estudio_id, orden)
);
create index examen_analitos_analito_idx on examen_analitos (analito_id);
comment on table examen_analitos is
  'Fuente: los analitos que informa cada estudio de laboratorio, en orden.';

insert into analitos (codigo, nombre, loinc, unidad, tipo, decimales, calculo, calculado_de) values
  -- Hemograma
  ('LEU', 'Leucocitos', '6690-2', '×10³/µL', 'numero', 2, null, null),
  ('HEM', 'Hematíes', '789-8', '×10⁶/µL', 'numero', 2, null, null),
  ('HGB', 'Hemoglobina', '718-7', 'g/dL', 'numero', 1, null, null),
  ('HTO', 'Hematocrito', '4544-3', '%', 'numero', 1, null, null),
  ('VCM', 'Volumen corpuscular medio (VCM)', '787-2', 'fL', 'numero', 1, null, null),
  ('HCM', 'Hemoglobina corpuscular media (HCM)', '785-6', 'pg', 'numero', 1, null, null),
  ('CHCM', 'Concentración de hemoglobina corpuscular media (CHCM)', '786-4', 'g/dL', 'numero', 1,
    null, null),
  ('RDW', 'Amplitud de distribución eritrocitaria (RDW-CV)', '788-0', '%', 'numero', 1, null, null),
  ('PLT', 'Plaquetas', '777-3', '×10³/µL', 'numero', 0, null, null),
  ('VPM', 'Volumen plaquetario medio (VPM)', '32623-1', 'fL', 'numero', 1, null, null),
  ('NEU-P', 'Neutrófilos segmentados', '770-8', '%', 'numero', 1, null, null),
  ('ABA-P', 'Abastonados', '764-1', '%', 'numero', 1, null, null),
  ('LIN-P', 'Linfocitos', '736-9', '%', 'numero', 1, null, null),
  ('MON-P', 'Monocitos', '5905-5', '%', 'numero', 1, null, null),
  ('EOS-P', 'Eosinófilos', '713-8', '%', 'numero', 1, null, null),
  ('BAS-P', 'Basófilos', '706-2', '%', 'numero', 1, null, null),
  ('NEU-A', 'Neutrófilos (recuento absoluto)', '751-8', '×10³/µL', 'numero', 2,
    'recuento_absoluto', '{LEU,NEU-P}'),
  ('LIN-A', 'Linfocitos (recuento absoluto)', '731-0', '×10³/µL', 'numero', 2,
    'recuento_absoluto', '{LEU,LIN-P}'),
  ('MON-A', 'Monocitos (recuento absoluto)', '742-7', '×10³/µL', 'numero', 2,
    'recuento_absoluto', '{LEU,MON-P}'),
  ('EOS-A', 'Eosinófilos (recuento absoluto)', '711-2', '×10³/µL', 'numero', 2,
    'recuento_absoluto', '{LEU,EOS-P}'),
  ('BAS-A', 'Basófilos (recuento absoluto)', '704-7', '×10³/µL', 'numero', 2,
    'recuento_absoluto', '{LEU,BAS-P}'),
  -- Química
  ('GLU', 'Glucosa', '2345-7', 'mg/dL', 'numero', 0, null, null),
  ('COL', 'Colesterol total', '2093-3', 'mg/dL', 'numero', 0, null, null),
  ('HDL', 'Colesterol HDL', '2085-9', 'mg/dL', 'numero', 0, null, null),
  ('TRI', 'Triglicéridos', '2571-8', 'mg/dL', 'numero', 0, null, null),
  ('LDL', 'Colesterol LDL (calculado)', '13457-7', 'mg/dL', 'numero', 0, 'ldl_friedewald',
    '{COL,HDL,TRI}'),
  ('VLDL', 'Colesterol VLDL (calculado)', '13458-5', 'mg/dL', 'numero', 0, 'vldl', '{TRI}'),
  ('CASTELLI', 'Índice de Castelli (CT/HDL)', '9830-1', null, 'numero', 1, 'castelli',
    '{COL,HDL}'),
  ('CREA', 'Creatinina', '2160-0', 'mg/dL', 'numero', 2, null, null),
  ('TGO', 'Transaminasa oxalacética (TGO/AST)', '1920-8', 'U/L', 'numero', 0, null, null),
  ('TGP', 'Transaminasa pirúvica (TGP/ALT)', '1742-6', 'U/L', 'numero', 0, null, null),
  ('FAL', 'Fosfatasa alcalina', '6768-6', 'U/L', 'numero', 0, null, null),
  ('BT', 'Bilirrubina total', '1975-2', 'mg/dL', 'numero', 2, null, null),
  ('BD', 'Bilirrubina directa', '1968-7', 'mg/dL', 'numero', 2, null, null),
  ('BI', 'Bilirrubina indirecta (calculada)', '1971-1', 'mg/dL', 'numero', 2, 'diferencia',
    '{BT,BD}'),
  ('PT', 'Proteínas totales', '2885-2', 'g/dL', 'numero', 1, null, null),
  ('ALB', 'Albúmina', '1751-7', 'g/dL', 'numero', 1, null, null),
  ('GLOB', 'Globulinas (calculadas)', '10834-0', 'g/dL', 'numero', 1, 'diferencia', '{PT,ALB}'),
  ('TSH', 'Hormona estimulante de la tiroides (TSH)', '3016-3', 'µUI/mL', 'numero', 2, null,
    null),
  -- Orina: examen físico-químico
  ('OR-DEN', 'Densidad', '5811-5', null, 'numero', 3, null, null),
  ('OR-PH', 'pH', '5803-2', null, 'numero', 1, null, null);

insert into analitos (codigo, nombre, loinc, unidad, tipo, decimales, opciones) values
  ('OR-COLOR', 'Color', '5778-6', null, 'opciones', null,
    '{Incoloro,"Amarillo claro",Amarillo,"Amarillo oscuro",Ámbar,Anaranjado,Rojizo,Pardo}'),
  ('OR-ASPECTO', 'Aspecto', '5767-9', null, 'opciones', null,
    '{Transparente,"Ligeramente turbio",Turbio}'),
  ('OR-PRO', 'Proteínas', '20454-5', null, 'opciones', null, '{Negativo,Trazas,1+,2+,3+,4+}'),
  ('OR-GLU', 'Glucosa', '25428-4', null, 'opciones', null, '{Negativo,Trazas,1+,2+,3+,4+}'),
  ('OR-CET', 'Cuerpos cetónicos', '2514-8', null, 'opciones', null, '{Negativo,Trazas,1+,2+,3+}'),
  ('OR-BIL', 'Bilirrubina', '1977-8', null, 'opciones', null, '{Negativo,1+,2+,3+}'),
  ('OR-URO', 'Urobilinógeno', null, null, 'opciones', null, '{Normal,1+,2+,3+,4+}'),
  ('OR-SAN', 'Sangre (hemoglobina)', '5794-3', null, 'opciones', null,
    '{Negativo,Trazas,1+,2+,3+}'),
  ('OR-NIT', 'Nitritos', '5802-4', null, 'opciones', null, '{Negativo,Positivo}'),
  ('OR-LEU', 'Leucocitos (esterasa)', '5799-2', null, 'opciones', null,
    '{Negativo,Trazas,1+,2+,3+}'),
  -- Orina: sedimento
  ('OR-SED-LEU', 'Leucocitos', '5821-4', 'por campo', 'texto', null, null),
  ('OR-SED-HEM', 'Hematíes', '13945-1', 'por campo', 'texto', null, null),
  ('OR-SED-EPI', 'Células epiteliales', null, null, 'opciones', null,
    '{"No se observan",Escasas,"Regular cantidad",Abundantes}'),
  ('OR-SED-BAC', 'Bacterias', null, null, 'opciones', null,
    '{"No se observan",Escasas,"Regular cantidad",Abundantes}'),
  ('OR-SED-MUC', 'Filamentos mucoides', null, null, 'opciones', null,
    '{"No se observan",Escasos,"Regular cantidad",Abundantes}'),
  ('OR-SED-CIL', 'Cilindros', null, 'por campo', 'texto', null, null),
  ('OR-SED-CRI', 'Cristales', null, null, 'texto', null, null);

-- Age bands in days: a month is 31 days and n years ⌈n × 365,25⌉, so a band starts the day the
-- patient's age (docs/datos.md#edad) reaches it: 1 año = 366, 10 = 3653, 12 = 4383, 18 = 6575.
insert into rangos_referencia (analito_id, sexo, edad_desde_dias, edad_hasta_dias, normal_min,
  normal_max, critico_min, critico_max)
select a.id, r.sexo, r.desde, r.hasta, r.nmin, r.nmax, r.cmin, r.cmax
from (values
  ('LEU', null, 0, 31, 9.0, 30.0, 5.0, 40.0),
  ('LEU', null, 31, 366, 6.0, 17.5, 2.0, 30.0),
  ('LEU', null, 366, 4383, 5.0, 14.5, 2.0, 30.0),
  ('LEU', null, 4383, 6575, 4.5, 13.0, 2.0, 30.0),
  ('LEU', null, 6575, null, 4.5, 11.0, 2.0, 30.0),
  ('HEM', null, 0, 31, 4.0, 6.6, null, null),
  ('HEM', null, 31, 366, 3.1, 4.5, null, null),
  ('HEM', null, 366, 4383, 3.9, 5.3, null, null),
  ('HEM', 'Femenino', 4383, 6575, 4.1, 5.1, null, null),
  ('HEM', 'Masculino', 4383, 6575, 4.5, 5.3, null, null),
  ('HEM', 'Femenino', 6575, null, 4.0, 5.2, null, null),
  ('HEM', 'Masculino', 6575, null, 4.5, 5.9, null, null),
  ('HGB', null, 0, 31, 13.5, 21.5, 9.5, 23.0),
  ('HGB', null, 31, 366, 9.5, 13.5, 7.0, 20.0),
  ('HGB', null, 366, 4383, 11.0, 14.5, 7.0, 20.0),
  ('HGB', 'Femenino', 4383, 6575, 12.0, 16.0, 7.0, 20.0),
  ('HGB', 'Masculino', 4383, 6575, 13.0, 16.5, 7.0, 20.0),
  ('HGB', 'Femenino', 6575, null, 12.0, 16.0, 7.0, 20.0),
  ('HGB', 'Masculino', 6575, null, 13.5, 17.5, 7.0, 20.0),
  ('HTO', null, 0, 31, 42.0, 65.0, null, null),
  ('HTO', null, 31, 366, 29.0, 41.0, null, null),
  ('HTO', null, 366, 4383, 33.0, 43.0, null, null),
  ('HTO', 'Femenino', 4383, 6575, 36.0, 46.0, null, null),
  ('HTO', 'Masculino', 4383, 6575, 38.0, 49.0, null, null),
  ('HTO', 'Femenino', 6575, null, 36.0, 46.0, null, null),
  ('HTO', 'Masculino', 6575, null, 41.0, 53.0, null, null),
  ('VCM', null, 0, 31, 88.0, 123.0, null, null),
  ('VCM', null, 31, 366, 70.0, 100.0, null, null),
  ('VCM', null, 366, 4383, 76.0, 92.0, null, null),
  ('VCM', null, 4383, null, 80.0, 100.0, null, null),
  ('HCM', null, 0, 31, 31.0, 37.0, null, null),
  ('HCM', null, 31, 366, 23.0, 31.0, null, null),
  ('HCM', null, 366, 4383, 24.0, 31.0, null, null),
  ('HCM', null, 4383, null, 27.0, 33.0, null, null),
  ('CHCM', null, 0, null, 32.0, 36.0, null, null),
  ('RDW', null, 0, null, 11.5, 14.5, null, null),
  ('PLT', null, 0, null, 150, 450, 20, 1000),
  ('VPM', null, 0, null, 7.4, 10.4, null, null),
  ('NEU-P', null, 0, 31, 25.0, 65.0, null, null),
  ('NEU-P', null, 31, 366, 15.0, 45.0, null, null),
  ('NEU-P', null, 366, 4383, 30.0, 65.0, null, null),
  ('NEU-P', null, 4383, null, 40.0, 75.0, null, null),
  ('ABA-P', null, 0, null, 0.0, 5.0, null, null),
  ('LIN-P', null, 0, 31, 20.0, 60.0, null, null),
  ('LIN-P', null, 31, 366, 45.0, 75.0, null, null),
  ('LIN-P', null, 366, 4383, 25.0, 55.0, null, null),
  ('LIN-P', null, 4383, null, 20.0, 45.0, null, null),
  ('MON-P', null, 0, 366, 2.0, 12.0, null, null),
  ('MON-P', null, 366, null, 2.0, 10.0, null, null),
  ('EOS-P', null, 0, null, 0.0, 6.0, null, null),
  ('BAS-P', null, 0, null, 0.0, 2.0, null, null),
  ('NEU-A', null, 0, 31, 1.5, 10.0, 0.5, null),
  ('NEU-A', null, 31, 366, 1.0, 8.5, 0.5, null),
  ('NEU-A', null, 366, 4383, 1.5, 8.0, 0.5, null),
  ('NEU-A', null, 4383, null, 1.8, 7.7, 0.5, null),
  ('LIN-A', null, 0, 31, 2.0, 17.0, null, null),
  ('LIN-A', null, 31, 366, 4.0, 13.5, null, null),
  ('LIN-A', null, 366, 4383, 1.5, 7.0, null, null),
  ('LIN-A', null, 4383, null, 1.0, 4.8, null, null),
  ('MON-A', null, 0, null, 0.2, 1.0, null, null),
  ('EOS-A', null, 0, null, 0.0, 0.5, null, null),
  ('BAS-A', null, 0, null, 0.0, 0.2, null, null),
  ('GLU', null, 0, 31, 50, 90, 40, 300),
  ('GLU', null, 31, 4383, 60, 100, 40, 400),
  ('GLU', null, 4383, null, 70, 100, 40, 400),
  ('COL', null, 0, 6575, null, 170, null, null),
  ('COL', null, 6575, null, null, 200, null, null),
  ('HDL', null, 0, 6575, 45, null, null, null),
  ('HDL', 'Femenino', 6575, null, 50, null, null, null),
  ('HDL', 'Masculino', 6575, null, 40, null, null, null),
  ('TRI', null, 0, 3653, null, 75, null, null),
  ('TRI', null, 3653, 6575, null, 90, null, null),
  ('TRI', null, 6575, null, null, 150, null, null),
  ('LDL', null, 0, 6575, null, 110, null, null),
  ('LDL', null, 6575, null, null, 100, null, null),
  ('VLDL', null, 0, null, null, 30, null, null),
  ('CASTELLI', null, 0, 6575, null, 4.5, null, null),
  ('CASTELLI', 'Femenino', 6575, null, null, 4.5, null, null),
  ('CASTELLI', 'Masculino', 6575, null, null, 5.0, null, null),
  ('CREA', null, 0, 31, 0.30, 1.00, null, null),
  ('CREA', null, 31, 366, 0.20, 0.40, null, null),
  ('CREA', null, 366, 4383, 0.30, 0.70, null, null),
  ('CREA', null, 4383, 6575, 0.50, 1.00, null, null),
  ('CREA', 'Femenino', 6575, null, 0.50, 1.10, null, null),
  ('CREA', 'Masculino', 6575, null, 0.70, 1.30, null, null),
  ('TGO', null, 0, 6575, null, 50, null, null),
  ('TGO', 'Femenino', 6575, null, null, 32, null, null),
  ('TGO', 'Masculino', 6575, null, null, 40, null, null),
  ('TGP', null, 0, 6575, null, 45, null, null),
  ('TGP', 'Femenino', 6575, null, null, 33, null, null),
  ('TGP', 'Masculino', 6575, null, null, 41, null, null),
  ('FAL', null, 0, 6575, 60, 420, null, null),
  ('FAL', 'Femenino', 6575, null, 35, 105, null, null),
  ('FAL', 'Masculino', 6575, null, 40, 130, null, null),
  ('BT', null, 0, 31, null, 12.00, null, 15.00),
  ('BT', null, 31, null, 0.20, 1.20, null, null),
  ('BD', null, 0, null, null, 0.30, null, null),
  ('BI', null, 0, 31, null, 12.00, null, null),
  ('BI', null, 31, null, null, 0.90, null, null),
  ('PT', null, 0, 366, 4.6, 7.4, null, null),
  ('PT', null, 366, 6575, 6.0, 8.0, null, null),
  ('PT', null, 6575, null, 6.4, 8.3, null, null),
  ('ALB', null, 0, 366, 2.9, 5.5, null, null),
  ('ALB', null, 366, null, 3.5, 5.2, null, null),
  ('GLOB', null, 0, 366, 1.0, 3.0, null, null),
  ('GLOB', null, 366, null, 2.0, 3.5, null, null),
  ('TSH', null, 0, 31, 0.70, 15.20, null, null),
  ('TSH', null, 31, 366, 0.72, 11.00, null, null),
  ('TSH', null, 366, 4383, 0.70, 5.97, null, null),
  ('TSH', null, 4383, 6575, 0.51, 4.30, null, null),
  ('TSH', null, 6575, null, 0.27, 4.20, null, null),
  ('OR-DEN', null, 0, null, 1.005, 1.030, null, null),
  ('OR-PH', null, 0, null, 5.0, 8.0, null, null)
) as r (codigo, sexo, desde, hasta, nmin, nmax, cmin, cmax)
join analitos a on a.codigo = r.codigo;

insert into examenes_laboratorio (estudio_id, recipiente, muestra)
select e.id, x.recipiente, x.muestra
from (values
  ('LAB-HEMOGRAMA', 'Tubo tapa lila (EDTA)', 'Sangre total'),
  ('LAB-GLUCOSA', 'Tubo tapa amarilla (gel separador)', 'Suero'),
  ('LAB-LIPIDOS', 'Tubo tapa amarilla (gel separador)', 'Suero'),
  ('LAB-CREATININA', 'Tubo tapa amarilla (gel separador)', 'Suero'),
  ('LAB-HEPATICO', 'Tubo tapa amarilla (gel separador)', 'Suero'),
  ('LAB-TSH', 'Tubo tapa amarilla (gel separador)', 'Suero'),
  ('LAB-ORINA', 'Frasco estéril de orina', 'Orina (chorro medio)')
) as x (codigo, recipiente, muestra)
join estudios e on e.codigo = x.codigo;

insert into examen_analitos (estudio_id, analito_id, orden, seccion)
select e.id, a.id, m.orden, m.seccion
from (values
  ('LAB-HEMOGRAMA', 'HEM', 1, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'HGB', 2, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'HTO', 3, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'VCM', 4, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'HCM', 5, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'CHCM', 6, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'RDW', 7, 'Serie roja'),
  ('LAB-HEMOGRAMA', 'LEU', 8, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'ABA-P', 9, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'NEU-P', 10, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'LIN-P', 11, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'MON-P', 12, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'EOS-P', 13, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'BAS-P', 14, 'Serie blanca'),
  ('LAB-HEMOGRAMA', 'NEU-A', 15, 'Recuentos absolutos'),
  ('LAB-HEMOGRAMA', 'LIN-A', 16, 'Recuentos absolutos'),
  ('LAB-HEMOGRAMA', 'MON-A', 17, 'Recuentos absolutos'),
  ('LAB-HEMOGRAMA', 'EOS-A', 18, 'Recuentos absolutos'),
  ('LAB-HEMOGRAMA', 'BAS-A', 19, 'Recuentos absolutos'),
  ('LAB-HEMOGRAMA', 'PLT', 20, 'Plaquetas'),
  ('LAB-HEMOGRAMA', 'VPM', 21, 'Plaquetas'),
  ('LAB-GLUCOSA', 'GLU', 1, null),
  ('LAB-LIPIDOS', 'COL', 1, null),
  ('LAB-LIPIDOS', 'HDL', 2, null),
  ('LAB-LIPIDOS', 'TRI', 3, null),
  ('LAB-LIPIDOS', 'LDL', 4, null),
  ('LAB-LIPIDOS', 'VLDL', 5, null),
  ('LAB-LIPIDOS', 'CASTELLI', 6, null),
  ('LAB-CREATININA', 'CREA', 1, null),
  ('LAB-HEPATICO', 'TGO', 1, null),
  ('LAB-HEPATICO', 'TGP', 2, null),
  ('LAB-HEPATICO', 'FAL', 3, null),
  ('LAB-HEPATICO', 'BT', 4, null),
  ('LAB-HEPATICO', 'BD', 5, null),
  ('LAB-HEPATICO', 'BI', 6, null),
  ('LAB-HEPATICO', 'PT', 7, null),
  ('LAB-HEPATICO', 'ALB', 8, null),
  ('LAB-HEPATICO', 'GLOB', 9, null),
  ('LAB-TSH', 'TSH', 1, null),
  ('LAB-ORINA', 'OR-COLOR', 1, 'Examen físico'),
  ('LAB-ORINA', 'OR-ASPECTO', 2, 'Examen físico'),
  ('LAB-ORINA', 'OR-DEN', 3, 'Examen físico'),
  ('LAB-ORINA', 'OR-PH', 4, 'Examen químico'),
  ('LAB-ORINA', 'OR-PRO', 5, 'Examen químico'),
  ('LAB-ORINA', 'OR-GLU', 6, 'Examen químico'),
  ('LAB-ORINA', 'OR-CET', 7, 'Examen químico'),
  ('LAB-ORINA', 'OR-BIL', 8, 'Examen químico'),
  ('LAB-ORINA', 'OR-URO', 9, 'Examen químico'),
  ('LAB-ORINA', 'OR-SAN', 10, 'Examen químico'),
  ('LAB-ORINA', 'OR-NIT', 11, 'Examen químico'),
  ('LAB-ORINA', 'OR-LEU', 12, 'Examen químico'),
  ('LAB-ORINA', 'OR-SED-LEU', 13, 'Sedimento'),
  ('LAB-ORINA', 'OR-SED-HEM', 14, 'Sedimento'),
  ('LAB-ORINA', 'OR-SED-EPI', 15, 'Sedimento'),
  ('LAB-ORINA', 'OR-SED-BAC', 16, 'Sedimento'),
  ('LAB-ORINA', 'OR-SED-MUC', 17, 'Sedimento'),
  ('LAB-ORINA', 'OR-SED-CIL', 18, 'Sedimento'),
  ('LAB-ORINA', 'OR-SED-CRI', 19, 'Sedimento')
) as m (codigo, analito, orden, seccion)
join estudios e on e.codigo = m.codigo
join analitos a on a.codigo = m.analito;
