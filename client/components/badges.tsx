// Worklist estado and prioridad as coloured badges, and modality icons
// (docs/datos.md#modalidades-y-estudios).
import {
  MODALIDAD_INFO,
  type Estado,
  type Modalidad,
  type Prioridad,
} from '../../shared/catalogos.js'
import { IconBone, IconFlask, IconMagnet, IconWaves } from './icons.js'

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

const ICONO: Record<Modalidad, typeof IconBone> = {
  RX: IconBone,
  Eco: IconWaves,
  MRI: IconMagnet,
  LAB: IconFlask,
}

/** One icon per modality, each named for screen readers and in its tooltip. */
export function ModalidadIcon({ modalidad }: { modalidad: Modalidad }) {
  const Icon = ICONO[modalidad]
  const info = MODALIDAD_INFO[modalidad]
  return (
    <span
      className={`modalidad modalidad--${info.icono}`}
      title={info.etiqueta}
      data-estudio={info.icono}
    >
      <Icon label={info.etiqueta} />
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
