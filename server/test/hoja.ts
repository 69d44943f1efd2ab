// A realistic result sheet for the renderer's tests: a hemograma with its sections, a perfil
// lipídico with the calculated LDL, an orina with the dipstick's options and a long text, one H, one
// LL, one pending and one corrected value, two validators with signature images and a logo.
import type { DocumentoHoja, FilaHoja } from '../laboratorio/hoja-documento.js'
import { AZUL, png, ROJO } from './imagenes.js'

const fila = (nombre: string, valor: string | null, o: Partial<FilaHoja> = {}): FilaHoja => ({
  seccion: null,
  nombre,
  valor,
  unidad: null,
  rango: null,
  bandera: null,
  anterior: null,
  correccion: null,
  ...o,
})

const hemograma: FilaHoja[] = [
  fila('Hemoglobina', '13,2', {
    seccion: 'Serie roja',
    unidad: 'g/dL',
    rango: '12,0 – 16,0',
    anterior: { valor: '12,8', fecha: '14/01/2025' },
  }),
  fila('Hematocrito', '39,8', { seccion: 'Serie roja', unidad: '%', rango: '36,0 – 46,0' }),
  fila('Hematíes', '4,52', { seccion: 'Serie roja', unidad: '10⁶/µL', rango: '4,00 – 5,20' }),
  fila('VCM', '88,1', { seccion: 'Serie roja', unidad: 'fL', rango: '80,0 – 100,0' }),
  fila('Leucocitos', '14,6', {
    seccion: 'Serie blanca',
    unidad: '10³/µL',
    rango: '4,0 – 11,0',
    bandera: 'H',
    anterior: { valor: '7,1', fecha: '14/01/2025' },
  }),
  fila('Neutrófilos', '78', {
    seccion: 'Serie blanca',
    unidad: '%',
    rango: '40 – 75',
    bandera: 'H',
  }),
  fila('Neutrófilos (absoluto)', '11,39', {
    seccion: 'Serie blanca',
    unidad: '10³/µL',
    rango: '1,80 – 7,70',
    bandera: 'H',
  }),
  fila('Linfocitos', '16', {
    seccion: 'Serie blanca',
    unidad: '%',
    rango: '20 – 45',
    bandera: 'L',
  }),
  fila('Plaquetas', '18', {
    seccion: 'Plaquetas',
    unidad: '10³/µL',
    rango: '150 – 450',
    bandera: 'LL',
    anterior: { valor: '212', fecha: '14/01/2025' },
  }),
]

const lipidico: FilaHoja[] = [
  fila('Colesterol total', '232', { unidad: 'mg/dL', rango: '< 200', bandera: 'H' }),
  fila('Colesterol HDL', '41', {
    unidad: 'mg/dL',
    rango: '≥ 40',
    correccion: { valorAnterior: '14', motivo: 'Error de transcripción del equipo' },
  }),
  fila('Triglicéridos', null, { unidad: 'mg/dL', rango: '< 150' }),
  fila('Colesterol LDL (calculado)', '158', { unidad: 'mg/dL', rango: '< 130', bandera: 'H' }),
  fila('Índice de Castelli', '5,7', { rango: '< 5,0', bandera: 'H' }),
]

const orina: FilaHoja[] = [
  fila('Color', 'Amarillo', { seccion: 'Examen físico' }),
  fila('Aspecto', 'Ligeramente turbio', { seccion: 'Examen físico' }),
  fila('Glucosa', 'Negativo', { seccion: 'Examen químico', rango: 'Negativo' }),
  fila('Proteínas', '++', { seccion: 'Examen químico', rango: 'Negativo' }),
  fila('Leucocitos', '10 – 15 por campo', { seccion: 'Sedimento', rango: '0 – 5 por campo' }),
  fila(
    'Observaciones',
    'Se observan abundantes bacterias y filamentos mucoides; escasas células epiteliales planas. ' +
      'Se sugiere urocultivo con antibiograma y correlación clínica.',
    { seccion: 'Sedimento' },
  ),
]

export function documentoHoja(o: Partial<DocumentoHoja> = {}): DocumentoHoja {
  return {
    clinica: {
      nombre: 'Clínica Santa Rosa de Lima',
      ruc: '20601234567',
      direccion: 'Av. Arequipa 1250, Lince, Lima',
      telefono: '(01) 471-2345',
      renipress: '00012345',
      logo: png(120, 80, AZUL),
    },
    paciente: {
      nombre: 'QUISPE MAMANI, Rosa Elena',
      documento: 'DNI 45678912',
      historia: '004521',
      sexo: 'Femenino',
      edad: '45 años',
      fechaNacimiento: '02/03/1980',
    },
    atencion: {
      atencionId: 4521,
      sede: 'Lince',
      fecha: '05/06/2025 07:42',
      procedencia: 'Consulta externa',
      prioridad: 'Urgente',
      solicitante: 'Salazar Ríos, Pedro Andrés — CMP 12345',
    },
    hoja: { version: 2, parcial: true, emitidaEn: '05/06/2025 11:05' },
    examenes: [
      { nombre: 'Hemograma completo', muestra: 'Sangre total (EDTA)', filas: hemograma },
      { nombre: 'Perfil lipídico', muestra: 'Suero', filas: lipidico },
      { nombre: 'Examen completo de orina', muestra: 'Orina', filas: orina },
    ],
    validadores: [
      {
        nombre: 'Lic. TM Carmen Huamán Rojas',
        colegiatura: 'CTMP 8812',
        en: '05/06/2025 10:58',
        imagen: png(200, 80, ROJO),
      },
      {
        nombre: 'Dr. Luis Paredes Soto',
        colegiatura: 'CMP 40211',
        en: '05/06/2025 11:05',
        imagen: png(160, 90, AZUL),
      },
    ],
    verificacion: { url: 'https://resultados.clinica.example/v/7KQ2M9', codigo: '7KQ2-M9XD' },
    ...o,
  }
}

/** `n` rows of one exam, for a sheet that spans pages. */
export function filasLargas(n: number): FilaHoja[] {
  return Array.from({ length: n }, (_, i) =>
    fila(`Analito de prueba ${i + 1}`, String(100 + i), {
      unidad: 'mg/dL',
      rango: '70 – 100',
      bandera: 'H',
      seccion: `Grupo ${Math.floor(i / 10) + 1}`,
    }),
  )
}
