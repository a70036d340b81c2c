import type { SnapshotFrom } from 'xstate'
import type { demoMachine } from './demo.machine'

/** What the demo pages render around the screen they show. */
export function toDemoView(s: SnapshotFrom<typeof demoMachine>) {
  const isReady = s.matches('ready')
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    /** No demo franchise on this server. */
    isEmpty: s.matches('empty'),
    isReady,
    demo: isReady ? s.context.demo : null,
    error: s.matches('failed') ? s.context.error : null,
  }
}
export type DemoView = ReturnType<typeof toDemoView>
