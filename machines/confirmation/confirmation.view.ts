import type { SnapshotFrom } from 'xstate'
import type { confirmationMachine } from './confirmation.machine'

export type ConfirmationStep = 'terms' | 'offer' | 'unavailable'

/** What the confirmation page renders: the terms to accept, then the plan to subscribe to. */
export function toConfirmationView(s: SnapshotFrom<typeof confirmationMachine>) {
  const { accepted, offer, error } = s.context
  const onTerms = s.matches('reading') || s.matches('accepting') || s.matches('acceptFailed')
  const step: ConfirmationStep = onTerms ? 'terms' : s.matches('unavailable') ? 'unavailable' : 'offer'
  return {
    step,
    accepted,
    plan: offer?.plan ?? null,
    error,
    isAccepting: s.matches('accepting'),
    isLoadingOffer: s.matches('loadingOffer'),
    isRedirecting: s.matches('redirecting'),
    canAccept: s.matches('reading') && accepted,
    canToggle: s.matches('reading'),
    canRetry: s.matches('acceptFailed') || s.matches('offerFailed'),
    canSubscribe: s.matches('offer'),
  }
}
export type ConfirmationView = ReturnType<typeof toConfirmationView>
