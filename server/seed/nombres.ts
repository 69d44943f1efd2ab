// Peruvian names, surnames, districts and streets for demo and load data. Weights roughly follow
// how common each one is (Quispe and Flores lead the RENIEC surname counts).
import type { Departamento } from '../../shared/catalogos.js'

type Pesos = readonly (readonly [string, number])[]

export const NOMBRES_MASCULINOS: Pesos = [
  ['José', 10], ['Juan', 9], ['Luis', 8], ['Carlos', 8], ['Jorge', 6], ['Miguel', 6], ['Jesús', 5],
  ['Ángel', 5], ['Víctor', 5], ['César', 4], ['Raúl', 4], ['Julio', 4], ['Pedro', 4], ['Martín', 4],
  ['Andrés', 3], ['Sebastián', 3], ['Nicolás', 3], ['Germán', 2], ['Rubén', 2], ['Óscar', 3],
  ['Iván', 2], ['Joaquín', 2], ['Tomás', 2], ['Adrián', 2], ['Hernán', 1], ['Efraín', 1],
  ['Fermín', 1], ['Simón', 1], ['Ramón', 2], ['Wilmer', 2], ['Edwin', 2], ['Alex', 2], ['Franco', 2],
  ['Diego', 3], ['Mateo', 3], ['Santiago', 3], ['Thiago', 2], ['Gael', 1], ['Alonso', 2],
  ['Fernando', 3], ['Ricardo', 3], ['Manuel', 4], ['Antonio', 3], ['Francisco', 3], ['Alberto', 2],
  ['Roberto', 2], ['Eduardo', 2], ['Hugo', 2], ['Walter', 2], ['Teodoro', 1], ['Inti', 1],
  ['Amaru', 1], ['Yupanqui', 1], ['Rosendo', 1], ['Saturnino', 1], ['Maximiliano', 1],
]

export const NOMBRES_FEMENINOS: Pesos = [
  ['María', 14], ['Rosa', 6], ['Ana', 6], ['Carmen', 5], ['Lucía', 5], ['Sofía', 5], ['Luz', 4],
  ['Juana', 4], ['Milagros', 4], ['Rocío', 3], ['Mónica', 3], ['Verónica', 3], ['Inés', 2],
  ['Noemí', 2], ['Raquel', 2], ['Belén', 2], ['Azucena', 1], ['Zoé', 1], ['Ximena', 3],
  ['Valentina', 3], ['Camila', 3], ['Valeria', 3], ['Fiorella', 2], ['Gabriela', 3], ['Patricia', 3],
  ['Elena', 3], ['Isabel', 3], ['Teresa', 3], ['Julia', 3], ['Gloria', 2], ['Silvia', 2],
  ['Yolanda', 2], ['Flor', 2], ['Maribel', 2], ['Karina', 2], ['Katherine', 1], ['Nélida', 1],
  ['Dámaris', 1], ['Aurelia', 1], ['Eugenia', 1], ['Killa', 1], ['Sumaq', 1], ['Wayra', 1],
  ['Nayeli', 1], ['Antonella', 2], ['Mía', 2], ['Victoria', 2], ['Jimena', 2], ['Consuelo', 1],
  ['Gregoria', 1], ['Asunción', 1], ['Concepción', 1],
]

export const APELLIDOS: Pesos = [
  ['Quispe', 30], ['Flores', 20], ['Sánchez', 14], ['Rodríguez', 13], ['García', 12], ['Rojas', 11],
  ['Huamán', 11], ['Mamani', 11], ['Díaz', 9], ['Chávez', 9], ['López', 9], ['Ramírez', 8],
  ['Torres', 8], ['Mendoza', 8], ['Vásquez', 7], ['Castillo', 7], ['Gonzales', 7], ['Pérez', 7],
  ['Gutiérrez', 6], ['Ramos', 6], ['Espinoza', 6], ['Condori', 6], ['Cruz', 5], ['Fernández', 5],
  ['Vargas', 5], ['Gómez', 5], ['Martínez', 5], ['Salazar', 4], ['Castro', 4], ['Ruiz', 4],
  ['Núñez', 4], ['Muñoz', 3], ['Peña', 3], ['Cárdenas', 3], ['Paredes', 3], ['Huanca', 3],
  ['Apaza', 3], ['Choque', 3], ['Ticona', 2], ['Yupanqui', 2], ['Ccori', 1], ['Ñahui', 1],
  ['Ñaupari', 1], ['Ibáñez', 2], ['Ordóñez', 2], ['Yáñez', 1], ['Benítez', 2], ['Cáceres', 2],
  ['Chumpitaz', 1], ['Tello', 2], ['Aguirre', 2], ['León', 2], ['Medina', 3], ['Herrera', 3],
  ['Morales', 3], ['Silva', 3], ['Vega', 3], ['Ríos', 2], ['Calderón', 2], ['Ayala', 2],
  ['Villanueva', 2], ['Zúñiga', 1], ['Chuquimango', 1], ['Pariona', 1], ['Huaranga', 1],
  ['De la Cruz', 3], ['Del Águila', 1], ['De los Santos', 1], ['Santa María', 1], ["D'Angelo", 1],
  ['Valdez-Ruiz', 1], ['Ccahuana', 1], ['Inca', 1], ['Tupac', 1], ['Atahualpa', 1], ['Arévalo', 2],
  ['Jiménez', 2], ['Alarcón', 2], ['Bazán', 1], ['Carrión', 1], ['Chacón', 1], ['Guzmán', 2],
]

/** Residential districts of each municipio, for zonaResidencial. */
export const ZONAS: Record<string, readonly string[]> = {
  Lima: [
    'Miraflores', 'San Juan de Lurigancho', 'Comas', 'Ate', 'Santiago de Surco', 'San Martín de Porres',
    'Villa El Salvador', 'Jesús María', 'Breña', 'Rímac', 'San Borja', 'La Molina', 'Lince',
    'Chorrillos', 'Los Olivos', 'Independencia', 'Pueblo Libre', 'Magdalena del Mar', 'Barranco',
  ],
  Callao: ['Bellavista', 'La Perla', 'Ventanilla', 'Carmen de la Legua', 'La Punta', 'Mi Perú'],
  Arequipa: ['Cayma', 'Yanahuara', 'Cerro Colorado', 'Paucarpata', 'José Luis Bustamante y Rivero', 'Miraflores', 'Sachaca'],
  'Camaná': ['Samuel Pastor', 'Mariscal Cáceres', 'Nicolás de Piérola', 'Quilca'],
  Cusco: ['Wanchaq', 'Santiago', 'San Sebastián', 'San Jerónimo', 'Poroy', 'Saylla'],
  Urubamba: ['Ollantaytambo', 'Yucay', 'Chinchero', 'Huayllabamba', 'Maras', 'Machupicchu'],
}

export const CALLES = [
  'Av. Arequipa', 'Av. Javier Prado', 'Jr. Huallaga', 'Jr. de la Unión', 'Av. Brasil', 'Calle Los Olivos',
  'Av. Túpac Amaru', 'Av. Ejército', 'Calle Mercaderes', 'Av. El Sol', 'Calle Saphi', 'Av. Grau',
  'Jr. Puno', 'Av. Perú', 'Calle Las Begonias', 'Av. La Cultura', 'Pasaje Santa Rosa', 'Av. Colón',
] as const

export const URBANIZACIONES = [
  'Urb. Santa Catalina', 'Urb. Los Jardines', 'AA.HH. Señor de los Milagros', 'Urb. San Felipe',
  'Urb. Magisterial', 'Asoc. Virgen de Chapi', 'Urb. Huancaro', 'Cooperativa Túpac Amaru', 'Urb. El Carmen',
] as const

/** Area code of a fixed line, and first digits of the postal code, per departamento. */
export const CODIGO_AREA: Record<Departamento, string> = { Lima: '01', Arequipa: '054', Cusco: '084' }
export const CODIGO_POSTAL: Record<Departamento, string> = { Lima: '150', Arequipa: '040', Cusco: '080' }
