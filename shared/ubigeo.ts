// Peru's departamentos and provincias: where a patient lives. In the product a «municipio» is a
// provincia.
//
// Source: INEI's ubigeo, the national codes of geographic location, as published in the public
// repository jmcastagnetto/ubigeo-peru-aumentado (ubigeo_departamento.csv and
// ubigeo_provincia.csv, commit a783fa6 of January 2022): the 24 departamentos and the Provincia
// Constitucional del Callao, with their 196 provincias. The source writes names in capitals
// without accents; here they are written the way Spanish writes them, checked one by one (INEI
// spells Nasca with s).
//
// Order: departamentos in INEI's order, which is alphabetical, and the form lists them so. Each
// list starts with the provincia of the departamento's capital (INEI's first, code xx01), which
// the form picks on choosing the departamento; the others follow alphabetically, because a person
// looks for their provincia by name and INEI's order (newer provincias last) means nothing to them.
//
// One addition to INEI: Lima also lists Callao, since Lima and Callao are one metropolitan area
// and patients have always been registered as Lima / Callao (docs/datos.md#catálogos). So there
// are 197 pairs: 196 provincias plus Callao under Lima.
//
// Its own module, imported only by the patient form and its validation: the client loads it with
// the form's code, never with the first screen.

/** Departamento → its municipios (provincias); the first one is what the form picks. */
export const MUNICIPIOS = {
  Amazonas: [
    'Chachapoyas',
    'Bagua',
    'Bongará',
    'Condorcanqui',
    'Luya',
    'Rodríguez de Mendoza',
    'Utcubamba',
  ],
  Áncash: [
    'Huaraz',
    'Aija',
    'Antonio Raymondi',
    'Asunción',
    'Bolognesi',
    'Carhuaz',
    'Carlos Fermín Fitzcarrald',
    'Casma',
    'Corongo',
    'Huari',
    'Huarmey',
    'Huaylas',
    'Mariscal Luzuriaga',
    'Ocros',
    'Pallasca',
    'Pomabamba',
    'Recuay',
    'Santa',
    'Sihuas',
    'Yungay',
  ],
  Apurímac: ['Abancay', 'Andahuaylas', 'Antabamba', 'Aymaraes', 'Chincheros', 'Cotabambas', 'Grau'],
  Arequipa: [
    'Arequipa',
    'Camaná',
    'Caravelí',
    'Castilla',
    'Caylloma',
    'Condesuyos',
    'Islay',
    'La Unión',
  ],
  Ayacucho: [
    'Huamanga',
    'Cangallo',
    'Huanca Sancos',
    'Huanta',
    'La Mar',
    'Lucanas',
    'Parinacochas',
    'Páucar del Sara Sara',
    'Sucre',
    'Víctor Fajardo',
    'Vilcas Huamán',
  ],
  Cajamarca: [
    'Cajamarca',
    'Cajabamba',
    'Celendín',
    'Chota',
    'Contumazá',
    'Cutervo',
    'Hualgayoc',
    'Jaén',
    'San Ignacio',
    'San Marcos',
    'San Miguel',
    'San Pablo',
    'Santa Cruz',
  ],
  Callao: ['Callao'],
  Cusco: [
    'Cusco',
    'Acomayo',
    'Anta',
    'Calca',
    'Canas',
    'Canchis',
    'Chumbivilcas',
    'Espinar',
    'La Convención',
    'Paruro',
    'Paucartambo',
    'Quispicanchi',
    'Urubamba',
  ],
  Huancavelica: [
    'Huancavelica',
    'Acobamba',
    'Angaraes',
    'Castrovirreyna',
    'Churcampa',
    'Huaytará',
    'Tayacaja',
  ],
  Huánuco: [
    'Huánuco',
    'Ambo',
    'Dos de Mayo',
    'Huacaybamba',
    'Huamalíes',
    'Lauricocha',
    'Leoncio Prado',
    'Marañón',
    'Pachitea',
    'Puerto Inca',
    'Yarowilca',
  ],
  Ica: ['Ica', 'Chincha', 'Nasca', 'Palpa', 'Pisco'],
  Junín: [
    'Huancayo',
    'Chanchamayo',
    'Chupaca',
    'Concepción',
    'Jauja',
    'Junín',
    'Satipo',
    'Tarma',
    'Yauli',
  ],
  'La Libertad': [
    'Trujillo',
    'Ascope',
    'Bolívar',
    'Chepén',
    'Gran Chimú',
    'Julcán',
    'Otuzco',
    'Pacasmayo',
    'Pataz',
    'Sánchez Carrión',
    'Santiago de Chuco',
    'Virú',
  ],
  Lambayeque: ['Chiclayo', 'Ferreñafe', 'Lambayeque'],
  Lima: [
    'Lima',
    'Barranca',
    'Cajatambo',
    'Callao',
    'Canta',
    'Cañete',
    'Huaral',
    'Huarochirí',
    'Huaura',
    'Oyón',
    'Yauyos',
  ],
  Loreto: [
    'Maynas',
    'Alto Amazonas',
    'Datem del Marañón',
    'Loreto',
    'Mariscal Ramón Castilla',
    'Putumayo',
    'Requena',
    'Ucayali',
  ],
  'Madre de Dios': ['Tambopata', 'Manu', 'Tahuamanu'],
  Moquegua: ['Mariscal Nieto', 'General Sánchez Cerro', 'Ilo'],
  Pasco: ['Pasco', 'Daniel Alcides Carrión', 'Oxapampa'],
  Piura: ['Piura', 'Ayabaca', 'Huancabamba', 'Morropón', 'Paita', 'Sechura', 'Sullana', 'Talara'],
  Puno: [
    'Puno',
    'Azángaro',
    'Carabaya',
    'Chucuito',
    'El Collao',
    'Huancané',
    'Lampa',
    'Melgar',
    'Moho',
    'San Antonio de Putina',
    'San Román',
    'Sandia',
    'Yunguyo',
  ],
  'San Martín': [
    'Moyobamba',
    'Bellavista',
    'El Dorado',
    'Huallaga',
    'Lamas',
    'Mariscal Cáceres',
    'Picota',
    'Rioja',
    'San Martín',
    'Tocache',
  ],
  Tacna: ['Tacna', 'Candarave', 'Jorge Basadre', 'Tarata'],
  Tumbes: ['Tumbes', 'Contralmirante Villar', 'Zarumilla'],
  Ucayali: ['Coronel Portillo', 'Atalaya', 'Padre Abad', 'Purús'],
} as const satisfies Record<string, readonly string[]>

export type Departamento = keyof typeof MUNICIPIOS
/** In INEI's order, which is alphabetical. */
export const DEPARTAMENTOS = Object.keys(MUNICIPIOS) as Departamento[]
export const esDepartamento = (v: string): v is Departamento => Object.hasOwn(MUNICIPIOS, v)
/** Whether `municipio` is one of `departamento`'s (false for an unknown departamento). */
export const esMunicipioDe = (departamento: string, municipio: string): boolean =>
  esDepartamento(departamento) &&
  (MUNICIPIOS[departamento] as readonly string[]).includes(municipio)
