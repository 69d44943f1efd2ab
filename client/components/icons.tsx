// Line icons drawn on a 24-unit grid; decorative unless given a label.
import type { ReactNode } from 'react'

interface IconProps {
  /** When set, the icon is announced with this name; otherwise it is hidden from assistive tech. */
  label?: string
  className?: string
}

function icon(children: ReactNode) {
  return function Icon({ label, className }: IconProps) {
    return (
      <svg
        className={className ? `icon ${className}` : 'icon'}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        role={label ? 'img' : undefined}
        aria-label={label}
        aria-hidden={label ? undefined : true}
        focusable="false"
      >
        {label && <title>{label}</title>}
        {children}
      </svg>
    )
  }
}

export const IconMenu = icon(<path d="M4 6h16M4 12h16M4 18h16" />)
export const IconX = icon(<path d="M18 6 6 18M6 6l12 12" />)
export const IconChevronDown = icon(<path d="m6 9 6 6 6-6" />)
export const IconChevronsLeft = icon(<path d="m11 17-5-5 5-5M18 17l-5-5 5-5" />)
export const IconChevronsRight = icon(<path d="m13 17 5-5-5-5M6 17l5-5-5-5" />)
export const IconDashboard = icon(
  <>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </>,
)
export const IconUsers = icon(
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
  </>,
)
export const IconUserPlus = icon(
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M19 8v6M22 11h-6" />
  </>,
)
export const IconSearch = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </>,
)
export const IconCalendar = icon(
  <>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </>,
)
export const IconSettings = icon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
)
export const IconLogout = icon(
  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
)
export const IconClock = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
)
export const IconActivity = icon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />)
export const IconAlert = icon(
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
)
export const IconEye = icon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
)
export const IconFileText = icon(
  <>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h6" />
  </>,
)
export const IconCheck = icon(<path d="M20 6 9 17l-5-5" />)
export const IconDownload = icon(<path d="M12 3v12M7 10l5 5 5-5M5 21h14" />)
export const IconPrinter = icon(
  <>
    <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
    <rect x="6" y="14" width="12" height="7" />
  </>,
)
export const IconPlus = icon(<path d="M12 5v14M5 12h14" />)
export const IconInfo = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </>,
)
/** X-ray (RX / DX): a bone. */
export const IconBone = icon(
  <path d="M17 10c.7-.7 1.7-.6 2.6-.6a2.5 2.5 0 1 0-2.3-3.7 2.5 2.5 0 1 0-3.6-2.3c0 .9.1 1.9-.6 2.6l-6.2 6.2c-.7.7-1.7.6-2.6.6a2.5 2.5 0 1 0 2.3 3.7 2.5 2.5 0 1 0 3.6 2.3c0-.9-.1-1.9.6-2.6z" />,
)
/** Ultrasound (Eco): sound waves. */
export const IconWaves = icon(<path d="M2 12h2l2-6 3 12 3-9 2 6 2-3h6" />)
/** Laboratory: a flask. */
export const IconFlask = icon(
  <path d="M9 3h6M10 3v6L4.5 18.5A2 2 0 0 0 6.2 21.5h11.6a2 2 0 0 0 1.7-3L14 9V3M7 15h10" />,
)
/** MRI: the magnet ring. */
export const IconMagnet = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4" />
  </>,
)
/** Any other modality (CT, mammography, densitometry…): a scanner's frame and its beam. */
export const IconScan = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M12 7v10M7 12h10" />
  </>,
)
export const IconMerge = icon(
  <>
    <circle cx="18" cy="18" r="3" />
    <circle cx="6" cy="6" r="3" />
    <path d="M6 21V9a9 9 0 0 0 9 9" />
  </>,
)
