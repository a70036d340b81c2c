import type { SnapshotFrom } from 'xstate'
import type { startupMachine } from './startup.machine'

export function toStartupView(s: SnapshotFrom<typeof startupMachine>) {
  return {
    isBusy: !s.matches('failed') && s.status === 'active',
    message: s.context.message,
    error: s.context.error,
    canRetry: s.can({ type: 'startup.retry' }),
  }
}
