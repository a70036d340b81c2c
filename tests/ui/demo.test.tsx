// The demo pages (issue 8) driven like a user: each finds the demo franchise first (loading, failure
// with retry, none seeded), then shows the same screen as the merchant's own over that franchise —
// analytics, client list, loyalty card — with a banner and without any control that writes.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type AnyActorLogic, fromPromise } from 'xstate'
import { analyticsMachine } from '../../machines/analytics/analytics.machine'
import { ANALYTICS_CARDS, CARD_ACTORS, type CardData, type CardInput } from '../../machines/analytics/cards'
import { demoMachine } from '../../machines/demo/demo.machine'
import { loyaltyCardMachine } from '../../machines/loyalty-card/loyalty-card.machine'
import {
  type LoadOffersInput,
  loyaltyOffersMachine,
} from '../../machines/loyalty-offers/loyalty-offers.machine'
import { ApiError } from '../../src/api/client'
import type { DemoFranchise } from '../../src/domain/demo'
import type { LoyaltyModel, LoyaltyOffer } from '../../src/domain/loyalty'
import { DemoPage } from '../../src/features/demo/DemoPage'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import meta, * as stories from '../../stories/demo/Demo.stories'
import { cardFixtures } from '../support/analytics-fixtures'
import { clientMachinesFor } from '../support/client-machines'
import { createClientsBackend } from '../support/clients-backend'
import { DEMO } from '../support/demo-fixtures'
import { renderUi } from './render'
import { renderShell, storeOwner } from './shell-support'

const CARD: LoyaltyModel = {
  id: '00000000-0000-4000-8000-00000000de21',
  franchiseId: DEMO.franchise.id,
  name: 'Carte Comptoir Démo',
  image: null,
  loyaltyType: 'PASSAGE',
  earnRate: 10,
  maxPoints: 300,
  hasMaxPointsEnabled: true,
  minTimeBetweenVisits: 0,
  storeIds: DEMO.stores.map((s) => s.id),
  posProductIds: [],
}
const OFFER: LoyaltyOffer = {
  id: '00000000-0000-4000-8000-00000000de31',
  loyaltyModelId: CARD.id,
  name: 'Boisson chaude offerte',
  description: 'Un café, un thé ou un chocolat offert.',
  image: null,
  redeemPointAmount: 50,
  type: 'FLAT',
  value: 300,
  currencyCode: 'EUR',
  posProductIds: [],
  productPriority: null,
  expirationDate: null,
  status: 'ACTIVE',
  statusUpdated: '2026-01-01T00:00:00.000Z',
  redeemedCount: 96,
  lastRedeemDate: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
}

/** GET /api/v2/demo answering each call in turn (an Error: a failure). */
function demoApi(answers: (DemoFranchise | null | Error)[]) {
  const load = vi.fn(async (): Promise<DemoFranchise | null> => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!
    if (next instanceof Error) throw next
    return next
  })
  return { load, machine: demoMachine.provide({ actors: { loadDemo: fromPromise(() => load()) } }) }
}

function renderDemo(
  path: string,
  answers: (DemoFranchise | null | Error)[] = [DEMO],
  as: 'owner' | ReturnType<typeof storeOwner> = 'owner',
) {
  const demo = demoApi(answers)
  // The analytics cards, recording which franchise each asks for.
  const analyticsCalls: CardInput[] = []
  const actors: Record<string, AnyActorLogic> = {}
  for (const card of ANALYTICS_CARDS)
    actors[CARD_ACTORS[card]] = fromPromise<unknown, CardInput>(async ({ input }) => {
      analyticsCalls.push(input)
      return cardFixtures(1)[card as keyof CardData]
    })
  const analytics = analyticsMachine.provide({ actors: actors as never })
  // The client list on the in-memory base, recording its queries.
  const clients = createClientsBackend()
  const list = vi.spyOn(clients, 'list')
  const clientMachines = clientMachinesFor(clients)
  // The loyalty card and offers, recording what they load.
  const loadCard = vi.fn(async (input: { franchiseId: string }) => ({
    card: input.franchiseId === DEMO.franchise.id ? CARD : null,
    products: [],
  }))
  const loadOffers = vi.fn(async (_: LoadOffersInput) => [OFFER])
  const loyalty = [
    loyaltyCardMachine.provide({ actors: { loadCard: fromPromise(({ input }) => loadCard(input)) } }),
    loyaltyOffersMachine.provide({ actors: { loadOffers: fromPromise(({ input }) => loadOffers(input)) } }),
  ]
  const app = renderShell({
    path,
    as,
    wrap: (routes) => (
      <ProvidedMachines machines={[demo.machine, analytics, ...loyalty, ...clientMachines]}>
        {routes}
      </ProvidedMachines>
    ),
  })
  return { ...app, demo, analyticsCalls, list, loadCard, loadOffers }
}

const banner = () => screen.findByRole('note')

describe('demo pages', () => {
  it('shows the analytics of the demo franchise and its stores, not the merchant’s', async () => {
    const r = renderDemo('/pages/demo/analytics')
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics (demo)' })).toBeInTheDocument()
    expect(await banner()).toHaveTextContent('Le Comptoir Démo is a fictitious franchise, shown read-only')
    await waitFor(() => expect(r.analyticsCalls.length).toBeGreaterThanOrEqual(ANALYTICS_CARDS.length - 2))
    expect(new Set(r.analyticsCalls.map((c) => c.franchiseId))).toEqual(new Set([DEMO.franchise.id]))
    // The store filter offers the demo's stores.
    await r.user.click(screen.getByRole('combobox', { name: 'Store' }))
    expect(await screen.findByRole('option', { name: 'Le Comptoir Démo — Lyon' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: /Maison Dupont/ })).not.toBeInTheDocument()
  })

  it('starts a store owner on the whole demo franchise too', async () => {
    const r = renderDemo('/pages/demo/analytics', [DEMO], storeOwner())
    await banner()
    await waitFor(() => expect(r.analyticsCalls.length).toBeGreaterThan(0))
    expect(r.analyticsCalls.every((c) => c.franchiseId === DEMO.franchise.id && c.storeId === null)).toBe(
      true,
    )
  })

  it('lists the demo franchise’s clients read-only: no creation, names that open nothing', async () => {
    const r = renderDemo('/pages/demo/clients')
    expect(await banner()).toHaveTextContent('read-only')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1))
    expect(r.list).toHaveBeenLastCalledWith(expect.objectContaining({ franchiseId: DEMO.franchise.id }))
    expect(within(table).queryAllByRole('link')).toEqual([])
    expect(screen.queryByRole('button', { name: 'Add a client' })).not.toBeInTheDocument()
    // The list's query stays on the demo page's address.
    await r.user.click(screen.getByRole('button', { name: /Points/ }))
    await waitFor(() => expect(r.location.location.path).toBe('/pages/demo/clients'))
    expect(r.location.location.search).toContain('sort=points')
  })

  it('shows the demo franchise’s card and offers without any edit control', async () => {
    const r = renderDemo('/pages/demo/loyalty')
    expect(await banner()).toHaveTextContent('Le Comptoir Démo')
    const offers = await screen.findByRole('table', { name: 'Offers' })
    expect(await within(offers).findByText('Boisson chaude offerte')).toBeInTheDocument()
    expect(within(offers).queryAllByRole('button')).toEqual([])
    expect(r.loadCard).toHaveBeenCalledWith(expect.objectContaining({ franchiseId: DEMO.franchise.id }))
    expect(r.loadOffers).toHaveBeenCalledWith(expect.objectContaining({ franchiseId: DEMO.franchise.id }))
    expect(screen.getByRole('textbox', { name: /name/i })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save the card' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New offer' })).not.toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
  })

  it('offers a retry when the demo cannot be found, then shows it', async () => {
    const r = renderDemo('/pages/demo/clients', [new ApiError(0, 'NETWORK_ERROR', 'down'), DEMO])
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The demo could not be loaded.')
    await r.user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await banner()).toBeInTheDocument()
    expect(r.demo.load).toHaveBeenCalledTimes(2)
  })

  it('says so when the server has no demo franchise', async () => {
    renderDemo('/pages/demo/loyalty', [null])
    expect(await screen.findByRole('heading', { name: 'No demo available' })).toBeInTheDocument()
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })

  // Every story of the demo frame renders the state it names (stories/demo).
  it.each(Object.entries(stories).filter(([name]) => name !== 'default'))(
    'renders the %s story',
    (name, story) => {
      const args = { ...meta.args, ...(story as { args?: object }).args } as typeof meta.args
      const { unmount } = renderUi(<DemoPage {...args} />)
      if (name === 'Ready') expect(screen.getByRole('note')).toHaveTextContent('Le Comptoir Démo')
      else expect(screen.getByRole('heading', { level: 1, name: 'Demo' })).toBeInTheDocument()
      if (name === 'Failed') expect(screen.getByRole('alert')).toBeInTheDocument()
      if (name === 'Loading') expect(screen.getByRole('status')).toHaveTextContent('Loading the demo')
      unmount()
    },
  )
})
