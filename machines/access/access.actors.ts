// Turns history changes (wouter patches pushState/replaceState to dispatch these) into events.
import { fromCallback } from 'xstate'
import type { AccessEvent } from './access.machine'

export const watchLocation = fromCallback(({ sendBack }) => {
  const emit = () =>
    sendBack({
      type: 'access.locationChange',
      location: { path: location.pathname, search: location.search },
    } satisfies AccessEvent)
  const events = ['popstate', 'pushState', 'replaceState', 'hashchange']
  for (const e of events) addEventListener(e, emit)
  return () => {
    for (const e of events) removeEventListener(e, emit)
  }
})
