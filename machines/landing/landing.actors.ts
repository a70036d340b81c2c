// The landing page's actors: the public calls of src/api/emarketing.ts (the phone-code child has its own).
import { fromPromise } from 'xstate'
import { landingApi } from '../../src/api/emarketing'
import type { LandingInfo, RegisterInput, RegisterResult } from '../../src/domain/emarketing'

export const loadPage = fromPromise<LandingInfo, { slug: string }>(({ input, signal }) =>
  landingApi.info(input.slug, signal),
)

export const register = fromPromise<RegisterResult, { slug: string; input: RegisterInput; key: string }>(
  ({ input, signal }) => landingApi.register(input.slug, input.input, input.key, signal),
)
