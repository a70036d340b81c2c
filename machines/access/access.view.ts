import type { SnapshotFrom } from 'xstate'
import type { accessMachine } from './access.machine'

export function toAccessView(s: SnapshotFrom<typeof accessMachine>) {
  return {
    /** The page may render: decided and not being redirected. */
    canRender: s.matches('allowed'),
    isWaiting: s.matches('waiting'),
    redirect: s.context.redirect,
  }
}
