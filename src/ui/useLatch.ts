// A flag that turns true once and stays so, raised from outside React's render (an observer's callback,
// a queue): the component re-renders when it is raised. Shared by useInView and useDrawTurn.
import { useCallback, useRef, useSyncExternalStore } from 'react'

export type Latch = {
  /** The flag as rendered. */
  value: boolean
  /** Turns it true (once; later calls do nothing). */
  raise: () => void
  /** Its value now, for callbacks that run between renders. */
  isRaised: () => boolean
}

export function useLatch(initial = false): Latch {
  const raised = useRef(initial)
  const listeners = useRef(new Set<() => void>())
  const subscribe = useCallback((notify: () => void) => {
    listeners.current.add(notify)
    return () => listeners.current.delete(notify)
  }, [])
  const value = useSyncExternalStore(
    subscribe,
    () => raised.current,
    () => false,
  )
  const raise = useCallback(() => {
    if (raised.current) return
    raised.current = true
    for (const notify of listeners.current) notify()
  }, [])
  const isRaised = useCallback(() => raised.current, [])
  return { value, raise, isRaised }
}
