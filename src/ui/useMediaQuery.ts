// Whether the window matches a media query, following it as the window changes: for a screen that
// renders another structure on a phone (cards instead of a table), not only other styles. Without
// matchMedia (tests in jsdom) the query never matches, so the wide layout shows.
import { useCallback, useSyncExternalStore } from 'react'

/** Below Panda's `md` breakpoint (48em): a phone held upright. */
export const NARROW = '(max-width: 47.99em)'

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  )
}
