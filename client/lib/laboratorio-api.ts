// The laboratory's calls, each through its shared contract (docs/api.md#laboratorio): the day's
// list, samples and their labels, the results of an atención and of one analito across the day.
import { analitosContract } from '../../shared/laboratorio.js'
import {
  etiquetasContract,
  muestrasDeAtencionContract,
  rechazarMuestraContract,
  recibirMuestraContract,
  tomarMuestrasContract,
  type MotivoRechazo,
} from '../../shared/muestras.js'
import {
  guardarResultadosContract,
  hojaResultadosContract,
  listaLaboratorioContract,
  obtenerResultadosContract,
  porAnalitoContract,
  validarResultadosContract,
  type FilaListaLaboratorio,
  type FilaPorAnalito,
  type GuardarResultados,
  type ResultadosAtencion,
} from '../../shared/resultados.js'
import { fillPath } from '../../shared/fill-path.js'
import { call, request, toQuery } from '../api.js'
import type { Pagina } from './use-mas.js'

const id = (n: number) => ({ id: String(n) })

/** The results as read, with the ETag to send back as If-Match. */
export interface ResultadosLeidos {
  datos: ResultadosAtencion
  etag: string
}

const conEtag = ({ data, response }: { data: ResultadosAtencion; response: Response }) => ({
  datos: data,
  etag: response.headers.get('etag') ?? '',
})

export const catalogoLaboratorio = (signal?: AbortSignal) => call(analitosContract, { signal })

/** The day's first page, with the next one's link (`Cargar más`). */
export const listaLaboratorio = async (
  query: { fecha?: string; sede?: string },
  signal?: AbortSignal,
): Promise<Pagina<FilaListaLaboratorio>> => {
  const { data, next } = await request(listaLaboratorioContract, { query, signal })
  return { filas: data, siguiente: next }
}

export const listaLaboratorioSiguiente = async (
  url: string,
): Promise<Pagina<FilaListaLaboratorio>> => {
  const { data, next } = await request(listaLaboratorioContract, { url })
  return { filas: data, siguiente: next }
}

export const muestrasDeAtencion = (atencionId: number, signal?: AbortSignal) =>
  call(muestrasDeAtencionContract, { params: id(atencionId), signal })

export const tomarMuestras = (atencionId: number) =>
  call(tomarMuestrasContract, { params: id(atencionId) })

export const recibirMuestra = (codigo: string) =>
  call(recibirMuestraContract, { params: { codigo } })

export const rechazarMuestra = (codigo: string, motivo: MotivoRechazo, nota?: string) =>
  call(rechazarMuestraContract, { params: { codigo }, body: { motivo, ...(nota && { nota }) } })

/** Where the labels' PDF is served: 50×25 mm one per page, or A4 sheets. */
export const urlEtiquetas = (atencionId: number, formato: 'etiqueta' | 'a4') =>
  fillPath(etiquetasContract.url, id(atencionId)) + toQuery({ formato })

/** Where the latest frozen result sheet is served. */
export const urlHoja = (atencionId: number) => fillPath(hojaResultadosContract.url, id(atencionId))

export const leerResultados = async (
  atencionId: number,
  signal?: AbortSignal,
): Promise<ResultadosLeidos> =>
  conEtag(await request(obtenerResultadosContract, { params: id(atencionId), signal }))

export const guardarResultados = async (
  atencionId: number,
  resultados: GuardarResultados['resultados'],
  etag: string,
): Promise<ResultadosLeidos> =>
  conEtag(
    await request(guardarResultadosContract, {
      params: id(atencionId),
      body: { resultados },
      headers: { 'if-match': etag },
    }),
  )

/** `analitos` absent: every typed one; `soloNormales`: those without a flag. */
export const validarResultados = async (
  atencionId: number,
  etag: string,
  cuales: { analitos?: number[]; soloNormales?: boolean },
): Promise<ResultadosLeidos> =>
  conEtag(
    await request(validarResultadosContract, {
      params: id(atencionId),
      body: cuales,
      headers: { 'if-match': etag },
    }),
  )

/** The analito and the day's first page of it, with the next one's link. */
export const porAnalito = async (
  analitoId: number,
  query: { fecha?: string; sede?: string },
  signal?: AbortSignal,
) => {
  const { data, next } = await request(porAnalitoContract, {
    params: id(analitoId),
    query,
    signal,
  })
  return { ...data, siguiente: next }
}

export const porAnalitoSiguiente = async (url: string): Promise<Pagina<FilaPorAnalito>> => {
  const { data, next } = await request(porAnalitoContract, { params: { id: '0' }, url })
  return { filas: data.filas, siguiente: next }
}
