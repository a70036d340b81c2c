// A new merchant's first steps (issue 34 item 4): after the first store, the dashboard leads the
// merchant through the card, the tag's QR poster and a first sale. GET /api/v2/onboarding answers
// which steps are done, read from the franchise's own data (nothing is ticked by hand).
import { boolean, type Infer, nullable, object, optional, type } from 'superstruct'
import { Id } from './ids'

/** The steps in the order the checklist shows them. */
export const ONBOARDING_STEPS = ['store', 'card', 'poster', 'sale'] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

/** `franchiseId`: the franchise to read (one of the caller's own); the caller's first one by default. */
export const OnboardingQuery = object({ franchiseId: optional(Id) })
export type OnboardingQuery = Infer<typeof OnboardingQuery>

export const OnboardingStatus = type({
  /** The franchise read; null for a merchant who has none yet (its first store creates it). */
  franchiseId: nullable(Id),
  steps: type({
    /** The franchise has a store. */
    store: boolean(),
    /** Its loyalty card (loyalty model) is set up. */
    card: boolean(),
    /**
     * A tag exists to print the QR poster of. Printing is not recorded anywhere, so a tag's existence
     * is what the server can know (the first store gets one).
     */
    poster: boolean(),
    /** A sale was made: points put on a tag for a sale, or a sale or point-of-sale move in the ledger. */
    sale: boolean(),
  }),
  /** The store whose tags section holds the poster's tag (the first one with a tag), if any. */
  posterStoreId: nullable(Id),
})
export type OnboardingStatus = Infer<typeof OnboardingStatus>

export const isOnboardingComplete = (s: OnboardingStatus) => ONBOARDING_STEPS.every((k) => s.steps[k])
