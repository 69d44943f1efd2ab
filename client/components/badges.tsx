// Worklist estado and prioridad as coloured badges, and modality icons
// (docs/datos.md#modalidades-y-estudios).
import { useSnapshot } from 'valtio'
import type { Estado, Modalidad, Prioridad } from '../../shared/catalogos.js'
import { catalogos } from '../state/catalogos.js'
import { IconBone, IconFlask, IconMagnet, IconScan, IconWaves } from './icons.js'

const ESTADO_CLASE: Record<Estado, string> = {
  Programado: 'badge--info',
  'En espera': 'badge--wait',
  'En proceso': 'badge--progress',
  Completado: 'badge--done',
  Informado: 'badge--signed',
  Cancelado: 'badge--cancel',
  'No se presentó': 'badge--missed',
}

export function EstadoBadge({ estado }: { estado: Estado | null }) {
  if (!estado) return <span className="muted">—</span>
  return <span className={`badge ${ESTADO_CLASE[estado]}`}>{estado}</span>
}

export function PrioridadBadge({ prioridad }: { prioridad: Prioridad | null }) {
  if (!prioridad) return <span className="muted">—</span>
  const clase =
    prioridad === 'Emergencia' ? 'badge--stat' : prioridad === 'Urgente' ? 'badge--urgent' : ''
  return <span className={`badge ${clase}`}>{prioridad}</span>
}

/** The starting modalities' icons (migration 0050); any other code (`otra`) draws IconScan. */
const ICONO: Record<string, typeof IconBone> = {
  rx: IconBone,
  ecografia: IconWaves,
  resonancia: IconMagnet,
  laboratorio: IconFlask,
}

/**
 * One icon per modality, each named for screen readers and in its tooltip, as the catalogue last
 * read describes it (its value alone until then).
 */
export function ModalidadIcon({ modalidad }: { modalidad: Modalidad }) {
  const { datos } = useSnapshot(catalogos)
  const m = datos?.modalidades.find((x) => x.valor === modalidad)
  const icono = m?.icono ?? 'otra'
  const etiqueta = m?.etiqueta ?? modalidad
  // Own keys only: a code such as «constructor» is not an icon.
  const propio = Object.hasOwn(ICONO, icono)
  const Icon = propio ? ICONO[icono]! : IconScan
  return (
    <span
      className={`modalidad modalidad--${propio ? icono : 'otra'}`}
      title={etiqueta}
      data-estudio={icono}
    >
      <Icon label={etiqueta} />
    </span>
  )
}

export function ModalidadesIcons({ modalidades }: { modalidades: readonly Modalidad[] }) {
  if (modalidades.length === 0) return <span className="muted">Sin estudios</span>
  return (
    <span className="modalidades">
      {modalidades.map((m) => (
        <ModalidadIcon key={m} modalidad={m} />
      ))}
    </span>
  )
}
