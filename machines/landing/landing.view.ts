import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { phoneCodeMachine } from '../phone-code/phone-code.machine'
import { landingErrors, type landingMachine } from './landing.machine'

/** What the landing page renders. */
export function toLandingView(s: SnapshotFrom<typeof landingMachine>) {
  const c = s.context
  return {
    isLoading: s.matches('loading'),
    isNotFound: s.matches('notFound'),
    isFailed: s.matches('failed'),
    step: s.matches('verifying')
      ? ('phone' as const)
      : s.matches('registering')
        ? ('registering' as const)
        : s.matches('registered')
          ? ('registered' as const)
          : s.matches('alreadyClient')
            ? ('alreadyClient' as const)
            : ('form' as const),
    info: c.info,
    values: c.values,
    email: c.email,
    consent: c.consent,
    // Before a first try to go on, only the parts the customer has left show theirs.
    errors: c.showErrors
      ? landingErrors(c)
      : Object.fromEntries(Object.entries(landingErrors(c)).filter(([part]) => c.touched.includes(part))),
    error: c.error,
    result: c.result,
    phoneCode: s.children.phoneCode as ActorRefFrom<typeof phoneCodeMachine> | undefined,
  }
}
export type LandingView = ReturnType<typeof toLandingView>
