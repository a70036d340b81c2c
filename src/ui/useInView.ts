// Whether an element has come near the window once: for heavy parts (a chart's library and drawing)
// that a visitor who never scrolls to them should not pay for. Once seen it stays true, so scrolling
// away never removes what was drawn. Without IntersectionObserver (tests in jsdom) it is in view at
// once, so every part renders as before.
import { useCallback, useRef, useSyncExternalStore } from 'react'

/** How far below the window an element counts as near (it is drawn just before it scrolls in). */
const MARGIN = '200px 0px'

export function useInView<E extends Element>(): [(element: E | null) => void, boolean] {
  const seen = useRef(typeof IntersectionObserver === 'undefined')
  const element = useRef<E | null>(null)
  const listeners = useRef(new Set<() => void>())
  const observer = useRef<IntersectionObserver | null>(null)
  const ref = useCallback((node: E | null) => {
    observer.current?.disconnect()
    observer.current = null
    element.current = node
    if (!node || seen.current) return
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        seen.current = true
        observer.current?.disconnect()
        for (const notify of listeners.current) notify()
      },
      { rootMargin: MARGIN },
    )
    observer.current.observe(node)
  }, [])
  const subscribe = useCallback((notify: () => void) => {
    listeners.current.add(notify)
    return () => listeners.current.delete(notify)
  }, [])
  const inView = useSyncExternalStore(
    subscribe,
    () => seen.current,
    () => false,
  )
  return [ref, inView]
}
