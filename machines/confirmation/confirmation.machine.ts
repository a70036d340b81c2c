// Account confirmation (/pages/confirmation, REGISTERED only, §4 Effective role): a new merchant reads
// the terms of service and accepts them, then sees the subscription plan and its price and subscribes.
// Subscribing is a full page load to the payment link; once paid, the checkout sends the browser back
// to the app, which starts again and finds a subscribed retailer (§4 Login, Startup).
import { assign, setup } from 'xstate'
import { acceptTerms, loadOffer } from './confirmation.actors'

export type Plan = { id: string; name: string; amountCents: number; currencyCode: string }
export type Offer = { plan: Plan; url: string }

export type ConfirmationContext = {
  /** The "I accept the terms" box. */
  accepted: boolean
  offer: Offer | null
  /** Why the last step failed (message id of §8 "Payment"), shown with a retry. */
  error: string | null
}

export type ConfirmationEvent =
  | { type: 'confirmation.toggle'; accepted: boolean }
  | { type: 'confirmation.accept' }
  | { type: 'confirmation.retry' }
  | { type: 'confirmation.subscribe' }

export const confirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
  },
  actors: {
    acceptTerms,
    /** The subscription plan and a payment link for it; null when there is nothing to subscribe to. */
    loadOffer,
  },
  guards: {
    hasAccepted: ({ context }) => context.accepted,
    hasOffer: ({ context }) => context.offer !== null,
  },
  actions: {
    /** Leaves for the payment page (a full page load: it is not part of the app). */
    loadPage: (_, p: { url: string }) => window.location.assign(p.url),
  },
}).createMachine({
  id: 'confirmation',
  context: { accepted: false, offer: null, error: null },
  initial: 'reading',
  states: {
    reading: {
      on: {
        'confirmation.toggle': { actions: assign({ accepted: ({ event }) => event.accepted }) },
        'confirmation.accept': { guard: 'hasAccepted', target: 'accepting' },
      },
    },
    accepting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        onDone: 'loadingOffer',
        onError: { target: 'acceptFailed', actions: assign({ error: 'auth.confirmation.errors.terms' }) },
      },
    },
    // Why a state: the terms are not recorded yet; the only way on is to try again.
    acceptFailed: {
      on: { 'confirmation.retry': 'accepting' },
    },
    loadingOffer: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        onDone: { target: 'checkingOffer', actions: assign({ offer: ({ event }) => event.output }) },
        onError: { target: 'offerFailed', actions: assign({ error: 'auth.confirmation.errors.offer' }) },
      },
    },
    // Why: the terms are accepted for good; a failed plan or link fetch must not ask for them again.
    offerFailed: {
      on: { 'confirmation.retry': 'loadingOffer' },
    },
    checkingOffer: {
      always: [{ guard: 'hasOffer', target: 'offer' }, { target: 'unavailable' }],
    },
    offer: {
      on: { 'confirmation.subscribe': 'redirecting' },
    },
    // Why final: the browser is leaving for the payment page; nothing else may be clicked meanwhile.
    redirecting: {
      type: 'final',
      entry: { type: 'loadPage', params: ({ context }) => ({ url: context.offer!.url }) },
    },
    // Why: no plan is on sale for this account's currency; the page points to support instead.
    unavailable: { type: 'final' },
  },
})
