// The app effects on the shell harness's memory router: a page reads and writes the address there, as
// it does the browser's in the app, and its toasts are recorded ("level:id") when `notices` is given.
import { type AppEffects, browserEffects } from '../../src/ui/effects/app-effects'
import type { HarnessLocation } from './session-harness'

export function routerEffects(notices?: string[]) {
  let router: HarnessLocation | null = null
  const listeners = new Set<() => void>()
  const effects: AppEffects = {
    notify: notices ? (level, id) => void notices.push(`${level}:${id}`) : browserEffects.notify,
    navigate: (to, options) => router?.navigate(to, options),
    // The memory router keeps no history to pop: back opens the page visited `pages` steps ago.
    goBack: (pages = 1) => {
      const to = router?.history.at(-1 - pages)
      if (to !== undefined) router?.navigate(to)
    },
    location: {
      read: () => router?.location ?? { path: '', search: '' },
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
  }
  /** Follows the rendered app's router (call once, right after rendering). */
  const attach = (app: { location: HarnessLocation }) => {
    router = app.location
    app.location.subscribe(() => {
      for (const listener of listeners) listener()
    })
  }
  return { effects, attach }
}
