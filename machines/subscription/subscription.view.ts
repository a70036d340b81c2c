import type { SnapshotFrom } from 'xstate'
import { subscriptionState } from '../../src/domain/subscription'
import type { subscriptionMachine } from './subscription.machine'

/** What the "Manage the subscription" card renders. */
export function toSubscriptionView(s: SnapshotFrom<typeof subscriptionMachine>) {
  const sub = s.context.subscription
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    error: s.context.error,
    state: sub ? subscriptionState(sub) : null,
    plan: sub?.plan ?? null,
    since: sub?.since ?? null,
    /** The next renewal, or the end once cancelled. */
    periodEnd: sub?.currentPeriodEnd ?? null,
    invoices: sub?.invoices ?? [],
    isConfirmingCancel: s.matches('confirmingCancel'),
    isCancelling: s.matches('cancelling'),
    isResuming: s.matches('resuming'),
    isOpeningPayment: s.matches('openingPayment'),
    isOpeningPortal: s.matches('openingPortal'),
    /** A renewal failed: until when the owner pages stay open, and whether that time has passed. */
    pastDue: sub?.pastDue ?? null,
    canCancel: s.can({ type: 'subscription.cancel' }),
    canResume: s.can({ type: 'subscription.resume' }),
    canPay: s.can({ type: 'subscription.pay' }),
    canManage: s.can({ type: 'subscription.manage' }),
  }
}
export type SubscriptionView = ReturnType<typeof toSubscriptionView>
