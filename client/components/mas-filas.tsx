// Under a table whose first page comes from a read of its own (useLectura) and the rest from
// useMas: why the next page failed, if it did, and «Cargar más» while there is one.
import type { useMas } from '../lib/use-mas.js'
import { IconAlert } from './icons.js'
import { PieDeLista } from './pie-de-lista.js'

export function MasFilas({ mas }: { mas: ReturnType<typeof useMas> }) {
  return (
    <>
      {mas.error && (
        <p className="alert alert--error" role="alert">
          <IconAlert />
          <span>{mas.error}</span>
        </p>
      )}
      <PieDeLista
        cargando={mas.cargando}
        siguiente={mas.siguiente}
        vacia={false}
        vacio=""
        error={mas.error}
        onMas={() => void mas.cargar()}
      />
    </>
  )
}
