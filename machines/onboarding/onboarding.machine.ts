// The dashboard's "Getting started" checklist (issue 34 item 4): after the first store, the franchise
// owner is led through the loyalty card, the tag's QR poster and a first sale. Which steps are done is
// the server's answer (GET /api/v2/onboarding), read on arrival and again when the owner comes back
// from a step made in place (the sale dialog). It hides once every step is done, or when the owner
// hides it (remembered per franchise by the app).
import { assign, setup } from 'xstate'
import { isOnboardingComplete, type OnboardingStatus } from '../../src/domain/onboarding'
import { loadOnboarding, rememberOnboardingHidden } from './onboarding.actors'

export type OnboardingInput = {
  /** The franchise on the dashboard; null for a merchant without one yet. */
  franchiseId: string | null
  /** The owner hid the checklist of this franchise before. */
  wasHidden: boolean
}

export type OnboardingContext = OnboardingInput & {
  status: OnboardingStatus | null
  error: string | null
}

export type OnboardingEvent =
  | { type: 'onboarding.retry' }
  | { type: 'onboarding.refresh' }
  | { type: 'onboarding.hide' }

const out = (event: unknown) => (event as { output: OnboardingStatus }).output

export const onboardingMachine = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
  },
  actors: {
    loadOnboarding,
  },
  actions: {
    /** Remembers on this device that the owner hid this franchise's checklist. */
    rememberHidden: (_, p: { franchiseId: string | null }) => rememberOnboardingHidden(p.franchiseId),
    setStatus: assign({ status: ({ event }) => out(event), error: null }),
    setError: assign({ error: 'analytics.onboarding.errors.load' }),
  },
  guards: {
    wasHidden: ({ context }) => context.wasHidden,
    isComplete: ({ event }) => isOnboardingComplete(out(event)),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({ ...input, status: null, error: null }),
  initial: 'starting',
  states: {
    // Nothing is asked of the server for a checklist the owner hid.
    starting: { always: [{ guard: 'wasHidden', target: 'hidden' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadOnboarding',
        src: 'loadOnboarding',
        input: ({ context }) => ({ franchiseId: context.franchiseId }),
        onDone: [
          { guard: 'isComplete', target: 'complete', actions: 'setStatus' },
          { target: 'showing', actions: 'setStatus' },
        ],
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    failed: { on: { 'onboarding.retry': 'loading' } },
    showing: {
      on: {
        'onboarding.refresh': 'refreshing',
        'onboarding.hide': {
          target: 'hidden',
          actions: {
            type: 'rememberHidden',
            params: ({ context }) => ({ franchiseId: context.franchiseId }),
          },
        },
      },
    },
    // The list stays as it was while the server is asked again, and if it does not answer.
    refreshing: {
      invoke: {
        id: 'loadOnboarding',
        src: 'loadOnboarding',
        input: ({ context }) => ({ franchiseId: context.franchiseId }),
        onDone: [
          { guard: 'isComplete', target: 'complete', actions: 'setStatus' },
          { target: 'showing', actions: 'setStatus' },
        ],
        onError: { target: 'showing' },
      },
    },
    complete: { type: 'final' },
    hidden: { type: 'final' },
  },
})
