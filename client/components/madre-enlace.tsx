// A newborn's mother (docs/datos.md#recién-nacidos), named by her record: her name and document,
// linked to her page. Read on demand (GET /pacientes/:id, audited like any read of her record).
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { TIPO_DOCUMENTO_ETIQUETA } from '../../shared/catalogos.js'
import { obtenerPacienteContract } from '../../shared/pacientes.js'
import { call } from '../api.js'
import { paths } from '../paths.js'

interface Madre {
  nombreCompleto: string
  documento: string
}

export function MadreEnlace({ id, conocida }: { id: number; conocida?: Madre }) {
  const [madre, setMadre] = useState<Madre | null>(conocida ?? null)
  const [fallo, setFallo] = useState(false)
  useEffect(() => {
    // Another mother (another child's page): nothing of the last one stays on screen.
    setMadre(conocida ?? null)
    setFallo(false)
    if (conocida) return
    const control = new AbortController()
    call(obtenerPacienteContract, { params: { id: String(id) }, signal: control.signal })
      .then((p) =>
        setMadre({
          nombreCompleto: p.nombreCompleto,
          documento: `${TIPO_DOCUMENTO_ETIQUETA[p.tipoDocumento]} ${p.documento}`,
        }),
      )
      .catch(() => {
        if (!control.signal.aborted) setFallo(true)
      })
    return () => control.abort()
  }, [id, conocida])
  return (
    <Link href={paths.paciente(id)}>
      {madre
        ? `${madre.nombreCompleto} (${madre.documento})`
        : fallo
          ? `Paciente ${id}`
          : 'Cargando…'}
    </Link>
  )
}
