// The getting-started checklist's machine with the app's real actor (src/api) and where the owner's
// "hide" is kept (local storage, per franchise). Tests and stories hand their own through the context.
import { createContext, useContext } from 'react'
import { loadOnboarding } from '../../../machines/onboarding/onboarding.actors'
import { onboardingMachine } from '../../../machines/onboarding/onboarding.machine'
import { readKey, writeKey } from '../../api/storage'

export type OnboardingLogic = {
  machine: typeof onboardingMachine
  /** Whether the owner hid this franchise's checklist before. */
  wasHidden: (franchiseId: string | null) => boolean
}

const hiddenIds = () => (readKey('onboardingHidden') ?? '').split(',').filter(Boolean)

export const appOnboardingLogic: OnboardingLogic = {
  machine: onboardingMachine.provide({
    actors: { loadOnboarding },
    actions: {
      rememberHidden: (_, p: { franchiseId: string | null }) => {
        if (p.franchiseId)
          writeKey('onboardingHidden', [...new Set([...hiddenIds(), p.franchiseId])].join(','))
      },
    },
  }),
  wasHidden: (franchiseId) => !!franchiseId && hiddenIds().includes(franchiseId),
}

export const OnboardingLogicContext = createContext<OnboardingLogic>(appOnboardingLogic)
export const useOnboardingLogic = () => useContext(OnboardingLogicContext)
