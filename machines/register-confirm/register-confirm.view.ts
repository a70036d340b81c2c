import type { SnapshotFrom } from 'xstate'
import type { registerConfirmMachine } from './register-confirm.machine'

/** What the sign-up link's page renders: working, a failure to retry, the invalid link, or done. */
export function toRegisterConfirmView(s: SnapshotFrom<typeof registerConfirmMachine>) {
  return {
    isConfirming: s.matches('checkingLink') || s.matches('confirming'),
    error: s.context.error,
    canRetry: s.can({ type: 'registerConfirm.retry' }),
    isLinkInvalid: s.matches('invalidLink'),
    isDone: s.matches('done'),
  }
}
export type RegisterConfirmView = ReturnType<typeof toRegisterConfirmView>
