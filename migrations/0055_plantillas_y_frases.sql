-- What a médico starts an informe from (docs/datos.md#plantillas-y-frases): each study's template,
-- the normal report its sections open with, and the phrases typed by their shortcut (a study's own,
-- or the clinic's for every study). Admins edit both in Configuración; the clinic's image viewer
-- is a URL template the informe opens its study with.
create table plantillas_informe (
  estudio_id integer primary key references estudios (id),
  -- Sections as shared/informes.ts's ContenidoInforme; the server checks it before storing.
  contenido jsonb not null check (jsonb_typeof(contenido) = 'object'),
  actualizado_por integer references usuarios (id),
  actualizado_en timestamptz not null default now()
);
comment on table plantillas_informe is
  'Fuente: la plantilla del informe de cada estudio, editada por los administradores en Configuración.';

create table frases_informe (
  id integer generated always as identity primary key,
  -- null: a phrase for every study.
  estudio_id integer references estudios (id),
  atajo text not null check (atajo ~ '^[a-z0-9]{2,20}$'),
  texto text not null check (length(texto) between 1 and 2000 and texto = btrim(texto)),
  actualizado_por integer references usuarios (id),
  actualizado_en timestamptz not null default now()
);
-- One phrase per shortcut for a study, and one for every study; a study's own wins over the
-- clinic's in the editor.
create unique index frases_informe_atajo_key on frases_informe (coalesce(estudio_id, 0), atajo);
comment on table frases_informe is
  'Fuente: las frases del editor de informes y su atajo, por estudio o para todos, editadas en Configuración.';

-- The viewer's address with {studyInstanceUid} and {accessionNumber} (OHIF, Orthanc…).
alter table clinica add column visor_url text
  check (length(visor_url) <= 500 and visor_url ~ '^https?://[^[:space:]]+$');

-- Normal reports for the studies the catalogue starts with: Técnica, Hallazgos (a paragraph a line)
-- and Conclusión; Indicación clínica and Recomendaciones are the médico's. «___» marks a measure.
create function plantilla_inicial(tecnica text, hallazgos text, conclusion text) returns jsonb
language sql immutable as $$
  select jsonb_build_object(
    'tecnica', jsonb_build_array(jsonb_build_object('tipo', 'parrafo',
      'tramos', jsonb_build_array(jsonb_build_object('t', tecnica)))),
    'hallazgos', (select jsonb_agg(jsonb_build_object('tipo', 'parrafo',
      'tramos', jsonb_build_array(jsonb_build_object('t', linea))) order by n)
      from unnest(string_to_array(hallazgos, E'\n')) with ordinality as l (linea, n)),
    'conclusion', jsonb_build_array(jsonb_build_object('tipo', 'parrafo',
      'tramos', jsonb_build_array(jsonb_build_object('t', conclusion)))))
$$;

insert into plantillas_informe (estudio_id, contenido)
select e.id, plantilla_inicial(p.tecnica, p.hallazgos, p.conclusion)
from (values
  ('RX-TORAX-PA',
    'Radiografía de tórax en proyección posteroanterior, en bipedestación e inspiración.',
    'Partes blandas y estructuras óseas de la pared torácica sin alteraciones.
Tráquea central. Hilios pulmonares de tamaño y densidad conservados.
Campos pulmonares con adecuada transparencia, sin consolidaciones, masas ni nódulos.
Senos costofrénicos y cardiofrénicos libres.
Silueta cardíaca de tamaño normal (índice cardiotorácico menor de 0,5).
Hemidiafragmas de contornos regulares y posición habitual.',
    'Radiografía de tórax sin alteraciones significativas.'),
  ('RX-TORAX-PAL',
    'Radiografías de tórax en proyecciones posteroanterior y lateral, en bipedestación e inspiración.',
    'Partes blandas y estructuras óseas de la pared torácica sin alteraciones.
Tráquea central. Hilios pulmonares de tamaño y densidad conservados.
Campos pulmonares con adecuada transparencia, sin consolidaciones, masas ni nódulos.
Espacios retroesternal y retrocardíaco libres.
Senos costofrénicos y cardiofrénicos libres.
Silueta cardíaca de tamaño normal (índice cardiotorácico menor de 0,5).
Hemidiafragmas de contornos regulares y posición habitual.',
    'Radiografías de tórax sin alteraciones significativas.'),
  ('RX-ABDOMEN',
    'Radiografía simple de abdomen en decúbito supino.',
    'Distribución del gas intestinal conservada, sin dilatación de asas ni niveles hidroaéreos.
No se observan calcificaciones patológicas en proyección de las siluetas renales ni del trayecto ureteral.
Sombras de los músculos psoas visibles y simétricas.
Estructuras óseas visibles sin alteraciones.',
    'Radiografía simple de abdomen sin alteraciones significativas.'),
  ('RX-COL-CERV',
    'Radiografías de columna cervical en proyecciones anteroposterior y lateral.',
    'Lordosis cervical conservada.
Cuerpos vertebrales de altura y alineación conservadas, sin lesiones líticas ni blásticas.
Espacios intervertebrales de amplitud conservada.
Apófisis odontoides central, sin alteraciones.
Partes blandas prevertebrales de espesor normal.',
    'Columna cervical sin alteraciones radiográficas significativas.'),
  ('RX-COL-LUMB',
    'Radiografías de columna lumbosacra en proyecciones anteroposterior y lateral.',
    'Lordosis lumbar conservada.
Cuerpos vertebrales de altura, morfología y alineación conservadas.
Espacios intervertebrales de amplitud conservada.
Pedículos y elementos posteriores sin alteraciones.
Articulaciones sacroilíacas sin alteraciones.',
    'Columna lumbosacra sin alteraciones radiográficas significativas.'),
  ('RX-PELVIS',
    'Radiografía de pelvis en proyección anteroposterior.',
    'Anillo pelviano íntegro, sin trazos de fractura.
Articulaciones coxofemorales con espacio articular conservado; cabezas femorales de contorno y densidad normales.
Articulaciones sacroilíacas y sínfisis púbica sin alteraciones.
Densidad ósea conservada.',
    'Pelvis sin alteraciones radiográficas significativas.'),
  ('RX-RODILLA',
    'Radiografías de rodilla en proyecciones anteroposterior y lateral.',
    'Estructuras óseas de morfología y densidad conservadas, sin trazos de fractura.
Espacios articulares femorotibiales y femoropatelar conservados.
Rótula de posición normal.
No se observan signos de derrame articular ni calcificaciones de partes blandas.',
    'Rodilla sin alteraciones radiográficas significativas.'),
  ('RX-MANO',
    'Radiografías de mano en proyecciones posteroanterior y oblicua.',
    'Estructuras óseas del carpo, metacarpo y falanges de morfología y densidad conservadas, sin trazos de fractura.
Espacios articulares conservados.
Partes blandas sin alteraciones.',
    'Mano sin alteraciones radiográficas significativas.'),
  ('RX-CRANEO',
    'Radiografías de cráneo en proyecciones posteroanterior y lateral.',
    'Bóveda craneal de morfología y densidad conservadas, sin trazos de fractura ni lesiones líticas.
Suturas de aspecto normal para la edad.
Silla turca de forma y tamaño normales.
Senos paranasales visibles adecuadamente neumatizados.',
    'Cráneo sin alteraciones radiográficas significativas.'),
  ('ECO-ABD',
    'Ecografía abdominal con transductor convexo, en tiempo real.',
    'Hígado de tamaño, forma y ecogenicidad conservados, de bordes regulares, sin lesiones focales. Vías biliares intra y extrahepáticas no dilatadas.
Vesícula biliar de paredes delgadas, sin cálculos en su interior.
Páncreas visible de tamaño y ecogenicidad normales.
Bazo de tamaño y ecoestructura conservados.
Riñones de tamaño, forma y posición normales, con adecuada diferenciación corticomedular; sin litiasis ni dilatación de los sistemas colectores.
Aorta abdominal de calibre normal. No se observa líquido libre en la cavidad.',
    'Ecografía abdominal sin alteraciones significativas.'),
  ('ECO-OBST',
    'Ecografía obstétrica transabdominal.',
    'Útero grávido con gestación única, intrauterina, activa.
Feto en situación ___ y presentación ___, con actividad cardíaca presente (frecuencia cardíaca fetal ___ latidos por minuto) y movimientos fetales presentes.
Biometría fetal: DBP ___ mm, CC ___ mm, CA ___ mm, LF ___ mm. Peso fetal estimado ___ g.
Placenta de inserción ___, grado ___, sin signos de desprendimiento.
Líquido amniótico en cantidad normal (ILA ___ cm).',
    'Gestación única activa de ___ semanas por biometría fetal.'),
  ('ECO-PELV',
    'Ecografía pélvica transabdominal con vejiga en repleción.',
    'Vejiga de paredes delgadas y contenido anecoico.
Útero en anteversoflexión, de tamaño y ecoestructura conservados. Endometrio lineal de ___ mm.
Ambos ovarios de tamaño y ecoestructura normales, sin imágenes quísticas ni sólidas.
No se observa líquido libre en el fondo de saco de Douglas.',
    'Ecografía pélvica sin alteraciones significativas.'),
  ('ECO-RENAL',
    'Ecografía renal y de vías urinarias.',
    'Riñón derecho de ___ mm de diámetro longitudinal, de forma, posición y ecogenicidad normales, con parénquima de espesor conservado y adecuada diferenciación corticomedular.
Riñón izquierdo de ___ mm de diámetro longitudinal, de características similares.
No se observan litiasis, masas ni dilatación de los sistemas pielocaliciales.
Vejiga de paredes regulares y contenido anecoico.',
    'Ecografía renal y vesical sin alteraciones significativas.'),
  ('ECO-TIROIDES',
    'Ecografía de tiroides con transductor lineal de alta frecuencia.',
    'Glándula tiroides de tamaño, forma y ecogenicidad conservados, de ecoestructura homogénea.
Lóbulo derecho de ___ × ___ × ___ mm; lóbulo izquierdo de ___ × ___ × ___ mm; istmo de ___ mm.
No se observan nódulos ni calcificaciones. Vascularización normal al Doppler color.
No se observan adenopatías cervicales de aspecto patológico.',
    'Tiroides ecográficamente normal.'),
  ('ECO-MAMA',
    'Ecografía mamaria bilateral con transductor lineal de alta frecuencia.',
    'Piel y tejido celular subcutáneo sin alteraciones.
Tejido fibroglandular de ecoestructura conservada en ambas mamas, sin nódulos sólidos ni quísticos.
Conductos no dilatados.
Regiones axilares sin adenopatías de aspecto patológico.',
    'Ecografía mamaria bilateral sin hallazgos patológicos. BI-RADS 1.'),
  ('ECO-DOPPLER-V',
    'Ecografía Doppler venosa del miembro inferior ___, en escala de grises, Doppler color y espectral.',
    'Venas femoral común, femoral y poplítea permeables y compresibles, sin trombos en su interior.
Flujo fásico con la respiración, que aumenta con la compresión distal.
Vena safena mayor permeable, sin reflujo significativo en la unión safenofemoral.
Venas de la pantorrilla compresibles.',
    'Sin signos ecográficos de trombosis venosa profunda.'),
  ('MRI-CEREBRO',
    'Resonancia magnética de cerebro con secuencias ponderadas en T1, T2, FLAIR, difusión y susceptibilidad magnética, en planos axial, sagital y coronal.',
    'Parénquima cerebral de señal normal, con adecuada diferenciación entre sustancia gris y sustancia blanca.
No se observan lesiones ocupantes de espacio ni áreas de restricción a la difusión.
Sistema ventricular de tamaño y morfología normales, en línea media.
Espacios subaracnoideos conservados para la edad.
Estructuras de la fosa posterior sin alteraciones. Unión craneocervical normal.',
    'Resonancia magnética de cerebro sin alteraciones significativas.'),
  ('MRI-COL-LUMB',
    'Resonancia magnética de columna lumbosacra con secuencias ponderadas en T1, T2 y STIR, en planos sagital y axial.',
    'Lordosis lumbar y alineación de los cuerpos vertebrales conservadas.
Cuerpos vertebrales de altura y señal de médula ósea normales.
Discos intervertebrales de altura y señal conservadas, sin protrusiones ni extrusiones.
Canal raquídeo y forámenes de conjunción de amplitud normal.
Cono medular de señal y posición normales, a nivel de L1.',
    'Columna lumbosacra sin alteraciones significativas por resonancia magnética.'),
  ('MRI-RODILLA',
    'Resonancia magnética de rodilla con secuencias ponderadas en T1, densidad protónica con supresión grasa y T2, en planos sagital, coronal y axial.',
    'Meniscos interno y externo de morfología y señal normales, sin roturas.
Ligamentos cruzados anterior y posterior íntegros.
Ligamentos colaterales interno y externo íntegros.
Cartílago articular de espesor conservado.
Tendones cuadricipital y rotuliano sin alteraciones. Sin derrame articular ni edema óseo.',
    'Rodilla sin alteraciones significativas por resonancia magnética.'),
  ('MRI-HOMBRO',
    'Resonancia magnética de hombro con secuencias ponderadas en T1, densidad protónica con supresión grasa y T2, en planos coronal oblicuo, sagital oblicuo y axial.',
    'Tendones del manguito rotador (supraespinoso, infraespinoso, subescapular y redondo menor) de grosor y señal normales, sin roturas.
Tendón de la porción larga del bíceps en su corredera.
Labrum glenoideo sin alteraciones.
Articulación acromioclavicular sin cambios degenerativos significativos. Sin derrame articular ni bursitis subacromiodeltoidea.',
    'Hombro sin alteraciones significativas por resonancia magnética.'),
  ('MRI-ABDOMEN',
    'Resonancia magnética de abdomen con secuencias ponderadas en T1 en fase y fuera de fase, T2 y difusión.',
    'Hígado de tamaño y señal normales, sin lesiones focales.
Vesícula y vías biliares sin alteraciones.
Páncreas, bazo y glándulas suprarrenales de morfología y señal normales.
Riñones de tamaño y señal normales, sin lesiones ni dilatación de los sistemas colectores.
No se observan adenopatías ni líquido libre.',
    'Resonancia magnética de abdomen sin alteraciones significativas.')
) as p (codigo, tecnica, hallazgos, conclusion)
join estudios e on e.codigo = p.codigo;

drop function plantilla_inicial(text, text, text);

insert into frases_informe (estudio_id, atajo, texto)
select e.id, f.atajo, f.texto
from (values
  (null, 'sas', 'Sin alteraciones significativas.'),
  (null, 'ccc', 'Correlacionar con los datos clínicos y de laboratorio.'),
  (null, 'ctrl', 'Se sugiere control evolutivo según criterio clínico.'),
  (null, 'comp', 'Se sugiere comparar con estudios previos.'),
  (null, 'ev', 'Se sugiere evaluación por la especialidad correspondiente.'),
  ('RX-TORAX-PA', 'cardio', 'Silueta cardíaca aumentada de tamaño (índice cardiotorácico mayor de 0,5).'),
  ('RX-TORAX-PA', 'neumo', 'Opacidad de tipo alveolar con broncograma aéreo en ___, compatible con proceso neumónico.'),
  ('RX-TORAX-PA', 'derrame', 'Borramiento del seno costofrénico ___ por derrame pleural.'),
  ('RX-TORAX-PAL', 'cardio', 'Silueta cardíaca aumentada de tamaño (índice cardiotorácico mayor de 0,5).'),
  ('RX-TORAX-PAL', 'neumo', 'Opacidad de tipo alveolar con broncograma aéreo en ___, compatible con proceso neumónico.'),
  ('RX-COL-LUMB', 'espondi', 'Osteofitos marginales en los cuerpos vertebrales, en relación con cambios espondiloartrósicos.'),
  ('RX-RODILLA', 'gonart', 'Disminución del espacio articular femorotibial ___ con osteofitos marginales, en relación con gonartrosis.'),
  ('ECO-ABD', 'esteatosis', 'Hígado de ecogenicidad aumentada en forma difusa, en relación con esteatosis hepática.'),
  ('ECO-ABD', 'litiasis', 'Imagen ecogénica de ___ mm con sombra acústica posterior en la luz vesicular, en relación con litiasis vesicular.'),
  ('ECO-TIROIDES', 'nodulo', 'Nódulo ___ en el lóbulo ___ de ___ × ___ mm, TI-RADS ___.'),
  ('ECO-MAMA', 'quiste', 'Imagen anecoica de bordes bien definidos y refuerzo acústico posterior de ___ mm en el cuadrante ___ de la mama ___, compatible con quiste simple. BI-RADS 2.'),
  ('MRI-COL-LUMB', 'protru', 'Protrusión discal posterior central en ___, que contacta el saco dural sin comprometer las raíces.')
) as f (codigo, atajo, texto)
left join estudios e on e.codigo = f.codigo
where f.codigo is null or e.id is not null;
