import type { SnapshotFrom } from 'xstate'
import { ONBOARDING_STEPS, type OnboardingStep } from '../../src/domain/onboarding'
import type { onboardingMachine } from './onboarding.machine'

export type OnboardingStepView = { id: OnboardingStep; done: boolean; isNext: boolean }

/** What the dashboard's getting-started checklist renders. */
export function toOnboardingView(s: SnapshotFrom<typeof onboardingMachine>) {
  const status = s.context.status
  const isShown = s.matches('showing') || s.matches('refreshing')
  const done = (id: OnboardingStep) => !!status?.steps[id]
  const next = ONBOARDING_STEPS.find((id) => !done(id)) ?? null
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    error: s.matches('failed') ? s.context.error : null,
    isShown,
    isRefreshing: s.matches('refreshing'),
    steps: isShown
      ? ONBOARDING_STEPS.map((id): OnboardingStepView => ({ id, done: done(id), isNext: id === next }))
      : [],
    doneCount: ONBOARDING_STEPS.filter(done).length,
    total: ONBOARDING_STEPS.length,
    /** The store whose tags section holds the poster's tag. */
    posterStoreId: status?.posterStoreId ?? null,
    canHide: s.matches('showing'),
  }
}
export type OnboardingView = ReturnType<typeof toOnboardingView>
