// GET /api/v2/onboarding as seen from the browser: the franchise owner's first steps (issue 34).
import { OnboardingStatus } from '../domain/onboarding'
import { call } from './client'

export const onboardingApi = {
  status: (franchiseId: string | null, signal?: AbortSignal) =>
    call(
      '/api/v2/onboarding',
      { ...(franchiseId ? { query: { franchiseId } } : {}), ...(signal ? { signal } : {}) },
      OnboardingStatus,
    ),
}
