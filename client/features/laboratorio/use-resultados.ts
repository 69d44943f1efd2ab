// An atención's results on the entry grid: as read with their ETag, the values typed and not saved,
// saving them with If-Match (a 412 shows what is stored), validating and correcting. Errors the
// server ties to an item land beside its field; the rest show at the top.
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { GuardarResultados } from '../../../shared/resultados.js'
import { ApiError, mensajeDe } from '../../api.js'
import {
  guardarResultados,
  leerResultados,
  validarResultados,
  type ResultadosLeidos,
} from '../../lib/laboratorio-api.js'
import { indiceDeCampo, valorDeTexto } from './valores.js'
import { textoGuardado } from './vista.js'

export type Item = GuardarResultados['resultados'][number]

/** How many current versions are validated. */
const validados = (l: ResultadosLeidos | null) =>
  (l?.datos.examenes ?? [])
    .flatMap((e) => e.filas)
    .filter((f) => f.resultado?.estado === 'validado').length

export function useResultados(atencionId: number) {
  const [leido, setLeido] = useState<ResultadosLeidos | null>(null)
  const [errorCarga, setErrorCarga] = useState<string | null>(null)
  /** Texts typed per analito id, kept until saved. */
  const [borrador, setBorrador] = useState<Record<number, string>>({})
  const [errores, setErrores] = useState<Record<number, string>>({})
  const [fallo, setFallo] = useState<string | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const [ocupado, setOcupado] = useState(false)

  const recargar = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLeido(await leerResultados(atencionId, signal))
        setErrorCarga(null)
      } catch (err) {
        if ((err as Error).name !== 'AbortError')
          setErrorCarga(mensajeDe(err, 'No se pudieron cargar los resultados'))
      }
    },
    [atencionId],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    setLeido(null)
    void recargar(ctrl.signal)
    return () => ctrl.abort()
  }, [recargar])

  const filas = useMemo(
    () =>
      new Map((leido?.datos.examenes ?? []).flatMap((e) => e.filas.map((f) => [f.analito.id, f]))),
    [leido],
  )

  /** The rows whose text differs from what is stored. */
  const cambiadas = useMemo(
    () =>
      Object.entries(borrador)
        .map(([id, texto]) => [filas.get(Number(id)), texto] as const)
        .filter(([f, texto]) => f && texto.trim() !== textoGuardado(f).trim())
        .map(([f, texto]) => ({ fila: f!, texto })),
    [borrador, filas],
  )

  const escribir = (analitoId: number, texto: string) => {
    setBorrador((b) => ({ ...b, [analitoId]: texto }))
    setErrores(({ [analitoId]: _, ...resto }) => resto)
  }

  /**
   * What a call that changes results does with its answer and failures. A 412 shows the stored
   * results (its body brings them; the ETag comes with a read) and drops what was typed.
   * Resolves to null once done, or to the failure's message.
   */
  const enviar = async (
    accion: (etag: string) => Promise<ResultadosLeidos>,
    exito: string | (() => string),
    items: Item[] = [],
  ): Promise<string | null> => {
    if (!leido) return 'Los resultados aún se están cargando'
    setOcupado(true)
    setFallo(null)
    setAviso(null)
    try {
      setLeido(await accion(leido.etag))
      setBorrador({})
      setErrores({})
      setAviso(typeof exito === 'string' ? exito : exito())
      return null
    } catch (err) {
      const mensaje = mensajeDe(err, 'No se pudieron guardar los resultados')
      setFallo(mensaje)
      if (err instanceof ApiError && err.status === 412) {
        setBorrador({})
        setErrores({})
        await recargar()
      } else if (err instanceof ApiError) {
        const propios: Record<number, string> = {}
        for (const e of err.errores) {
          const i = indiceDeCampo(e.campo)
          const item = i === null ? undefined : items[i]
          if (item) propios[item.analitoId] = e.mensaje
        }
        setErrores(propios)
        return Object.values(propios)[0] ?? mensaje
      }
      return mensaje
    } finally {
      setOcupado(false)
    }
  }

  /** Saves what was typed; a value the grid can already tell is wrong is not sent. */
  const guardar = async (): Promise<string | null> => {
    if (cambiadas.length === 0) return null
    const items: Item[] = []
    const propios: Record<number, string> = {}
    for (const { fila, texto } of cambiadas) {
      const v = valorDeTexto(texto, fila.analito)
      if ('error' in v) propios[fila.analito.id] = v.error
      else items.push({ analitoId: fila.analito.id, valor: v.valor })
    }
    if (Object.keys(propios).length > 0) {
      setErrores(propios)
      setAviso(null)
      const mensaje = 'Revise los valores marcados: no se guardó nada'
      setFallo(mensaje)
      return mensaje
    }
    return enviar(
      (etag) => guardarResultados(atencionId, items, etag),
      items.length === 1 ? 'Resultado guardado' : `${items.length} resultados guardados`,
      items,
    )
  }

  /** The message names how many the server validated (calculated ones follow their operands). */
  const validar = (cuales: { analitos?: number[]; soloNormales?: boolean }) => {
    let n = 0
    return enviar(
      async (etag) => {
        const nuevo = await validarResultados(atencionId, etag, cuales)
        n = validados(nuevo) - validados(leido)
        return nuevo
      },
      () => (n === 1 ? 'Resultado validado' : `${n} resultados validados`),
    )
  }

  /** A validated value's correction: a new version with its reason. */
  const corregir = (item: Item) =>
    enviar((etag) => guardarResultados(atencionId, [item], etag), 'Corrección guardada', [item])

  return {
    leido,
    errorCarga,
    borrador,
    errores,
    fallo,
    aviso,
    ocupado,
    cambiadas,
    escribir,
    guardar,
    validar,
    corregir,
    recargar,
  }
}
