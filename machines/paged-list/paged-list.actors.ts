// The address watcher every paged list invokes as `watchLocation`: the list's query lives in the
// address, and back, forward or a link change it without the machine knowing.
import { fromCallback } from 'xstate'
import type { QueryChangeEvent } from './paged-list'

/** Where the address comes from, and how to hear that it changed. */
export type LocationSource = {
  /** The path and the search part, e.g. { path: '/pages/user/clients', search: '?page=2' }. */
  read: () => { path: string; search: string }
  subscribe: (listener: () => void) => () => void
}

/** The browser's address: wouter patches pushState/replaceState to dispatch these events. */
export const browserLocation: LocationSource = {
  read: () => ({ path: window.location.pathname, search: window.location.search }),
  subscribe: (listener) => {
    const events = ['popstate', 'pushState', 'replaceState', 'hashchange']
    for (const e of events) addEventListener(e, listener)
    return () => {
      for (const e of events) removeEventListener(e, listener)
    }
  },
}

/**
 * Turns changes of the address at `path` into `query.change` (the machine ignores an address equal to
 * its query). Leaving the page (to a client, say) is not a new query.
 */
export function watchLocationOf(source: LocationSource, path: string) {
  return fromCallback(({ sendBack }) =>
    source.subscribe(() => {
      const at = source.read()
      if (at.path === path) sendBack({ type: 'query.change', location: at.search } satisfies QueryChangeEvent)
    }),
  )
}
