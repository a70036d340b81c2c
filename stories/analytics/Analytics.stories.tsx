// The analytics dashboard in each card state, built from the machine's own states: every card
// loading, ready, failed (with retry), empty (a new franchise) and waiting for a store; the demo pages.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type AnalyticsContext, analyticsMachine } from '../../machines/analytics/analytics.machine'
import { toAnalyticsView } from '../../machines/analytics/analytics.view'
import { ANALYTICS_CARDS, type CardData, type CardId, SCREEN_CARDS } from '../../machines/analytics/cards'
import { AnalyticsPage } from '../../src/features/analytics/AnalyticsPage'
import { cardFixtures, EMPTY_FIXTURES, FID, STORES } from '../../tests/support/analytics-fixtures'

type CardState = 'loading' | 'ready' | 'failed' | 'needsStore' | 'hidden'

function at(
  state: (card: CardId) => CardState,
  over: Partial<AnalyticsContext> = {},
  data: CardData = cardFixtures(),
) {
  const cards = over.cards ?? SCREEN_CARDS.analytics
  const value = Object.fromEntries(ANALYTICS_CARDS.map((c) => [c, cards.includes(c) ? state(c) : 'hidden']))
  const context: AnalyticsContext = {
    franchiseId: FID,
    stores: STORES,
    today: '2026-03-31',
    cards,
    storeId: null,
    period: 30,
    data: Object.fromEntries(ANALYTICS_CARDS.filter((c) => value[c] === 'ready').map((c) => [c, data[c]])),
    errors: Object.fromEntries(
      ANALYTICS_CARDS.filter((c) => value[c] === 'failed').map((c) => [c, 'analytics.errors.load']),
    ),
    ...over,
  }
  return toAnalyticsView(analyticsMachine.resolveState({ value: { dashboard: value }, context }))
}

const isStoreCard = (c: CardId) => c === 'frequency' || c === 'returns'

const meta = {
  title: 'Analytics/Dashboard',
  component: AnalyticsPage,
  args: {
    view: at(() => 'ready', { storeId: STORES[0]!.id }),
    send: () => {},
    screen: 'analytics',
  },
} satisfies Meta<typeof AnalyticsPage>

export default meta
type Story = StoryObj<typeof meta>

/** One store chosen: every card has its figures. */
export const Ready: Story = {}
/** The whole franchise: the store cards ask for a store. */
export const AllStores: Story = { args: { view: at((c) => (isStoreCard(c) ? 'needsStore' : 'ready')) } }
/** Just landed: every card loads in parallel. */
export const Loading: Story = { args: { view: at((c) => (isStoreCard(c) ? 'needsStore' : 'loading')) } }
/** Some cards failed: each offers its own retry while the others show. */
export const SomeFailed: Story = {
  args: {
    view: at((c) => (c === 'basket' || c === 'visitsMonths' ? 'failed' : 'ready'), {
      storeId: STORES[0]!.id,
    }),
  },
}
export const AllFailed: Story = { args: { view: at(() => 'failed', { storeId: STORES[0]!.id }) } }
/** A new franchise: every card says there is nothing yet. */
export const NewFranchise: Story = {
  args: { view: at(() => 'ready', { storeId: STORES[0]!.id }, EMPTY_FIXTURES) },
}
/** A store owner with one store: no store filter. */
export const StoreOwner: Story = {
  args: { view: at(() => 'ready', { stores: [STORES[0]!], storeId: STORES[0]!.id }) },
}
export const Last90Days: Story = {
  args: { view: at(() => 'ready', { storeId: STORES[1]!.id, period: 90 }, cardFixtures(3)) },
}
export const DemoAnalytics: Story = { args: { isDemo: true } }
export const DemoLoyalty: Story = {
  args: { isDemo: true, screen: 'loyalty', view: at(() => 'ready', { cards: SCREEN_CARDS.loyalty }) },
}
export const DemoClients: Story = {
  args: {
    isDemo: true,
    screen: 'clients',
    view: at(() => 'ready', { cards: SCREEN_CARDS.clients, storeId: STORES[0]!.id }),
  },
}
