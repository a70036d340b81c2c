import type { SnapshotFrom } from 'xstate'
import type { clientExpiryMachine } from './client-expiry.machine'

/** What the client detail's expiry panel renders. */
export function toClientExpiryView(s: SnapshotFrom<typeof clientExpiryMachine>) {
  const e = s.context.expiry
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    /** Expiry off for the franchise: the panel is not shown. */
    isHidden: s.matches('off') || s.matches('loading'),
    mode: e?.mode ?? 'OFF',
    months: e?.months ?? 0,
    upcoming: e?.upcoming ?? [],
    /** Points that will expire in all. */
    total: (e?.upcoming ?? []).reduce((sum, u) => sum + u.points, 0),
    canRetry: s.can({ type: 'expiry.retry' }),
  }
}
export type ClientExpiryView = ReturnType<typeof toClientExpiryView>
