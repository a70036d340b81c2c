// The getting-started checklist's actor (the server's answer through src/api) and where the owner's
// "hide" is kept: local storage, per franchise.
import { fromPromise } from 'xstate'
import { onboardingApi } from '../../src/api/onboarding'
import { readKey, writeKey } from '../../src/api/storage'
import type { OnboardingStatus } from '../../src/domain/onboarding'

export const loadOnboarding = fromPromise<OnboardingStatus, { franchiseId: string | null }>(
  ({ input, signal }) => onboardingApi.status(input.franchiseId, signal),
)

const hiddenIds = () => (readKey('onboardingHidden') ?? '').split(',').filter(Boolean)

/** Whether the owner hid this franchise's checklist before. */
export const wasOnboardingHidden = (franchiseId: string | null) =>
  !!franchiseId && hiddenIds().includes(franchiseId)

/** Remembers that the owner hid this franchise's checklist. */
export function rememberOnboardingHidden(franchiseId: string | null) {
  if (franchiseId) writeKey('onboardingHidden', [...new Set([...hiddenIds(), franchiseId])].join(','))
}
