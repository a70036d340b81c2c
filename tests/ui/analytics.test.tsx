// The analytics dashboard driven like a user: it lands with every card loading in parallel, shows
// the figures per locale and currency, changes store and period (every card reloads with them), and
// retries one failed card without touching the others. The back end is in memory; the chart chunk
// is replaced by a plain element that lists its series (ECharts itself is drawn in the e2e test).
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorLogic, fromPromise } from 'xstate'
import { analyticsMachine } from '../../machines/analytics/analytics.machine'
import {
  ANALYTICS_CARDS,
  CARD_ACTORS,
  type CardData,
  type CardId,
  type CardInput,
} from '../../machines/analytics/cards'
import { ALL_STORES } from '../../src/domain/franchise'
import { AnalyticsPage, type AnalyticsPageProps } from '../../src/features/analytics/AnalyticsPage'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import meta, * as stories from '../../stories/analytics/Analytics.stories'
import { cardFixtures, EMPTY_FIXTURES } from '../support/analytics-fixtures'
import { chooseOptions } from './clients-support'
import { renderUi } from './render'
import { renderShell, storeOwner } from './shell-support'

const STORE_1 = '22222222-2222-4222-8222-000000000001'
const STORE_2 = '22222222-2222-4222-8222-000000000002'

function backend(options: { empty?: boolean; failing?: CardId[] } = {}) {
  const calls: { card: CardId; input: CardInput }[] = []
  const failing = new Set(options.failing ?? [])
  const actors: Record<string, AnyActorLogic> = {}
  for (const card of ANALYTICS_CARDS)
    actors[CARD_ACTORS[card]] = fromPromise<unknown, CardInput>(async ({ input }) => {
      calls.push({ card, input })
      if (failing.has(card)) throw new Error('down')
      // A store shows twice the figures, so a filter change is visible.
      const k = input.storeId ? 2 : 1
      return (options.empty ? EMPTY_FIXTURES : cardFixtures(k))[card as keyof CardData]
    })
  return { calls, failing, machine: analyticsMachine.provide({ actors: actors as never }) }
}

function renderDashboard(
  b: ReturnType<typeof backend>,
  options: { locale?: 'en' | 'fr'; as?: 'owner' | 'store'; topBar?: string } = {},
) {
  return renderShell({
    path: '/pages/dashboards/analytics',
    // Franchise-wide unless a test says otherwise: "All stores" chosen in the top bar.
    currentStoreId: options.topBar ?? ALL_STORES,
    locale: options.locale ?? 'en',
    as: options.as === 'store' ? storeOwner() : 'owner',
    wrap: (routes) => <ProvidedMachines machines={[b.machine]}>{routes}</ProvidedMachines>,
  })
}

const card = (name: string) => screen.getByRole('region', { name })

describe('analytics dashboard', () => {
  beforeEach(() => {
    // The dashboard's period ends on the franchise's today, read from the clock.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(new Date('2026-03-31T10:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('lands on every card loaded in parallel, with figures per locale and currency', async () => {
    const b = backend()
    renderDashboard(b)
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    await waitFor(() => expect(within(card('Average basket')).getByText('€12.50')).toBeInTheDocument())
    // Every card but the two store cards called once, all with the last 30 days of the franchise.
    expect(b.calls.map((c) => c.card).sort()).toEqual(
      ANALYTICS_CARDS.filter((c) => c !== 'frequency' && c !== 'returns').sort(),
    )
    expect(b.calls[0]!.input).toEqual({
      franchiseId: '11111111-1111-4111-8111-111111111111',
      storeId: null,
      startDate: '2026-03-02',
      endDate: '2026-03-31',
    })
    expect(
      within(card('Visit frequency')).getByText('Choose a store to see these figures.'),
    ).toBeInTheDocument()
    expect(within(card('Return on investment')).getByText('€6,250.00')).toBeInTheDocument()
    expect(within(card('Conversion rate')).getByText('80%')).toBeInTheDocument()
    // The chart arrives through Chart.tsx's lazy import, in a later task than its card's figures.
    await waitFor(() =>
      expect(within(card('Visits per day')).getByRole('img', { name: 'Visits per day' })).toHaveTextContent(
        /^Visits: \d+$/,
      ),
    )
    expect(within(card('Top postcodes')).getByRole('row', { name: '1 75011 320' })).toBeInTheDocument()
    expect(within(card('New and returning clients')).getByText('2,000 clients in total')).toBeInTheDocument()
  })

  it('formats in French', async () => {
    const b = backend()
    renderDashboard(b, { locale: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument()
    await waitFor(() => expect(within(card('Panier moyen')).getByText(/^12,50\s€$/)).toBeInTheDocument())
    expect(
      within(card('Nouveaux clients et clients fidèles')).getByText(/^2\s000 clients au total$/),
    ).toBeInTheDocument()
  })

  it('reloads every card when the store and the period change', async () => {
    const b = backend()
    const { user } = renderDashboard(b)
    await waitFor(() => expect(within(card('Average basket')).getByText('€12.50')).toBeInTheDocument())
    b.calls.length = 0
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Store' }), ['Maison Dupont 2'])
    await waitFor(() =>
      expect(
        within(card('Visit frequency')).getByText('1,280 visits by 1,200 client-days'),
      ).toBeInTheDocument(),
    )
    expect(b.calls).toHaveLength(ANALYTICS_CARDS.length)
    expect(b.calls.every((c) => c.input.storeId === STORE_2)).toBe(true)
    expect(within(card('Return on investment')).getByText('€12,500.00')).toBeInTheDocument()

    b.calls.length = 0
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Period' }), ['Last 7 days'])
    await waitFor(() => expect(b.calls).toHaveLength(ANALYTICS_CARDS.length))
    expect(b.calls.every((c) => c.input.startDate === '2026-03-25' && c.input.storeId === STORE_2)).toBe(true)
  })

  it('shows a failed card with its retry while the others show their figures', async () => {
    const b = backend({ failing: ['basket'] })
    const { user } = renderDashboard(b)
    const alert = await within(await screen.findByRole('region', { name: 'Average basket' })).findByRole(
      'alert',
    )
    expect(alert).toHaveTextContent('The figures could not be loaded.')
    expect(within(card('Return on investment')).getByText('€6,250.00')).toBeInTheDocument()
    b.failing.clear()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(within(card('Average basket')).getByText('€12.50')).toBeInTheDocument())
    expect(b.calls.filter((c) => c.card === 'basket')).toHaveLength(2)
    expect(b.calls.filter((c) => c.card === 'roi')).toHaveLength(1)
  })

  it('says each card is empty for a new franchise', async () => {
    renderDashboard(backend({ empty: true }))
    await waitFor(() =>
      expect(screen.getAllByText('No data yet for this period.')).toHaveLength(ANALYTICS_CARDS.length - 2),
    )
  })

  it('starts a store owner on its only store, without a store filter', async () => {
    const b = backend()
    renderDashboard(b, { as: 'store' })
    await waitFor(() =>
      expect(
        within(card('Visit frequency')).getByText('1,280 visits by 1,200 client-days'),
      ).toBeInTheDocument(),
    )
    expect(screen.queryByRole('combobox', { name: 'Store' })).not.toBeInTheDocument()
    expect(b.calls.every((c) => c.input.storeId === STORE_2)).toBe(true)
  })

  it("starts on the top bar's store, and franchise-wide once the top bar says All stores", async () => {
    const b = backend()
    const { user } = renderDashboard(b, { topBar: STORE_1 })
    const topBar = await screen.findByRole('combobox', { name: 'Current store' })
    expect(topBar).toHaveTextContent('Maison Dupont 1')
    await waitFor(() =>
      expect(
        within(card('Visit frequency')).getByText('1,280 visits by 1,200 client-days'),
      ).toBeInTheDocument(),
    )
    expect(b.calls.every((c) => c.input.storeId === STORE_1)).toBe(true)

    b.calls.length = 0
    await chooseOptions(user, topBar, ['All stores'])
    await waitFor(() =>
      expect(
        within(card('Visit frequency')).getByText('Choose a store to see these figures.'),
      ).toBeInTheDocument(),
    )
    expect(b.calls.length).toBeGreaterThan(0)
    expect(b.calls.every((c) => c.input.storeId === null)).toBe(true)
    expect(within(card('Return on investment')).getByText('€6,250.00')).toBeInTheDocument()

    b.calls.length = 0
    await chooseOptions(user, topBar, ['Maison Dupont 2'])
    await waitFor(() => expect(b.calls.length).toBe(ANALYTICS_CARDS.length))
    expect(b.calls.every((c) => c.input.storeId === STORE_2)).toBe(true)
  })

  // The demo pages (the same dashboard over the demo franchise) are driven in tests/ui/demo.test.tsx.

  // Every story of the dashboard renders its cards in the state it names (stories/analytics).
  it.each(Object.entries(stories).filter(([name]) => name !== 'default'))(
    'renders the %s story',
    (_, story) => {
      const args = {
        ...meta.args,
        ...(story as { args?: Partial<AnalyticsPageProps> }).args,
      } as AnalyticsPageProps
      const { unmount } = renderUi(<AnalyticsPage {...args} />)
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
      expect(document.querySelectorAll('section[data-card]')).toHaveLength(args.view.cards.length)
      for (const c of args.view.cards)
        expect(document.querySelector(`[data-card="${c.id}"]`)?.getAttribute('data-status')).toBe(c.status)
      unmount()
    },
  )
})
