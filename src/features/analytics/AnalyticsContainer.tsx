// /pages/dashboards/analytics (owners): the analytics machine for this visit, started on the session's
// franchise and stores. A store owner with one store starts on it. With `demo` (/pages/demo/analytics):
// the same dashboard over the demo franchise and its stores, read-only (issue 8).
import { createActorContext } from '@xstate/react'
import { analyticsMachine } from '../../../machines/analytics/analytics.machine'
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
    storeId: !demo && session.role === 'STORE_OWNER' && stores.length === 1 ? stores[0]!.id : null,
  }
  // One machine per franchise and screen: switching either starts afresh.
  return (
    <AnalyticsContext.Provider key={`${franchise.id}:${screen}`} logic={logic.analytics} options={{ input }}>
      <ConnectedAnalytics screen={screen} isDemo={!!demo} />
    </AnalyticsContext.Provider>
  )
}

function ConnectedAnalytics({ screen, isDemo }: { screen: Screen; isDemo: boolean }) {
  const view = AnalyticsContext.useSelector(toAnalyticsView)
  const actor = AnalyticsContext.useActorRef()
  return <AnalyticsPage view={view} send={actor.send} screen={screen} isDemo={isDemo} />
}
