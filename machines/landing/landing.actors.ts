// The landing page's actors: the public calls of src/api/emarketing.ts. The phone-code child gets the
// page's own send/confirm calls (the slug is the scope), made where the page knows its language.
import { fromPromise } from 'xstate'
import { landingApi } from '../../src/api/emarketing'
import type { LandingInfo, RegisterInput, RegisterResult } from '../../src/domain/emarketing'
import type { Locale } from '../../src/domain/locale'
import { phoneCodeMachine } from '../phone-code/phone-code.machine'

export const loadPage = fromPromise<LandingInfo, { slug: string }>(({ input, signal }) =>
  landingApi.info(input.slug, signal),
)

export const register = fromPromise<RegisterResult, { slug: string; input: RegisterInput; key: string }>(
  ({ input, signal }) => landingApi.register(input.slug, input.input, input.key, signal),
)

/** The phone-code step with the page's calls; the code SMS is written in the page's `language`. */
export function landingPhoneCode(slug: string, language: Locale) {
  return phoneCodeMachine.provide({
    actors: {
      sendCode: fromPromise(({ input, signal }) =>
        landingApi.sendCode(slug, { phone: input.phone, language }, signal),
      ),
      confirmCode: fromPromise(({ input, signal }) =>
        landingApi.confirmCode(slug, input.phone, input.code, signal),
      ),
    },
  })
}
