// The default actor of the getting-started checklist: the server's answer through src/api.
import { fromPromise } from 'xstate'
import { onboardingApi } from '../../src/api/onboarding'
import type { OnboardingStatus } from '../../src/domain/onboarding'

export const loadOnboarding = fromPromise<OnboardingStatus, { franchiseId: string | null }>(
  ({ input, signal }) => onboardingApi.status(input.franchiseId, signal),
)
