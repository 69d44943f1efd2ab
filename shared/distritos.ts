// Peru's distritos: every one that INEI's ubigeo lists (1,891), under its departamento and
// provincia as shared/ubigeo.ts names them.
//
// Source: the same public repository as ubigeo.ts (jmcastagnetto/ubigeo-peru-aumentado,
// ubigeo_distrito.csv, commit a783fa6 of January 2022). It also keeps Putumayo and Teniente
// Manuel Clavero under Maynas, with their codes from before the provincia of Putumayo (2014); here
// they are listed only under Putumayo. It writes names in capitals without accents; here they are
// written as Spanish writes them: each word takes the accents it carries in the source's accented
// names of the distritos' capitals and of the provincias, and the rest were added by hand (Jazán,
// Guzmán, Piérola, Chávez, Héroes…). «de», «del», «y» go in lower case, and so do «la», «las»,
// «los» after them («Carmen de la Legua Reynoso», but «Villa El Salvador»).
//
// Order: each list starts with the distrito of the provincia's capital (INEI's code xxxx01), the
// others follow alphabetically, as with the provincias. Lima's Callao (ubigeo.ts) lists the
// Provincia Constitucional del Callao's distritos.
//
// Each provincia's distritos are one string, split on first use, so that this file stays a table
// to read. Its own module, imported only by the patient form and its validation.
import { MUNICIPIOS, esMunicipioDe } from './ubigeo.js'

type Tabla = { [D in keyof typeof MUNICIPIOS]: Record<(typeof MUNICIPIOS)[D][number], string> }

const DISTRITOS: Tabla = {
  Amazonas: {
    Chachapoyas:
      'Chachapoyas, Asunción, Balsas, Cheto, Chiliquín, Chuquibamba, Granada, Huancas, La Jalca, Leimebamba, Levanto, Magdalena, Mariscal Castilla, Molinopampa, Montevideo, Olleros, Quinjalca, San Francisco de Daguas, San Isidro de Maino, Soloco, Sonche',
    Bagua: 'Bagua, Aramango, Copallín, El Parco, Imaza, La Peca',
    Bongará:
      'Jumbilla, Chisquilla, Churuja, Corosha, Cuispes, Florida, Jazán, Recta, San Carlos, Shipasbamba, Valera, Yambrasbamba',
    Condorcanqui: 'Nieva, El Cenepa, Río Santiago',
    Luya: 'Lámud, Camporredondo, Cocabamba, Colcamar, Conila, Inguilpata, Longuita, Lonya Chico, Luya, Luya Viejo, María, Ocalli, Ocumal, Pisuquia, Providencia, San Cristóbal, San Francisco del Yeso, San Jerónimo, San Juan de Lopecancha, Santa Catalina, Santo Tomás, Tingo, Trita',
    'Rodríguez de Mendoza':
      'San Nicolás, Chirimoto, Cochamal, Huambo, Limabamba, Longar, Mariscal Benavides, Milpuc, Omia, Santa Rosa, Totora, Vista Alegre',
    Utcubamba: 'Bagua Grande, Cajaruro, Cumba, El Milagro, Jamalca, Lonya Grande, Yamón',
  },
  Áncash: {
    Huaraz:
      'Huaraz, Cochabamba, Colcabamba, Huanchay, Independencia, Jangas, La Libertad, Olleros, Pampas, Pariacoto, Pira, Tarica',
    Aija: 'Aija, Coris, Huacllán, La Merced, Succha',
    'Antonio Raymondi': 'Llamellín, Aczo, Chaccho, Chingas, Mirgas, San Juan de Rontoy',
    Asunción: 'Chacas, Acochaca',
    Bolognesi:
      'Chiquián, Abelardo Pardo Lezameta, Antonio Raymondi, Aquia, Cajacay, Canis, Colquioc, Huallanca, Huasta, Huayllacayán, La Primavera, Mangas, Pacllón, San Miguel de Corpanqui, Ticllos',
    Carhuaz:
      'Carhuaz, Acopampa, Amashca, Anta, Ataquero, Marcará, Pariahuanca, San Miguel de Aco, Shilla, Tinco, Yungar',
    'Carlos Fermín Fitzcarrald': 'San Luis, San Nicolás, Yauya',
    Casma: 'Casma, Buena Vista Alta, Comandante Noel, Yaután',
    Corongo: 'Corongo, Aco, Bambas, Cusca, La Pampa, Yánac, Yupán',
    Huari:
      'Huari, Anra, Cajay, Chavín de Huántar, Huacachi, Huacchis, Huachis, Huántar, Masín, Paucas, Ponto, Rahuapampa, Rapayán, San Marcos, San Pedro de Chana, Uco',
    Huarmey: 'Huarmey, Cochapeti, Culebras, Huayán, Malvas',
    Huaylas:
      'Caraz, Huallanca, Huata, Huaylas, Mato, Pamparomás, Pueblo Libre, Santa Cruz, Santo Toribio, Yuracmarca',
    'Mariscal Luzuriaga':
      'Piscobamba, Casca, Eleazar Guzmán Barrón, Fidel Olivas Escudero, Llama, Llumpa, Lucma, Musga',
    Ocros:
      'Ocros, Acas, Cajamarquilla, Carhuapampa, Cochas, Congas, Llipa, San Cristóbal de Rajan, San Pedro, Santiago de Chilcas',
    Pallasca:
      'Cabana, Bolognesi, Conchucos, Huacaschuque, Huandoval, Lacabamba, Llapo, Pallasca, Pampas, Santa Rosa, Tauca',
    Pomabamba: 'Pomabamba, Huayllán, Parobamba, Quinuabamba',
    Recuay:
      'Recuay, Cátac, Cotaparaco, Huayllapampa, Llacllín, Marca, Pampas Chico, Pararín, Tapacocha, Ticapampa',
    Santa:
      'Chimbote, Cáceres del Perú, Coishco, Macate, Moro, Nepeña, Nuevo Chimbote, Samanco, Santa',
    Sihuas:
      'Sihuas, Acobamba, Alfonso Ugarte, Cashapampa, Chingalpo, Huayllabamba, Quiches, Ragash, San Juan, Sicsibamba',
    Yungay: 'Yungay, Cascapara, Mancos, Matacoto, Quillo, Ranrahirca, Shupluy, Yanama',
  },
  Apurímac: {
    Abancay:
      'Abancay, Chacoche, Circa, Curahuasi, Huanipaca, Lambrama, Pichirhua, San Pedro de Cachora, Tamburco',
    Andahuaylas:
      'Andahuaylas, Andarapa, Chiara, Huancarama, Huancaray, Huayana, José María Arguedas, Kaquiabamba, Kishuara, Pacobamba, Pacucha, Pampachiri, Pomacocha, San Antonio de Cachi, San Jerónimo, San Miguel de Chaccrampa, Santa María de Chicmo, Talavera, Tumay Huaraca, Turpo',
    Antabamba: 'Antabamba, El Oro, Huaquirca, Juan Espinoza Medrano, Oropesa, Pachaconas, Sabaino',
    Aymaraes:
      'Chalhuanca, Capaya, Caraybamba, Chapimarca, Colcabamba, Cotaruse, Huayllo, Justo Apu Sahuaraura, Lucre, Pocohuanca, San Juan de Chacña, Sañayca, Soraya, Tapairihua, Tintay, Toraya, Yanaca',
    Chincheros:
      'Chincheros, Ahuayro, Anco-Huallo, Cocharcas, El Porvenir, Huaccana, Los Chankas, Ocobamba, Ongoy, Ranracancha, Rocchacc, Uranmarca',
    Cotabambas: 'Tambobamba, Challhuahuacho, Cotabambas, Coyllurqui, Haquira, Mara',
    Grau: 'Chuquibambilla, Curasco, Curpahuasi, Gamarra, Huayllati, Mamara, Micaela Bastidas, Pataypampa, Progreso, San Antonio, Santa Rosa, Turpay, Vilcabamba, Virundo',
  },
  Arequipa: {
    Arequipa:
      'Arequipa, Alto Selva Alegre, Cayma, Cerro Colorado, Characato, Chiguata, Jacobo Hunter, José Luis Bustamante y Rivero, La Joya, Mariano Melgar, Miraflores, Mollebaya, Paucarpata, Pocsi, Polobaya, Quequeña, Sabandia, Sachaca, San Juan de Siguas, San Juan de Tarucani, Santa Isabel de Siguas, Santa Rita de Siguas, Socabaya, Tiabaya, Uchumayo, Vítor, Yanahuara, Yarabamba, Yura',
    Camaná:
      'Camaná, José María Quimper, Mariano Nicolás Valcárcel, Mariscal Cáceres, Nicolás de Piérola, Ocoña, Quilca, Samuel Pastor',
    Caravelí:
      'Caravelí, Acarí, Atico, Atiquipa, Bella Unión, Cahuacho, Chala, Chaparra, Huanuhuanu, Jaqui, Lomas, Quicacha, Yauca',
    Castilla:
      'Aplao, Andagua, Ayo, Chachas, Chilcaymarca, Choco, Huancarqui, Machaguay, Orcopampa, Pampacolca, Tipán, Uñon, Uraca, Viraco',
    Caylloma:
      'Chivay, Achoma, Cabanaconde, Callalli, Caylloma, Coporaque, Huambo, Huanca, Ichupampa, Lari, Lluta, Maca, Madrigal, Majes, San Antonio de Chuca, Sibayo, Tapay, Tisco, Tuti, Yanque',
    Condesuyos: 'Chuquibamba, Andaray, Cayarani, Chichas, Iray, Río Grande, Salamanca, Yanaquihua',
    Islay: 'Mollendo, Cocachacra, Deán Valdivia, Islay, Mejía, Punta de Bombón',
    'La Unión':
      'Cotahuasi, Alca, Charcana, Huaynacotas, Pampamarca, Puyca, Quechualla, Sayla, Tauria, Tomepampa, Toro',
  },
  Ayacucho: {
    Huamanga:
      'Ayacucho, Acocro, Acos Vinchos, Andrés Avelino Cáceres Dorregaray, Carmen Alto, Chiara, Jesús Nazareno, Ocros, Pacaycasa, Quinua, San José de Ticllas, San Juan Bautista, Santiago de Pischa, Socos, Tambillo, Vinchos',
    Cangallo: 'Cangallo, Chuschi, Los Morochucos, María Parado de Bellido, Paras, Totos',
    'Huanca Sancos': 'Sancos, Carapo, Sacsamarca, Santiago de Lucanamarca',
    Huanta:
      'Huanta, Ayahuanco, Canayre, Chaca, Huamanguilla, Iguaín, Llochegua, Luricocha, Pucacolpa, Putis, Santillana, Sivia, Uchuraccay',
    'La Mar':
      'San Miguel, Anchihuay, Anco, Ayna, Chilcas, Chungui, Luis Carranza, Ninabamba, Oronccoy, Patibamba, Río Magdalena, Samugari, Santa Rosa, Tambo, Unión Progreso',
    Lucanas:
      'Puquio, Aucara, Cabana, Carmen Salcedo, Chaviña, Chipao, Huac-Huas, Laramate, Leoncio Prado, Llauta, Lucanas, Ocaña, Otoca, Saisa, San Cristóbal, San Juan, San Pedro, San Pedro de Palco, Sancos, Santa Ana de Huaycahuacho, Santa Lucía',
    Parinacochas:
      'Coracora, Chumpi, Coronel Castañeda, Pacapausa, Pullo, Puyusca, San Francisco de Ravacayco, Upahuacho',
    'Páucar del Sara Sara':
      'Pausa, Colta, Corculla, Lampa, Marcabamba, Oyolo, Pararca, San Javier de Alpabamba, San José de Ushua, Sara Sara',
    Sucre:
      'Querobamba, Belén, Chalcos, Chilcayoc, Huacaña, Morcolla, Paico, San Pedro de Larcay, San Salvador de Quije, Santiago de Paucaray, Soras',
    'Víctor Fajardo':
      'Huancapi, Alcamenca, Apongo, Asquipata, Canaria, Cayara, Colca, Huamanquiquia, Huancaraylla, Huaya, Sarhua, Vilcanchos',
    'Vilcas Huamán':
      'Vilcas Huamán, Accomarca, Carhuanca, Concepción, Huambalpa, Independencia, Saurama, Vischongo',
  },
  Cajamarca: {
    Cajamarca:
      'Cajamarca, Asunción, Chetilla, Cospán, Encañada, Jesús, Llacanora, Los Baños del Inca, Magdalena, Matara, Namora, San Juan',
    Cajabamba: 'Cajabamba, Cachachi, Condebamba, Sitacocha',
    Celendín:
      'Celendín, Chumuch, Cortegana, Huasmín, Jorge Chávez, José Gálvez, La Libertad de Pallán, Miguel Iglesias, Oxamarca, Sorochuco, Sucre, Utco',
    Chota:
      'Chota, Anguia, Chadín, Chalamarca, Chiguirip, Chimbán, Choropampa, Cochabamba, Conchán, Huambos, Lajas, Llama, Miracosta, Paccha, Pión, Querocoto, San Juan de Licupis, Tacabamba, Tocmoche',
    Contumazá:
      'Contumazá, Chilete, Cupisnique, Guzmango, San Benito, Santa Cruz de Toledo, Tantarica, Yonán',
    Cutervo:
      'Cutervo, Callayuc, Choros, Cujillo, La Ramada, Pimpingos, Querocotillo, San Andrés de Cutervo, San Juan de Cutervo, San Luis de Lucma, Santa Cruz, Santo Domingo de la Capilla, Santo Tomás, Socota, Toribio Casanova',
    Hualgayoc: 'Bambamarca, Chugur, Hualgayoc',
    Jaén: 'Jaén, Bellavista, Chontali, Colasay, Huabal, Las Pirias, Pomahuaca, Pucará, Sallique, San Felipe, San José del Alto, Santa Rosa',
    'San Ignacio':
      'San Ignacio, Chirinos, Huarango, La Coipa, Namballe, San José de Lourdes, Tabaconas',
    'San Marcos':
      'Pedro Gálvez, Chancay, Eduardo Villanueva, Gregorio Pita, Ichocán, José Manuel Quiroz, José Sabogal',
    'San Miguel':
      'San Miguel, Bolívar, Calquis, Catilluc, El Prado, La Florida, Llapa, Nanchoc, Niepos, San Gregorio, San Silvestre de Cochán, Tongod, Unión Agua Blanca',
    'San Pablo': 'San Pablo, San Bernardino, San Luis, Tumbadén',
    'Santa Cruz':
      'Santa Cruz, Andabamba, Catache, Chancaybaños, La Esperanza, Ninabamba, Pulán, Saucepampa, Sexi, Uticyacu, Yauyucán',
  },
  Callao: {
    Callao:
      'Callao, Bellavista, Carmen de la Legua Reynoso, La Perla, La Punta, Mi Perú, Ventanilla',
  },
  Cusco: {
    Cusco: 'Cusco, Ccorca, Poroy, San Jerónimo, San Sebastián, Santiago, Saylla, Wanchaq',
    Acomayo: 'Acomayo, Acopia, Acos, Mosoc Llacta, Pomacanchi, Rondocán, Sangarará',
    Anta: 'Anta, Ancahuasi, Cachimayo, Chinchaypujio, Huarocondo, Limatambo, Mollepata, Pucyura, Zurite',
    Calca: 'Calca, Coya, Lamay, Lares, Pisac, San Salvador, Taray, Yanatile',
    Canas: 'Yanaoca, Checca, Kunturkanki, Langui, Layo, Pampamarca, Quehue, Túpac Amaru',
    Canchis: 'Sicuani, Checacupe, Combapata, Marangani, Pitumarca, San Pablo, San Pedro, Tinta',
    Chumbivilcas:
      'Santo Tomás, Capacmarca, Chamaca, Colquemarca, Livitaca, Llusco, Quiñota, Velille',
    Espinar:
      'Espinar, Alto Pichigua, Condoroma, Coporaque, Ocoruro, Pallpata, Pichigua, Suyckutambo',
    'La Convención':
      'Santa Ana, Cielo Punco, Echarate, Huayopata, Inkawasi, Kumpirushiato, Manitea, Maranura, Megantoni, Ocobamba, Pichari, Quellouno, Quimbiri, Santa Teresa, Unión Asháninka, Vilcabamba, Villa Kintiarina, Villa Virgen',
    Paruro: 'Paruro, Accha, Ccapi, Colcha, Huanoquite, Omacha, Paccaritambo, Pillpinto, Yaurisque',
    Paucartambo: 'Paucartambo, Caicay, Challabamba, Colquepata, Huancarani, Kosñipata',
    Quispicanchi:
      'Urcos, Andahuaylillas, Camanti, Ccarhuayo, Ccatca, Cusipata, Huaro, Lucre, Marcapata, Ocongate, Oropesa, Quiquijana',
    Urubamba: 'Urubamba, Chinchero, Huayllabamba, Machupicchu, Maras, Ollantaytambo, Yucay',
  },
  Huancavelica: {
    Huancavelica:
      'Huancavelica, Acobambilla, Acoria, Ascensión, Conayca, Cuenca, Huachocolpa, Huando, Huayllahuara, Izcuchaca, Laria, Manta, Mariscal Cáceres, Moya, Nuevo Occoro, Palca, Pilchaca, Vilca, Yauli',
    Acobamba: 'Acobamba, Andabamba, Anta, Caja, Marcas, Paucara, Pomacocha, Rosario',
    Angaraes:
      'Lircay, Anchonga, Callanmarca, Ccochaccasa, Chincho, Congalla, Huanca-Huanca, Huayllay Grande, Julcamarca, San Antonio de Antaparco, Santo Tomás de Pata, Secclla',
    Castrovirreyna:
      'Castrovirreyna, Arma, Aurahua, Capillas, Chupamarca, Cocas, Huachos, Huamatambo, Mollepampa, San Juan, Santa Ana, Tantara, Ticrapo',
    Churcampa:
      'Churcampa, Anco, Chinchihuasi, Cosme, El Carmen, La Merced, Locroja, Pachamarca, Paucarbamba, San Miguel de Mayocc, San Pedro de Coris',
    Huaytará:
      'Huaytará, Ayavi, Córdova, Huayacundo Arma, Laramarca, Ocoyo, Pilpichaca, Querco, Quito-Arma, San Antonio de Cusicancha, San Francisco de Sangayaico, San Isidro, Santiago de Chocorvos, Santiago de Quirahuara, Santo Domingo de Capillas, Tambo',
    Tayacaja:
      'Pampas, Acostambo, Acraquia, Ahuaycha, Andaymarca, Cochabamba, Colcabamba, Daniel Hernández, Huachocolpa, Huaribamba, Lambras, Ñahuimpuquio, Pazos, Pichos, Quichuas, Quishuar, Roble, Salcabamba, Salcahuasi, San Marcos de Rocchac, Santiago de Tucuma, Surcubamba, Tintay Puncu',
  },
  Huánuco: {
    Huánuco:
      'Huánuco, Amarilis, Chinchao, Churubamba, Margos, Pillco Marca, Quisqui, San Francisco de Cayrán, San Pablo de Pillao, San Pedro de Chaulán, Santa María del Valle, Yacus, Yarumayo',
    Ambo: 'Ambo, Cayna, Colpas, Conchamarca, Huacar, San Francisco, San Rafael, Tomay Kichwa',
    'Dos de Mayo': 'La Unión, Chuquis, Marías, Pachas, Quivilla, Ripan, Shunqui, Sillapata, Yanas',
    Huacaybamba: 'Huacaybamba, Canchabamba, Cochabamba, Pinra',
    Huamalíes:
      'Llata, Arancay, Chavín de Pariarca, Jacas Grande, Jircan, Miraflores, Monzón, Punchao, Puños, Singa, Tantamayo',
    Lauricocha:
      'Jesús, Baños, Jivia, Queropalca, Rondos, San Francisco de Asís, San Miguel de Cauri',
    'Leoncio Prado':
      'Rupa-Rupa, Castillo Grande, Daniel Alomías Robles, Hermilio Valdizán, José Crespo y Castillo, Luyando, Mariano Dámaso Beraún, Pucayacu, Pueblo Nuevo, Santo Domingo de Anda',
    Marañón: 'Huacrachuco, Cholón, La Morada, San Buenaventura, Santa Rosa de Alto Yanajanca',
    Pachitea: 'Panao, Chaglla, Molino, Umari',
    'Puerto Inca': 'Puerto Inca, Codo del Pozuzo, Honoria, Tournavista, Yuyapichis',
    Yarowilca:
      'Chavinillo, Aparicio Pomares, Cahuac, Chacabamba, Choras, Jacas Chico, Obas, Pampamarca',
  },
  Ica: {
    Ica: 'Ica, La Tinguiña, Los Aquijes, Ocucaje, Pachacútec, Parcona, Pueblo Nuevo, Salas, San José de los Molinos, San Juan Bautista, Santiago, Subtanjalla, Tate, Yauca del Rosario',
    Chincha:
      'Chincha Alta, Alto Larán, Chavín, Chincha Baja, El Carmen, Grocio Prado, Pueblo Nuevo, San Juan de Yánac, San Pedro de Huacarpana, Sunampe, Tambo de Mora',
    Nasca: 'Nasca, Changuillo, El Ingenio, Marcona, Vista Alegre',
    Palpa: 'Palpa, Llipata, Río Grande, Santa Cruz, Tibillo',
    Pisco:
      'Pisco, Huancano, Humay, Independencia, Paracas, San Andrés, San Clemente, Túpac Amaru Inca',
  },
  Junín: {
    Huancayo:
      'Huancayo, Carhuacallanga, Chacapampa, Chicche, Chilca, Chongos Alto, Chupuro, Colca, Cullhuas, El Tambo, Huacrapuquio, Hualhuas, Huancán, Huasicancha, Huayucachi, Ingenio, Pariahuanca, Pilcomayo, Pucará, Quichuay, Quilcas, San Agustín, San Jerónimo de Tunán, Santo Domingo de Acobamba, Saño, Sapallanga, Sicaya, Viques',
    Chanchamayo: 'Chanchamayo, Perené, Pichanaqui, San Luis de Shuaro, San Ramón, Vitoc',
    Chupaca:
      'Chupaca, Ahuac, Chongos Bajo, Huáchac, Huamancaca Chico, San Juan de Jarpa, San Juan de Yscos, Tres de Diciembre, Yanacancha',
    Concepción:
      'Concepción, Aco, Andamarca, Chambará, Cochas, Comas, Heroínas Toledo, Manzanares, Mariscal Castilla, Matahuasi, Mito, Nueve de Julio, Orcotuna, San José de Quero, Santa Rosa de Ocopa',
    Jauja:
      'Jauja, Acolla, Apata, Ataura, Canchayllo, Curicaca, El Mantaro, Huamalí, Huaripampa, Huertas, Janjaillo, Julcán, Leonor Ordoñez, Llocllapampa, Marco, Masma, Masma Chicche, Molinos, Monobamba, Muqui, Muquiyauyo, Paca, Paccha, Pancán, Parco, Pomacancha, Ricrán, San Lorenzo, San Pedro de Chunán, Sausa, Sincos, Tunán Marca, Yauli, Yauyos',
    Junín: 'Junín, Carhuamayo, Ondores, Ulcumayo',
    Satipo:
      'Satipo, Coviriali, Llaylla, Mazamari, Pampa Hermosa, Pangoa, Río Negro, Río Tambo, Vizcatán del Ene',
    Tarma:
      'Tarma, Acobamba, Huaricolca, Huasahuasi, La Unión, Palca, Palcamayo, San Pedro de Cajas, Tapo',
    Yauli:
      'La Oroya, Chacapalpa, Huay-Huay, Marcapomacocha, Morococha, Paccha, Santa Bárbara de Carhuacayán, Santa Rosa de Sacco, Suitucancha, Yauli',
  },
  'La Libertad': {
    Trujillo:
      'Trujillo, El Porvenir, Florencia de Mora, Huanchaco, La Esperanza, Laredo, Moche, Poroto, Salaverry, Simbal, Víctor Larco Herrera',
    Ascope:
      'Ascope, Casa Grande, Chicama, Chocope, Magdalena de Cao, Paiján, Rázuri, Santiago de Cao',
    Bolívar: 'Bolívar, Bambamarca, Condormarca, Longotea, Uchumarca, Ucuncha',
    Chepén: 'Chepén, Pacanga, Pueblo Nuevo',
    'Gran Chimú': 'Cascas, Lucma, Marmot, Sayapullo',
    Julcán: 'Julcán, Calamarca, Carabamba, Huaso',
    Otuzco:
      'Otuzco, Agallpampa, Charat, Huaranchal, La Cuesta, Mache, Paranday, Salpo, Sinsicap, Usquil',
    Pacasmayo: 'San Pedro de Lloc, Guadalupe, Jequetepeque, Pacasmayo, San José',
    Pataz:
      'Tayabamba, Buldibuyo, Chillia, Huancaspata, Huaylillas, Huayo, Ongón, Parcoy, Pataz, Pias, Santiago de Challas, Taurija, Urpay',
    'Sánchez Carrión':
      'Huamachuco, Chugay, Cochorco, Curgos, Marcabal, Sanagoran, Sarín, Sartimbamba',
    'Santiago de Chuco':
      'Santiago de Chuco, Angasmarca, Cachicadan, Mollebamba, Mollepata, Quiruvilca, Santa Cruz de Chuca, Sitabamba',
    Virú: 'Virú, Chao, Guadalupito',
  },
  Lambayeque: {
    Chiclayo:
      'Chiclayo, Cayaltí, Chongoyape, Etén, Etén Puerto, José Leonardo Ortiz, La Victoria, Lagunas, Monsefú, Nueva Arica, Oyotún, Patapo, Picsi, Pimentel, Pomalca, Pucalá, Reque, Santa Rosa, Saña, Tumán',
    Ferreñafe: 'Ferreñafe, Cañaris, Incahuasi, Manuel Antonio Mesones Muro, Pitipo, Pueblo Nuevo',
    Lambayeque:
      'Lambayeque, Chochope, Illimo, Jayanca, Mochumi, Mórrope, Motupe, Olmos, Pacora, Salas, San José, Túcume',
  },
  Lima: {
    Lima: 'Lima, Ancón, Ate, Barranco, Breña, Carabayllo, Chaclacayo, Chorrillos, Cieneguilla, Comas, El Agustino, Independencia, Jesús María, La Molina, La Victoria, Lince, Los Olivos, Lurigancho, Lurín, Magdalena del Mar, Miraflores, Pachacámac, Pucusana, Pueblo Libre, Puente Piedra, Punta Hermosa, Punta Negra, Rímac, San Bartolo, San Borja, San Isidro, San Juan de Lurigancho, San Juan de Miraflores, San Luis, San Martín de Porres, San Miguel, Santa Anita, Santa María de Huachipa, Santa María del Mar, Santa Rosa, Santiago de Surco, Surquillo, Villa El Salvador, Villa María del Triunfo',
    Barranca: 'Barranca, Paramonga, Pativilca, Supe, Supe Puerto',
    Cajatambo: 'Cajatambo, Copa, Gorgor, Huancapón, Manas',
    Callao:
      'Callao, Bellavista, Carmen de la Legua Reynoso, La Perla, La Punta, Mi Perú, Ventanilla',
    Canta: 'Canta, Arahuay, Huamantanga, Huaros, Lachaqui, San Buenaventura, Santa Rosa de Quives',
    Cañete:
      'San Vicente de Cañete, Asia, Calango, Cerro Azul, Chilca, Coayllo, Imperial, Lunahuaná, Mala, Nuevo Imperial, Pacarán, Quilmana, San Antonio, San Luis, Santa Cruz de Flores, Zuñiga',
    Huaral:
      'Huaral, Atavillos Alto, Atavillos Bajo, Aucallama, Chancay, Ihuari, Lampián, Pacaraos, San Miguel de Acos, Santa Cruz de Andamarca, Sumbilca, Veintisiete de Noviembre',
    Huarochirí:
      'Matucana, Antioquía, Callahuanca, Carampoma, Chicla, Cuenca, Huachupampa, Huanza, Huarochirí, Lahuaytambo, Langa, Laraos, Mariatana, Ricardo Palma, San Andrés de Tupicocha, San Antonio, San Bartolomé, San Damián, San Juan de Iris, San Juan de Tantaranche, San Lorenzo de Quinti, San Mateo, San Mateo de Otao, San Pedro de Casta, San Pedro de Huancayre, Sangallaya, Santa Cruz de Cocachacra, Santa Eulalia, Santiago de Anchucaya, Santiago de Tuna, Santo Domingo de los Olleros, Surco',
    Huaura:
      'Huacho, Ámbar, Caleta de Carquín, Checras, Hualmay, Huaura, Leoncio Prado, Paccho, Santa Leonor, Santa María, Sayán, Vegueta',
    Oyón: 'Oyón, Andajes, Caujul, Cochamarca, Naván, Pachangara',
    Yauyos:
      'Yauyos, Alis, Ayauca, Ayaviri, Azángaro, Cacra, Carania, Catahuasi, Chocos, Cochas, Colonia, Hongos, Huampara, Huancaya, Huangascar, Huantán, Huañec, Laraos, Lincha, Madean, Miraflores, Omas, Putinza, Quinches, Quinocay, San Joaquín, San Pedro de Pilas, Tanta, Tauripampa, Tomás, Tupe, Viñac, Vitis',
  },
  Loreto: {
    Maynas:
      'Iquitos, Alto Nanay, Belén, Fernando Lores, Indiana, Las Amazonas, Mazán, Napo, Punchana, San Juan Bautista, Torres Causana',
    'Alto Amazonas':
      'Yurimaguas, Balsapuerto, Jeberos, Lagunas, Santa Cruz, Teniente César López Rojas',
    'Datem del Marañón': 'Barranca, Andoas, Cahuapanas, Manseriche, Morona, Pastaza',
    Loreto: 'Nauta, Parinari, Tigre, Trompeteros, Urarinas',
    'Mariscal Ramón Castilla': 'Ramón Castilla, Pebas, San Pablo, Yavarí',
    Putumayo: 'Putumayo, Rosa Panduro, Teniente Manuel Clavero, Yaguas',
    Requena:
      'Requena, Alto Tapiche, Capelo, Emilio San Martín, Jenaro Herrera, Maquia, Puinahua, Saquena, Soplin, Tapiche, Yaquerana',
    Ucayali: 'Contamana, Inahuaya, Padre Márquez, Pampa Hermosa, Sarayacu, Vargas Guerra',
  },
  'Madre de Dios': {
    Tambopata: 'Tambopata, Inambari, Laberinto, Las Piedras',
    Manu: 'Manu, Fitzcarrald, Huepetuhe, Madre de Dios',
    Tahuamanu: 'Iñapari, Iberia, Tahuamanu',
  },
  Moquegua: {
    'Mariscal Nieto': 'Moquegua, Carumas, Cuchumbaya, Samegua, San Antonio, San Cristóbal, Torata',
    'General Sánchez Cerro':
      'Omate, Chojata, Coalaque, Ichuña, La Capilla, Lloque, Matalaque, Puquina, Quinistaquillas, Ubinas, Yunga',
    Ilo: 'Ilo, El Algarrobal, Pacocha',
  },
  Pasco: {
    Pasco:
      'Chaupimarca, Huachón, Huariaca, Huayllay, Ninacaca, Pallanchacra, Paucartambo, San Francisco de Asís de Yarusyacán, Simón Bolívar, Ticlacayán, Tinyahuarco, Vicco, Yanacancha',
    'Daniel Alcides Carrión':
      'Yanahuanca, Chacayán, Goyllarisquizga, Páucar, San Pedro de Pillao, Santa Ana de Tusi, Tapuc, Vilcabamba',
    Oxapampa:
      'Oxapampa, Chontabamba, Constitución, Huancabamba, Palcazu, Pozuzo, Puerto Bermúdez, Villa Rica',
  },
  Piura: {
    Piura:
      'Piura, Castilla, Catacaos, Cura Mori, El Tallán, La Arena, La Unión, Las Lomas, Tambo Grande, Veintiseis de Octubre',
    Ayabaca:
      'Ayabaca, Frías, Jilili, Lagunas, Montero, Pacaipampa, Paimas, Sapillica, Sicchez, Suyo',
    Huancabamba:
      'Huancabamba, Canchaque, El Carmen de la Frontera, Huarmaca, Lalaquiz, San Miguel de El Faique, Sondor, Sondorillo',
    Morropón:
      'Chulucanas, Buenos Aires, Chalaco, La Matanza, Morropón, Salitral, San Juan de Bigote, Santa Catalina de Mossa, Santo Domingo, Yamango',
    Paita: 'Paita, Amotape, Arenal, Colán, La Huaca, Tamarindo, Vichayal',
    Sechura: 'Sechura, Bellavista de la Unión, Bernal, Cristo Nos Valga, Rinconada Llicuar, Vice',
    Sullana:
      'Sullana, Bellavista, Ignacio Escudero, Lancones, Marcavelica, Miguel Checa, Querecotillo, Salitral',
    Talara: 'Pariñas, El Alto, La Brea, Lobitos, Los Órganos, Máncora',
  },
  Puno: {
    Puno: 'Puno, Acora, Amantani, Atuncolla, Capachica, Chucuito, Coata, Huata, Mañazo, Paucarcolla, Pichacani, Platería, San Antonio, Tiquillaca, Vilque',
    Azángaro:
      'Azángaro, Achaya, Arapa, Asillo, Caminaca, Chupa, José Domingo Choquehuanca, Muñani, Potoni, Samán, San Antón, San José, San Juan de Salinas, Santiago de Pupuja, Tirapata',
    Carabaya:
      'Macusani, Ajoyani, Ayapata, Coasa, Corani, Crucero, Ituata, Ollachea, San Gabán, Usicayos',
    Chucuito: 'Juli, Desaguadero, Huacullani, Kelluyo, Pisacoma, Pomata, Zepita',
    'El Collao': 'Ilave, Capazo, Conduriri, Pilcuyo, Santa Rosa',
    Huancané: 'Huancané, Cojata, Huatasani, Inchupalla, Pusi, Rosaspata, Taraco, Vilque Chico',
    Lampa:
      'Lampa, Cabanilla, Calapuja, Nicasio, Ocuviri, Palca, Paratia, Pucará, Santa Lucía, Vilavila',
    Melgar: 'Ayaviri, Antauta, Cupi, Llalli, Macari, Nuñoa, Orurillo, Santa Rosa, Umachiri',
    Moho: 'Moho, Conima, Huayrapata, Tilali',
    'San Antonio de Putina': 'Putina, Ananea, Pedro Vilca Apaza, Quilcapuncu, Sina',
    'San Román': 'Juliaca, Cabana, Cabanillas, Caracoto, San Miguel',
    Sandia:
      'Sandia, Alto Inambari, Cuyocuyo, Limbani, Patambuco, Phara, Quiaca, San Juan del Oro, San Pedro de Putina Punco, Yanahuaya',
    Yunguyo: 'Yunguyo, Anapia, Copani, Cuturapi, Ollaraya, Tinicachi, Unicachi',
  },
  'San Martín': {
    Moyobamba: 'Moyobamba, Calzada, Habana, Jepelacio, Soritor, Yantalo',
    Bellavista: 'Bellavista, Alto Biavo, Bajo Biavo, Huallaga, San Pablo, San Rafael',
    'El Dorado': 'San José de Sisa, Agua Blanca, San Martín, Santa Rosa, Shatoja',
    Huallaga: 'Saposoa, Alto Saposoa, El Eslabón, Piscoyacu, Sacanche, Tingo de Saposoa',
    Lamas:
      'Lamas, Alonso de Alvarado, Barranquita, Caynarachi, Cuñumbuqui, Pinto Recodo, Rumisapa, San Roque de Cumbaza, Shanao, Tabalosos, Zapatero',
    'Mariscal Cáceres': 'Juanjuí, Campanilla, Huicungo, Pachiza, Pajarillo',
    Picota:
      'Picota, Buenos Aires, Caspisapa, Pilluana, Pucacaca, San Cristóbal, San Hilarión, Shamboyacu, Tingo de Ponasa, Tres Unidos',
    Rioja:
      'Rioja, Awajún, Elías Soplin Vargas, Nueva Cajamarca, Pardo Miguel, Posic, San Fernando, Yorongos, Yuracyacu',
    'San Martín':
      'Tarapoto, Alberto Leveau, Cacatachi, Chazuta, Chipurana, El Porvenir, Huimbayoc, Juan Guerra, La Banda de Shilcayo, Morales, Papaplaya, San Antonio, Sauce, Shapaja',
    Tocache: 'Tocache, Nuevo Progreso, Pólvora, Santa Lucía, Shunte, Uchiza',
  },
  Tacna: {
    Tacna:
      'Tacna, Alto de la Alianza, Calana, Ciudad Nueva, Coronel Gregorio Albarracín Lanchipa, Inclán, La Yarada Los Palos, Pachia, Palca, Pocollay, Sama',
    Candarave: 'Candarave, Cairani, Camilaca, Curibaya, Huanuara, Quilahuani',
    'Jorge Basadre': 'Locumba, Ilabaya, Ite',
    Tarata:
      'Tarata, Estique, Estique-Pampa, Héroes Albarracín Chucatamani, Sitajara, Susapaya, Tarucachi, Ticaco',
  },
  Tumbes: {
    Tumbes: 'Tumbes, Corrales, La Cruz, Pampas de Hospital, San Jacinto, San Juan de la Virgen',
    'Contralmirante Villar': 'Zorritos, Canoas de Punta Sal, Casitas',
    Zarumilla: 'Zarumilla, Aguas Verdes, Matapalo, Papayal',
  },
  Ucayali: {
    'Coronel Portillo':
      'Callería, Campoverde, Iparia, Manantay, Masisea, Nueva Requena, Yarinacocha',
    Atalaya: 'Raymondi, Sepahua, Tahuanía, Yurúa',
    'Padre Abad':
      'Padre Abad, Alexander Von Humboldt, Boquerón, Curimaná, Huipoca, Irazola, Neshuya',
    Purús: 'Purús',
  },
}

const listas = new Map<string, readonly string[]>()

/** The distritos of a provincia of a departamento, the capital's first; none for an unknown pair. */
export function distritosDe(departamento: string, provincia: string): readonly string[] {
  if (!esMunicipioDe(departamento, provincia)) return []
  const clave = `${departamento}/${provincia}`
  let lista = listas.get(clave)
  if (!lista) {
    const fila = DISTRITOS[departamento as keyof Tabla] as Record<string, string>
    lista = fila[provincia]!.split(', ')
    listas.set(clave, lista)
  }
  return lista
}

/** Whether `distrito` is one of the provincia's (false for an unknown departamento or provincia). */
export const esDistritoDe = (departamento: string, provincia: string, distrito: string): boolean =>
  distritosDe(departamento, provincia).includes(distrito)
