// Erasing a client (GDPR, issue 23) from its detail: a confirmation naming what is kept and what is
// removed, the erasure, then back to the client list with a toast. Offered only when the caller may
// erase (domain/gdpr.ts canEraseClients, handed in as `mayErase`); the server decides again.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { eraseClient } from './client-erase.actors'

export type ClientEraseInput = { franchiseId: string; clientId: string; mayErase: boolean }
export type EraseClientInput = { franchiseId: string; clientId: string }
export type EraseClientOutput = { clientId: string; erasedAt: string; alreadyErased: boolean }

export type ClientEraseContext = ClientEraseInput & {
  /** Message id of the last failure, shown in the dialog with a retry. */
  error: string | null
}

export type ClientEraseEvent =
  | { type: 'erase.open' }
  | { type: 'erase.confirm' }
  | { type: 'erase.cancel' }
  | { type: 'erase.retry' }

/** The message a refused or failed erasure shows. */
export function erasureError(error: unknown): string {
  const e = error as Partial<ApiError> | undefined
  if (e?.code === 'CLIENT_SHARED') return 'gdpr.erase.errors.shared'
  if (e?.status === 404) return 'gdpr.erase.errors.notFound'
  return 'gdpr.erase.errors.failed'
}

export const clientEraseMachine = setup({
  types: {
    input: {} as ClientEraseInput,
    context: {} as ClientEraseContext,
    events: {} as ClientEraseEvent,
  },
  actors: {
    eraseClient,
  },
  guards: {
    canErase: ({ context }) => context.mayErase,
  },
  actions: {
    /** Provided by the app: a toast. */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: the client list (the erased client is no longer anyone). */
    goToList: () => {},
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => erasureError((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'clientErase',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'idle',
  states: {
    // A cancelled failure leaves nothing behind: the next confirmation starts clean.
    idle: { entry: 'clearError', on: { 'erase.open': { guard: 'canErase', target: 'confirming' } } },
    confirming: { on: { 'erase.confirm': 'erasing', 'erase.cancel': 'idle' } },
    erasing: {
      invoke: {
        id: 'eraseClient',
        src: 'eraseClient',
        input: ({ context }) => ({ franchiseId: context.franchiseId, clientId: context.clientId }),
        onDone: {
          target: 'done',
          actions: [{ type: 'notify', params: { level: 'success', id: 'gdpr.erase.success' } }, 'goToList'],
        },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    failed: { on: { 'erase.retry': { target: 'erasing', actions: 'clearError' }, 'erase.cancel': 'idle' } },
    done: { type: 'final' },
  },
})
