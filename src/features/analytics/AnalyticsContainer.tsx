// /pages/dashboards/analytics (owners): the analytics machine for this visit, started on the session's
// franchise and stores, on the store chosen in the top bar (franchise-wide with "All stores"; a store
// owner with one store on it). With `demo` (/pages/demo/analytics):
// the same dashboard over the demo franchise and its stores, read-only (issue 8). A franchise owner's
// dashboard opens on its getting-started checklist while steps remain (issue 34).
import { createActorContext } from '@xstate/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { analyticsMachine, topBarStore } from '../../../machines/analytics/analytics.machine'
import { toAnalyticsView } from '../../../machines/analytics/analytics.view'
import { SCREEN_CARDS, type Screen } from '../../../machines/analytics/cards'
import type { DemoFranchise } from '../../domain/demo'
import { todayIn } from '../../domain/today'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { AnalyticsPage } from './AnalyticsPage'
import { type FirstSaleButton, GettingStartedSection } from './GettingStarted'

export const AnalyticsContext = createActorContext(analyticsMachine)

export function AnalyticsContainer({
  screen = 'analytics',
  demo,
  firstSale,
}: {
  screen?: Screen
  /** The demo franchise to show instead of the session's (the demo pages). */
  demo?: DemoFranchise
  /** The getting-started checklist's sale button (the sale area's dialog, from the route table). */
  firstSale?: FirstSaleButton
}) {
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const machine = useProvided(analyticsMachine)
  const session = useSession()
  const franchise = demo?.franchise ?? session.franchise
  // Only a franchise owner sets its franchise up; the demo pages are someone else's.
  const gettingStarted =
    !demo && session.role === 'FRANCHISE_OWNER' ? (
      <GettingStartedSection
        key={franchise?.id ?? 'none'}
        franchiseId={franchise?.id ?? null}
        canCreateSale={session.canCreateSale}
        firstSale={firstSale}
      />
    ) : null
  // A merchant without a franchise yet: its first store comes first, and the checklist says so.
  if (!franchise) return gettingStarted && <div className={styles.alone}>{gettingStarted}</div>
  const stores = demo
    ? demo.stores
    : session.stores.filter((s) => s.franchiseId === franchise.id).map((s) => ({ id: s.id, name: s.name }))
  const input = {
    franchiseId: franchise.id,
    stores,
    today: todayIn(franchise.timezone, new Date()),
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
      logic={machine}
      options={{ input }}
    >
      <ConnectedAnalytics screen={screen} isDemo={!!demo} gettingStarted={gettingStarted} />
    </AnalyticsContext.Provider>
  )
}

function ConnectedAnalytics({
  screen,
  isDemo,
  gettingStarted,
}: {
  screen: Screen
  isDemo: boolean
  gettingStarted: ReactNode
}) {
  const view = AnalyticsContext.useSelector(toAnalyticsView)
  const actor = AnalyticsContext.useActorRef()
  return (
    <AnalyticsPage
      view={view}
      send={actor.send}
      screen={screen}
      isDemo={isDemo}
      gettingStarted={gettingStarted}
    />
  )
}

const styles = { alone: css({ p: { base: '4', md: '6' } }) }
