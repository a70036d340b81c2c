// The client detail's points expiry panel (issue 23): what of the client's points will expire and
// when, loaded once per balance (the page mounts it again when the balance changes). Off, or nothing
// to expire, it shows nothing.
import { assign, setup } from 'xstate'
import type { ClientExpiryResponse } from '../../src/domain/expiry'
import { loadExpiry } from './client-expiry.actors'

export type ClientExpiryInput = { franchiseId: string; clientId: string }
export type ClientExpiryContext = ClientExpiryInput & { expiry: ClientExpiryResponse | null }
export type ClientExpiryEvent = { type: 'expiry.retry' }

export const clientExpiryMachine = setup({
  types: {
    input: {} as ClientExpiryInput,
    context: {} as ClientExpiryContext,
    events: {} as ClientExpiryEvent,
  },
  actors: {
    loadExpiry,
  },
  guards: {
    isOff: ({ event }) => (event as unknown as { output: ClientExpiryResponse }).output.mode === 'OFF',
  },
  actions: {
    setExpiry: assign({
      expiry: ({ event }) => (event as unknown as { output: ClientExpiryResponse }).output,
    }),
  },
}).createMachine({
  id: 'clientExpiry',
  context: ({ input }) => ({ ...input, expiry: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadExpiry',
        src: 'loadExpiry',
        input: ({ context }) => ({ franchiseId: context.franchiseId, clientId: context.clientId }),
        onDone: [
          { guard: 'isOff', target: 'off', actions: 'setExpiry' },
          { target: 'ready', actions: 'setExpiry' },
        ],
        onError: 'failed',
      },
    },
    off: { type: 'final' },
    ready: {},
    failed: { on: { 'expiry.retry': 'loading' } },
  },
})
