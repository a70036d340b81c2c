// One heavy drawing at a time, each in a task of its own: parts that are costly to mount (a chart's
// first draw) wait for their turn, and the next turn is given only in a new task after the previous
// part has drawn. A phone then answers a tap between two charts instead of freezing while all of
// them draw in one long task (Lighthouse counts every task over 50 ms as blocking time).
import { useCallback, useEffect, useRef } from 'react'
import { useLatch } from './useLatch'

type Waiter = { grant: () => void }

const afterFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16)

/**
 * How long a part may hold its turn without saying it drew (a chart that never reports ready, in a
 * hidden card): the next part is not kept waiting for ever.
 */
export const DRAW_PATIENCE_MS = 1500

const queue: Waiter[] = []
let current: Waiter | null = null
let patience: ReturnType<typeof setTimeout> | undefined

function giveNext() {
  const next = queue.shift() ?? null
  current = next
  if (!next) return
  patience = setTimeout(() => finish(next), DRAW_PATIENCE_MS)
  next.grant()
}

function finish(waiter: Waiter) {
  const index = queue.indexOf(waiter)
  if (index >= 0) queue.splice(index, 1)
  if (current !== waiter) return
  current = null
  clearTimeout(patience)
  // After the next frame (where the part paints), in a task of its own: the drawing that just ended
  // and the next one never share one. Unless a turn was given meanwhile (a part mounted again at once,
  // as React's strict mode does, takes the free turn itself).
  afterFrame(() =>
    setTimeout(() => {
      if (!current) giveNext()
    }, 0),
  )
}

/**
 * `[mayDraw, drawn]`: render the costly part once `mayDraw` is true, and call `drawn` when it has drawn
 * (or failed); unmounting before that gives the turn up.
 */
export function useDrawTurn(): [boolean, () => void] {
  const granted = useLatch()
  const { raise } = granted
  const waiter = useRef<Waiter | null>(null)
  useEffect(() => {
    const self: Waiter = { grant: raise }
    waiter.current = self
    queue.push(self)
    if (!current) giveNext()
    return () => {
      waiter.current = null
      finish(self)
    }
  }, [raise])
  const drawn = useCallback(() => {
    if (waiter.current) finish(waiter.current)
  }, [])
  return [granted.value, drawn]
}
