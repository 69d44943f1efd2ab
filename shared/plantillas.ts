// What a médico writes an informe from (docs/api.md#plantillas-y-frases): each study's template,
// which a new draft starts with; the phrases the editor inserts by their shortcut, a study's own or
// the clinic's for every study; and the clinic's image viewer as a URL template. Admins edit them
// in Configuración; the editor reads them with the study's priors (shared/informes-paciente.ts).
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema } from './atenciones.js'
import { defineContract, ErrorSchema, IdEntrada } from './contract.js'
import { ContenidoInformeSchema, SECCIONES_INFORME, type ContenidoInforme } from './informes.js'
import { CARACTERES_CONTROL, CARACTERES_INVISIBLES } from './texto.js'

export const MENSAJES_PLANTILLAS = {
  estudioNoEncontrado: 'Estudio no encontrado',
  laboratorio:
    'Los estudios de laboratorio no tienen plantilla de informe: sus resultados se validan',
  adenda: 'Una plantilla tiene las secciones del informe, no la de una adenda',
  fraseNoEncontrada: 'Frase no encontrada',
  atajo: 'El atajo tiene de 2 a 20 letras minúsculas sin tilde o números, sin espacios',
  texto:
    'La frase tiene de 1 a 2000 caracteres, sin espacios ni caracteres invisibles al comienzo ni al final',
  atajoRepetido: (atajo: string, deEstudio: boolean) =>
    `Ya hay una frase con el atajo «${atajo}» ${deEstudio ? 'para ese estudio' : 'para todos los estudios'}`,
  estudio: 'Elija un estudio',
  visor:
    'La dirección del visor empieza con http:// o https://, no tiene espacios ni caracteres invisibles, mide hasta 500 caracteres y lleva {studyInstanceUid} o {accessionNumber}',
} as const

/** The placeholders a viewer's URL template may hold, and what replaces each. */
export const MARCAS_VISOR = ['{studyInstanceUid}', '{accessionNumber}'] as const

/** A URL's characters: none blank, none a control character, none invisible (bidi, zero-width). */
const URL_VISOR = new RegExp(`^https?://[^\\s${CARACTERES_CONTROL}${CARACTERES_INVISIBLES}]+$`)

/** Whether `url` is a viewer template the server stores. */
export const esVisorValido = (url: string): boolean =>
  url.length <= 500 && URL_VISOR.test(url) && MARCAS_VISOR.some((m) => url.includes(m))

/** The viewer's address for one study: each placeholder replaced, URL-encoded. */
export function urlVisor(
  plantilla: string,
  estudio: { studyInstanceUid: string | null; accessionNumber: string },
): string | null {
  if (plantilla.includes('{studyInstanceUid}') && !estudio.studyInstanceUid) return null
  return plantilla
    .replaceAll('{studyInstanceUid}', encodeURIComponent(estudio.studyInstanceUid ?? ''))
    .replaceAll('{accessionNumber}', encodeURIComponent(estudio.accessionNumber))
}

/**
 * The draft a new informe starts with: the template of its study, or of each of its studies in
 * order, a section's paragraphs under the name of the study they come from when there are several.
 */
export function borradorDePlantillas(
  plantillas: readonly { estudio: string; contenido: ContenidoInforme }[],
): ContenidoInforme {
  if (plantillas.length === 0) return {}
  if (plantillas.length === 1) return plantillas[0]!.contenido
  const salida: ContenidoInforme = {}
  for (const { clave } of SECCIONES_INFORME) {
    const con = plantillas.filter((p) => (p.contenido[clave] ?? []).length > 0)
    if (con.length === 0) continue
    salida[clave] = con.flatMap((p) => [
      { tipo: 'parrafo' as const, tramos: [{ t: `${p.estudio}:`, n: true as const }] },
      ...p.contenido[clave]!,
    ])
  }
  return salida
}

export const PlantillaSchema = Type.Object({
  estudioId: Type.Integer(),
  /** Empty when the study has no template yet. */
  contenido: ContenidoInformeSchema,
  actualizadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type Plantilla = Static<typeof PlantillaSchema>

export const obtenerPlantillaContract = defineContract({
  method: 'GET',
  url: '/configuracion/estudios/:id/plantilla',
  permiso: 'configuracion',
  summary: 'La plantilla del informe de un estudio (vacía si no tiene)',
  tags: ['configuracion'],
  params: IdParamsSchema,
  response: { 200: PlantillaSchema, 400: ErrorSchema, 404: ErrorSchema },
})

export const guardarPlantillaContract = defineContract({
  method: 'PUT',
  url: '/configuracion/estudios/:id/plantilla',
  permiso: 'configuracion',
  summary:
    'Guardar la plantilla del informe de un estudio: los informes que se comiencen desde ahora parten de ella',
  tags: ['configuracion'],
  params: IdParamsSchema,
  body: Type.Object({ contenido: ContenidoInformeSchema }, { additionalProperties: false }),
  response: { 200: PlantillaSchema, 400: ErrorSchema, 404: ErrorSchema },
})

export const FraseSchema = Type.Object({
  id: Type.Integer(),
  /** null: for every study. */
  estudioId: Type.Union([Type.Integer(), Type.Null()]),
  atajo: Type.String(),
  texto: Type.String(),
})
export type Frase = Static<typeof FraseSchema>

/** A phrase's first and last character: one that shows (no blank, control or invisible one). */
const BORDE_FRASE = `[^\\s${CARACTERES_CONTROL}${CARACTERES_INVISIBLES}]`

export const FraseEntradaSchema = Type.Object(
  {
    estudioId: Type.Union([IdEntrada(MENSAJES_PLANTILLAS.estudio), Type.Null()], {
      mensaje: MENSAJES_PLANTILLAS.estudio,
    }),
    atajo: Type.String({ pattern: '^[a-z0-9]{2,20}$', mensaje: MENSAJES_PLANTILLAS.atajo }),
    texto: Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: `^${BORDE_FRASE}([^${CARACTERES_CONTROL}]*${BORDE_FRASE})?$`,
      mensaje: MENSAJES_PLANTILLAS.texto,
    }),
  },
  { additionalProperties: false },
)
export type FraseEntrada = Static<typeof FraseEntradaSchema>

export const listarFrasesContract = defineContract({
  method: 'GET',
  url: '/configuracion/frases',
  permiso: 'configuracion',
  summary: 'Las frases del editor de informes, las de todos los estudios primero',
  tags: ['configuracion'],
  response: { 200: Type.Array(FraseSchema) },
})

export const crearFraseContract = defineContract({
  method: 'POST',
  url: '/configuracion/frases',
  permiso: 'configuracion',
  summary: 'Agregar una frase, para un estudio o para todos (estudioId null)',
  tags: ['configuracion'],
  body: FraseEntradaSchema,
  response: { 201: FraseSchema, 400: ErrorSchema, 409: ErrorSchema },
})

export const cambiarFraseContract = defineContract({
  method: 'PUT',
  url: '/configuracion/frases/:id',
  permiso: 'configuracion',
  summary: 'Cambiar una frase: su estudio, su atajo o su texto',
  tags: ['configuracion'],
  params: IdParamsSchema,
  body: FraseEntradaSchema,
  response: { 200: FraseSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
})

export const borrarFraseContract = defineContract({
  method: 'DELETE',
  url: '/configuracion/frases/:id',
  permiso: 'configuracion',
  summary: 'Quitar una frase',
  tags: ['configuracion'],
  params: IdParamsSchema,
  response: { 204: Type.Null(), 400: ErrorSchema, 404: ErrorSchema },
})

export const VisorSchema = Type.Object({
  /** The URL template with {studyInstanceUid} and/or {accessionNumber}; null: no viewer. */
  url: Type.Union([Type.String(), Type.Null()]),
})
export type Visor = Static<typeof VisorSchema>

export const obtenerVisorContract = defineContract({
  method: 'GET',
  url: '/configuracion/visor',
  permiso: 'configuracion',
  summary: 'La dirección del visor de imágenes de la clínica',
  tags: ['configuracion'],
  response: { 200: VisorSchema },
})

export const guardarVisorContract = defineContract({
  method: 'PUT',
  url: '/configuracion/visor',
  permiso: 'configuracion',
  summary:
    'Guardar la dirección del visor de imágenes (OHIF, Orthanc…) con {studyInstanceUid} o {accessionNumber}; null la quita',
  tags: ['configuracion'],
  body: Type.Object(
    {
      url: Type.Union(
        [Type.String({ maxLength: 500, mensaje: MENSAJES_PLANTILLAS.visor }), Type.Null()],
        {
          mensaje: MENSAJES_PLANTILLAS.visor,
        },
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: VisorSchema, 400: ErrorSchema },
})
