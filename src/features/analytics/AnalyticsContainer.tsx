// /pages/dashboards/analytics (owners): the analytics machine for this visit, started on the session's
// franchise and stores, on the store chosen in the top bar (franchise-wide with "All stores"; a store
// owner with one store on it). With `demo` (/pages/demo/analytics):
// the same dashboard over the demo franchise and its stores, read-only (issue 8).
import { createActorContext } from '@xstate/react'
import { analyticsMachine, topBarStore } from '../../../machines/analytics/analytics.machine'
import { toAnalyticsView } from '../../../machines/analytics/analytics.view'
import { SCREEN_CARDS, type Screen } from '../../../machines/analytics/cards'
import { todayIn } from '../../domain/analytics'
import type { DemoFranchise } from '../../domain/demo'
import { useSession } from '../../ui/session/hooks'
import { AnalyticsPage } from './AnalyticsPage'
import { useAnalyticsLogic } from './logic'

export const AnalyticsContext = createActorContext(analyticsMachine)

export function AnalyticsContainer({
  screen = 'analytics',
  demo,
}: {
  screen?: Screen
  /** The demo franchise to show instead of the session's (the demo pages). */
  demo?: DemoFranchise
}) {
  const logic = useAnalyticsLogic()
  const session = useSession()
  const franchise = demo?.franchise ?? session.franchise
  if (!franchise) return null
  const stores = demo
    ? demo.stores
    : session.stores.filter((s) => s.franchiseId === franchise.id).map((s) => ({ id: s.id, name: s.name }))
  const input = {
    franchiseId: franchise.id,
    stores,
    today: todayIn(franchise.timezone, logic.now()),
    cards: SCREEN_CARDS[screen],
    // The dashboard starts on the top bar's store; "All stores" there (or no store) starts it
    // franchise-wide, except for a single-store owner, who starts on their store.
    storeId: demo ? null : topBarStore(session.currentStore?.id, stores, session.role),
  }
  // One machine per franchise, screen and top-bar store: choosing another store in the top bar
  // starts the dashboard afresh on it (the issue 24 "dashboard ignores the chosen store").
  return (
    <AnalyticsContext.Provider
      key={`${franchise.id}:${screen}:${input.storeId ?? ''}`}
      logic={logic.analytics}
      options={{ input }}
    >
      <ConnectedAnalytics screen={screen} isDemo={!!demo} />
    </AnalyticsContext.Provider>
  )
}

function ConnectedAnalytics({ screen, isDemo }: { screen: Screen; isDemo: boolean }) {
  const view = AnalyticsContext.useSelector(toAnalyticsView)
  const actor = AnalyticsContext.useActorRef()
  return <AnalyticsPage view={view} send={actor.send} screen={screen} isDemo={isDemo} />
}
