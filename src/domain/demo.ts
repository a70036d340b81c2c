// The demo franchise (issue 8): what GET /api/v2/demo answers. The demo pages (/pages/demo/*) show the
// analytics, client list and loyalty card of this franchise, read-only, to every signed-in user.
import { array, enums, type Infer, string, type } from 'superstruct'
import { LOYALTY_TYPES } from './constants'

export const DemoFranchise = type({
  franchise: type({
    id: string(),
    name: string(),
    currencyCode: string(),
    timezone: string(),
    loyaltyType: enums(LOYALTY_TYPES),
  }),
  stores: array(type({ id: string(), name: string() })),
})
export type DemoFranchise = Infer<typeof DemoFranchise>

/** The 404 code when no demo franchise is seeded. */
export const DEMO_NOT_FOUND = 'DEMO_NOT_FOUND'

/** The three demo pages. */
export const DEMO_SCREENS = ['analytics', 'clients', 'loyalty'] as const
export type DemoScreen = (typeof DEMO_SCREENS)[number]
