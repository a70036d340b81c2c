// Records the toasts a page raises ("level:id"), over the app effects around it (a memory router's
// navigation and address in the shell harness), so a UI test reads what the user was told.
import { type ReactNode, useMemo } from 'react'
import { AppEffectsProvider, useAppEffects } from '../../src/ui/effects/app-effects'

export function RecordNotices({ notices, children }: { notices: string[]; children: ReactNode }) {
  const outer = useAppEffects()
  const value = useMemo(
    () => ({ ...outer, notify: (level: string, id: string) => void notices.push(`${level}:${id}`) }),
    [outer, notices],
  )
  return <AppEffectsProvider value={value}>{children}</AppEffectsProvider>
}
