// The analytics machine with the app's real actors (src/api). Tests and stories hand their own (the
// same machine with a fake back end) through AnalyticsLogicContext.
import { createContext, useContext } from 'react'
import { analyticsActors } from '../../../machines/analytics/analytics.actors'
import { analyticsMachine } from '../../../machines/analytics/analytics.machine'

export type AnalyticsLogic = { analytics: typeof analyticsMachine; now: () => Date }

export const appAnalyticsLogic: AnalyticsLogic = {
  analytics: analyticsMachine.provide({ actors: analyticsActors }),
  now: () => new Date(),
}

export const AnalyticsLogicContext = createContext<AnalyticsLogic>(appAnalyticsLogic)
export const useAnalyticsLogic = () => useContext(AnalyticsLogicContext)
