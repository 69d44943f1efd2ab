// Configuración › Informes (docs/producto.md#informes-en-configuración): the clinic's image viewer,
// and for each imaging study its informe template and its phrases. Laboratory studies have
// neither: their results are validated, not reported.
import { useState } from 'react'
import { MODALIDAD_LABORATORIO } from '../../../shared/informes.js'
import { describe, Field } from '../../components/field.js'
import { useTitle } from '../../components/use-title.js'
import { useCatalogos, useEtiquetaModalidad } from '../../state/catalogos.js'
import { listarEstudios } from './catalogos-api.js'
import { CargaLista } from './estado-seccion.js'
import { FrasesSeccion } from './frases-seccion.js'
import { PlantillaEditor } from './plantilla-editor.js'
import { useLista } from './use-lista.js'
import { VisorForm } from './visor-form.js'

export default function PlantillasPage() {
  useTitle('Plantillas de informe')
  // The catalogue names each modality («DX (RX)»); asking for it loads it.
  useCatalogos()
  const etiqueta = useEtiquetaModalidad()
  const { lista, error } = useLista(listarEstudios, 'No se pudieron cargar los estudios')
  const estudios = lista?.filter((e) => e.modalidad !== MODALIDAD_LABORATORIO) ?? null
  const [elegido, setElegido] = useState<number | null>(null)
  const [cambios, setCambios] = useState(false)
  const estudio = estudios?.find((e) => e.id === elegido) ?? estudios?.[0] ?? null

  return (
    <div className="plantillas">
      <VisorForm />
      <section className="card" aria-labelledby="plantilla-titulo">
        <header className="card__header">
          <h2 id="plantilla-titulo">Plantilla del informe</h2>
        </header>
        <CargaLista error={error} cargada={estudios !== null} />
        {estudios && estudio && (
          <>
            <div className="card__body plantillas__estudio">
              <Field
                id="plantilla-estudio"
                label="Estudio"
                hint={
                  cambios
                    ? 'Guarde o descarte los cambios de la plantilla antes de elegir otro estudio'
                    : 'El informe de este estudio empieza con la plantilla; las frases se insertan con su atajo y Tab'
                }
              >
                <select
                  className="select"
                  value={estudio.id}
                  disabled={cambios}
                  {...describe('plantilla-estudio', undefined, 'hint')}
                  onChange={(e) => setElegido(Number(e.target.value))}
                >
                  {estudios.map((e) => (
                    <option key={e.id} value={e.id}>
                      {etiqueta(e.modalidad)}: {e.nombre}
                      {e.activo ? '' : ' (inactivo)'}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <PlantillaEditor estudioId={estudio.id} onCambios={setCambios} />
          </>
        )}
      </section>
      {estudio && <FrasesSeccion key={estudio.id} estudio={estudio} />}
    </div>
  )
}
