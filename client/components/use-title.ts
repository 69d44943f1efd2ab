import { useEffect } from 'react'

/** Sets the tab's title for the current screen. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · RadiSys`
  }, [title])
}
