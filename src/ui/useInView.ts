// Whether an element has come near the window once: for heavy parts (a chart's library and drawing)
// that a visitor who never scrolls to them should not pay for. Once seen it stays true, so scrolling
// away never removes what was drawn. Without IntersectionObserver (tests in jsdom) it is in view at
// once, so every part renders as before.
import { useCallback, useRef } from 'react'
import { useLatch } from './useLatch'

/** How far below the window an element counts as near (it is drawn just before it scrolls in). */
const MARGIN = '200px 0px'

export function useInView<E extends Element>(): [(element: E | null) => void, boolean] {
  const seen = useLatch(typeof IntersectionObserver === 'undefined')
  const { raise, isRaised } = seen
  const observer = useRef<IntersectionObserver | null>(null)
  const ref = useCallback(
    (node: E | null) => {
      observer.current?.disconnect()
      observer.current = null
      if (!node || isRaised()) return
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          observer.current?.disconnect()
          raise()
        },
        { rootMargin: MARGIN },
      )
      observer.current.observe(node)
    },
    [raise, isRaised],
  )
  return [ref, seen.value]
}
