import type { SnapshotFrom } from 'xstate'
import type { clientEraseMachine } from './client-erase.machine'

/** What the client detail's "Erase this client" button and its confirmation render. */
export function toClientEraseView(s: SnapshotFrom<typeof clientEraseMachine>) {
  return {
    canOpen: s.can({ type: 'erase.open' }),
    isOpen: s.matches('confirming') || s.matches('erasing') || s.matches('failed'),
    isErasing: s.matches('erasing'),
    isFailed: s.matches('failed'),
    canRetry: s.can({ type: 'erase.retry' }),
    isDone: s.matches('done'),
    error: s.context.error,
  }
}
export type ClientEraseView = ReturnType<typeof toClientEraseView>
