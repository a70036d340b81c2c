// "Manage the subscription" (issue 24 #3, SPEC §7 /stripe/subscriptions): the plan, its state, the next
// renewal (or the end once cancelled), the invoices; cancel at the period's end (after a confirmation)
// and resume before it, or pay when there is none. Cancel and resume answer the new subscription.
// With Stripe, the subscription is managed in Stripe's customer portal instead (subscription.manage).
import { assign, setup } from 'xstate'
import { canCancel, canResume, type SubscriptionDetail } from '../../src/domain/subscription'
import { changeRenewal, loadSubscription, paymentLink, portalLink } from './subscription.actors'

export type SubscriptionInput = { userId: string }

export type SubscriptionContext = {
  userId: string
  subscription: SubscriptionDetail | null
  /** A message id, when loading failed. */
  error: string | null
}

export type SubscriptionEvent =
  | { type: 'subscription.retry' }
  | { type: 'subscription.cancel' }
  | { type: 'subscription.confirm' }
  | { type: 'subscription.dismiss' }
  | { type: 'subscription.resume' }
  | { type: 'subscription.pay' }
  | { type: 'subscription.manage' }

const inPortal = (s: SubscriptionDetail) => s.manage === 'portal'
const subscriptionOf = (event: unknown) => (event as { output: SubscriptionDetail }).output

export const subscriptionMachine = setup({
  types: {
    input: {} as SubscriptionInput,
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  actors: {
    loadSubscription,
    changeRenewal,
    paymentLink,
    portalLink,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Leaves for the checkout (or the billing portal's) page. */
    openUrl: (_, p: { url: string }) => window.location.assign(p.url),
    setSubscription: assign({ subscription: ({ event }) => subscriptionOf(event), error: null }),
    setLoadError: assign({ error: 'subscription.errors.load' }),
  },
  guards: {
    canCancel: ({ context }) =>
      !!context.subscription && !inPortal(context.subscription) && canCancel(context.subscription),
    canResume: ({ context }) =>
      !!context.subscription &&
      !inPortal(context.subscription) &&
      canResume(context.subscription, new Date()),
    canManage: ({ context }) => !!context.subscription && inPortal(context.subscription),
    canPay: ({ context }) => context.subscription?.status !== 'active',
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({ userId: input.userId, subscription: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: 'setSubscription' },
        onError: { target: 'failed', actions: 'setLoadError' },
      },
    },
    failed: { on: { 'subscription.retry': 'loading' } },
    ready: {
      on: {
        'subscription.cancel': { guard: 'canCancel', target: 'confirmingCancel' },
        'subscription.resume': { guard: 'canResume', target: 'resuming' },
        'subscription.pay': { guard: 'canPay', target: 'openingPayment' },
        'subscription.manage': { guard: 'canManage', target: 'openingPortal' },
      },
    },
    // Cancelling keeps the subscription until the period's end: the screen says until when, first.
    confirmingCancel: { on: { 'subscription.confirm': 'cancelling', 'subscription.dismiss': 'ready' } },
    cancelling: {
      invoke: {
        id: 'cancelSubscription',
        src: 'changeRenewal',
        input: ({ context }) => ({ userId: context.userId, cancel: true }),
        onDone: {
          target: 'ready',
          actions: [
            'setSubscription',
            { type: 'notify', params: { level: 'success', id: 'subscription.messages.cancelled' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { level: 'error', id: 'subscription.errors.change' } },
        },
      },
    },
    resuming: {
      invoke: {
        id: 'resumeSubscription',
        src: 'changeRenewal',
        input: ({ context }) => ({ userId: context.userId, cancel: false }),
        onDone: {
          target: 'ready',
          actions: [
            'setSubscription',
            { type: 'notify', params: { level: 'success', id: 'subscription.messages.resumed' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { level: 'error', id: 'subscription.errors.change' } },
        },
      },
    },
    // The link is made when asked for (one open checkout per product: a second click is the same one).
    openingPayment: {
      invoke: {
        id: 'paymentLink',
        src: 'paymentLink',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready',
          actions: { type: 'openUrl', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { level: 'error', id: 'subscription.errors.payment' } },
        },
      },
    },
    // Stripe's customer portal: a page of Stripe's, made when asked for (it expires within minutes).
    openingPortal: {
      invoke: {
        id: 'portalLink',
        src: 'portalLink',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready',
          actions: { type: 'openUrl', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { level: 'error', id: 'subscription.errors.portal' } },
        },
      },
    },
  },
})
