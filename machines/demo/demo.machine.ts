// The demo pages (/pages/demo/analytics, /pages/demo/clients, /pages/demo/loyalty; issue 8): which
// franchise they show comes from GET /api/v2/demo. While it loads the page waits; a failure shows the
// error with a retry; a server without a demo franchise (404 DEMO_NOT_FOUND, the actor answers null)
// says so. Once ready, the page starts the analytics, client list or loyalty machines on that franchise.
import { assign, setup } from 'xstate'
import type { DemoFranchise } from '../../src/domain/demo'
import { loadDemo } from './demo.actors'

export type DemoContext = {
  demo: DemoFranchise | null
  /** A message id, set when the last load failed. */
  error: string | null
}

export type DemoEvent = { type: 'demo.retry' }

export const demoMachine = setup({
  types: {
    context: {} as DemoContext,
    events: {} as DemoEvent,
  },
  // The real call (src/api); tests and stories provide a fake.
  actors: { loadDemo },
  guards: {
    hasDemo: ({ event }) => (event as unknown as { output: DemoFranchise | null }).output !== null,
  },
  actions: {
    setDemo: assign({
      demo: ({ event }) => (event as unknown as { output: DemoFranchise }).output,
      error: null,
    }),
    setError: assign({ demo: null, error: 'demo.errors.load' }),
  },
}).createMachine({
  id: 'demo',
  context: { demo: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDemo',
        src: 'loadDemo',
        onDone: [{ guard: 'hasDemo', target: 'ready', actions: 'setDemo' }, { target: 'empty' }],
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    ready: {},
    // No demo franchise on this server.
    empty: {},
    failed: { on: { 'demo.retry': 'loading' } },
  },
})
