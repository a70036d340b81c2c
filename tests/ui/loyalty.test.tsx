import { screen, waitFor, within } from '@testing-library/react'
import mermaid from 'mermaid'
import type { ComponentProps } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import { loyaltyCardMachine, type SaveCardInput } from '../../machines/loyalty-card/loyalty-card.machine'
import {
  type LoadOffersInput,
  loyaltyOffersMachine,
  type OfferStatusChange,
  type SaveOfferInput,
} from '../../machines/loyalty-offers/loyalty-offers.machine'
import { toSessionView } from '../../machines/session/session.view'
import { ApiError } from '../../src/api/client'
import type { ClientQuery } from '../../src/api/clients'
import type { LoyaltyModel, LoyaltyOffer, PosProduct } from '../../src/domain/loyalty'
import { LoyaltyPage } from '../../src/features/loyalty/LoyaltyPage'
import { AppEffectsProvider } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import * as pageStories from '../../stories/loyalty/Loyalty.stories'
import { machineToMermaid } from '../../stories/support/machine-mermaid'
import { clientMachinesFor } from '../support/client-machines'
import { createClientsBackend } from '../support/clients-backend'
import { account } from '../support/fixtures'
import { routerEffects } from '../support/router-effects'
import { renderUi } from './render'
import { renderShell } from './shell-support'

const owner = account('owner')
const [S1, S2] = owner.stores.map((s) => s.id) as [string, string]

/** An in-memory loyalty back end with the same answers as the server's. */
function backend(options: { card?: boolean; failLoads?: number; products?: PosProduct[] } = {}) {
  let failures = options.failLoads ?? 0
  let card: LoyaltyModel | null = options.card
    ? {
        id: '00000000-0000-4000-8000-0000000000c1',
        franchiseId: owner.franchises[0]!.id,
        name: 'Carte Dupont',
        image: null,
        loyaltyType: 'PASSAGE',
        earnRate: 10,
        maxPoints: null,
        hasMaxPointsEnabled: false,
        minTimeBetweenVisits: 0,
        storeIds: [S1, S2],
        posProductIds: [],
      }
    : null
  const offers: LoyaltyOffer[] = [
    ['Galette', 400, 'ARCHIVED'],
    ['5 € off', 150, 'ACTIVE'],
    ['Café offert', 50, 'ACTIVE'],
  ].map(([name, points, status], i) => ({
    id: `00000000-0000-4000-8000-0000000000f${i}`,
    loyaltyModelId: '00000000-0000-4000-8000-0000000000c1',
    name: name as string,
    description: 'Une offre pour nos habitués.',
    image: null,
    redeemPointAmount: points as number,
    type: 'FLAT',
    value: 500,
    currencyCode: 'EUR',
    posProductIds: [],
    productPriority: null,
    expirationDate: null,
    status: status as string,
    statusUpdated: '2026-01-01T00:00:00.000Z',
    redeemedCount: i,
    lastRedeemDate: null,
    dateCreated: '2026-01-01T00:00:00.000Z',
  }))
  const api = {
    loadCard: vi.fn(async () => {
      if (failures-- > 0) throw new ApiError(500, 'HTTP_500', 'down')
      return { card, products: options.products ?? [] }
    }),
    saveCard: vi.fn(async (input: SaveCardInput) => {
      const b = input.body
      card = {
        id: card?.id ?? '00000000-0000-4000-8000-0000000000c1',
        franchiseId: owner.franchises[0]!.id,
        name: b.name,
        image: b.image ?? null,
        loyaltyType: b.loyaltyType!,
        earnRate: b.earnRate,
        maxPoints: b.maxPoints ?? null,
        hasMaxPointsEnabled: !!b.hasMaxPointsEnabled,
        minTimeBetweenVisits: b.minTimeBetweenVisits ?? 0,
        storeIds: b.storeIds!,
        posProductIds: b.posProductIds ?? [],
      }
      return card
    }),
    loadOffers: vi.fn(async (input: LoadOffersInput) =>
      offers.filter((o) => input.includeArchived || o.status === 'ACTIVE').map((o) => ({ ...o })),
    ),
    saveOffer: vi.fn(async (input: SaveOfferInput) => {
      const o: LoyaltyOffer = {
        ...offers[0]!,
        id: crypto.randomUUID(),
        ...input.body,
        image: input.body.image ?? null,
        type: input.body.type!,
        value: input.body.value ?? null,
        posProductIds: input.body.posProductIds ?? [],
        productPriority: input.body.productPriority ?? null,
        expirationDate: input.body.expirationDate ?? null,
        status: 'ACTIVE',
        redeemedCount: 0,
      }
      offers.push(o)
      return o
    }),
    changeStatus: vi.fn(async (input: OfferStatusChange) => {
      const o = offers.find((x) => x.id === input.offerId)!
      o.status = input.status
      return { ...o }
    }),
  }
  return { api, offers }
}

function renderLoyalty(b = backend({ card: true }), path = '/pages/loyalty', as = owner) {
  const notices: string[] = []
  const { effects, attach } = routerEffects(notices)
  const clients = createClientsBackend()
  const cardClients = vi.fn(async (query: ClientQuery) => clients.list(query))
  const machines = [
    // The customers tab: the client screens' list on the card's clients.
    ...clientMachinesFor(clients, { cardClients }),
    loyaltyCardMachine.provide({
      actors: {
        loadCard: fromPromise(() => b.api.loadCard()),
        saveCard: fromPromise(({ input }) => b.api.saveCard(input)),
        uploadImage: fromPromise(async () => ({ url: '/files/loyalty/card.png' })),
      },
    }),
    loyaltyOffersMachine.provide({
      actors: {
        loadOffers: fromPromise(({ input }) => b.api.loadOffers(input)),
        saveOffer: fromPromise(({ input }) => b.api.saveOffer(input)),
        changeStatus: fromPromise(({ input }) => b.api.changeStatus(input)),
        uploadImage: fromPromise(async () => ({ url: '/files/loyalty/offer.png' })),
      },
    }),
  ]
  const app = renderShell({
    path,
    as,
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={machines}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  attach(app)
  return { ...app, backend: b, notices, cardClients }
}

const offerNames = async () => {
  const table = await screen.findByRole('table', { name: 'Offers' })
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy', 'true'))
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('strong')?.textContent)
}

describe('loyalty page', () => {
  it('offers to create the card, shows the §5 errors, creates it and the shell follows its type', async () => {
    const { user, backend: b, notices, session } = renderLoyalty(backend())
    expect(await screen.findByRole('heading', { level: 1, name: 'Loyalty' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Create your card' }))
    for (const store of ['Maison Dupont 1', 'Maison Dupont 2'])
      await user.click(screen.getByRole('checkbox', { name: store }))
    await user.click(screen.getByRole('button', { name: 'Create the card' }))
    expect(screen.getByText('No store linked to this card')).toBeInTheDocument()
    expect(screen.getByText('Choose the type of loyalty card.')).toBeInTheDocument()
    expect(b.api.saveCard).not.toHaveBeenCalled()
    await user.type(screen.getByRole('textbox', { name: /^Card name/ }), 'Bagel Club')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loyalty type' }), 'MANUAL_AMOUNT')
    expect(screen.getByRole('textbox', { name: /^Points per whole EUR spent/ })).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Maison Dupont 2' }))
    await user.click(screen.getByRole('button', { name: 'Create the card' }))
    await waitFor(() => expect(notices).toContain('success:loyalty.cardSuccess'))
    expect(b.api.saveCard).toHaveBeenCalledWith({
      cardId: null,
      body: expect.objectContaining({ name: 'Bagel Club', loyaltyType: 'MANUAL_AMOUNT', storeIds: [S2] }),
    })
    // The toolbar's create-sale button reads the franchise's type: it follows without a reload.
    await waitFor(() => expect(toSessionView(session().getSnapshot()).canCreateSale).toBe(true))
    expect(await screen.findByRole('heading', { name: 'Your loyalty card' })).toBeInTheDocument()
    expect(await offerNames()).toEqual(['Café offert', '5 € off'])
  })

  it('creates an offer (validated), archives one after confirming, shows and unarchives it', async () => {
    const { user, backend: b, notices } = renderLoyalty()
    expect(await offerNames()).toEqual(['Café offert', '5 € off'])
    await user.click(screen.getByRole('button', { name: 'New offer' }))
    const dialog = await screen.findByRole('dialog', { name: 'New offer' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Free pastry')
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Too short')
    await user.type(within(dialog).getByRole('textbox', { name: /^Points to redeem/ }), '100')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Offer type' }), 'PERCENTAGE')
    await user.type(within(dialog).getByRole('textbox', { name: 'Percentage off' }), '120')
    await user.click(within(dialog).getByRole('button', { name: 'Create the offer' }))
    expect(within(dialog).getByText('The description has 10 to 80 characters.')).toBeInTheDocument()
    expect(within(dialog).getByText('A percentage cannot be above 100.')).toBeInTheDocument()
    expect(b.api.saveOffer).not.toHaveBeenCalled()
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' for sure!')
    await user.clear(within(dialog).getByRole('textbox', { name: 'Percentage off' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Percentage off' }), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Create the offer' }))
    await waitFor(() => expect(notices).toContain('success:loyalty.offersSuccess'))
    expect(b.api.saveOffer.mock.calls[0]![0].body).toMatchObject({
      type: 'PERCENTAGE',
      value: 20,
      redeemPointAmount: 100,
    })
    await waitFor(async () => expect(await offerNames()).toEqual(['Café offert', 'Free pastry', '5 € off']))

    await user.click(screen.getByRole('button', { name: 'Archive Café offert' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Archive “Café offert”?' })
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }))
    await waitFor(async () => expect(await offerNames()).toEqual(['Free pastry', '5 € off']))
    expect(notices).toContain('success:loyalty.offerStatusSuccess')

    await user.click(screen.getByRole('checkbox', { name: 'Show archived offers' }))
    await waitFor(async () =>
      expect(await offerNames()).toEqual(['Café offert', 'Free pastry', '5 € off', 'Galette']),
    )
    const row = screen.getByRole('row', { name: /Café offert/ })
    expect(within(row).getByText('Archived')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Unarchive Café offert' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unarchive “Café offert”?' })).getByRole('button', {
        name: 'Unarchive',
      }),
    )
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Café offert/ })).getByText('Active'),
      ).toBeInTheDocument(),
    )
  })

  it('edits an offer in the dialog of type edit and warns before closing with changes', async () => {
    const { user, backend: b } = renderLoyalty()
    await offerNames()
    await user.click(screen.getByRole('button', { name: 'Edit 5 € off' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the offer' })
    expect(within(dialog).getByRole('textbox', { name: /^Amount off/ })).toHaveValue('5')
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '!')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    const warn = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(warn).getByRole('button', { name: 'Keep editing' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(b.api.saveOffer).toHaveBeenCalled())
    expect(b.api.saveOffer.mock.calls[0]![0]).toMatchObject({
      offerId: b.offers[1]!.id,
      body: { name: '5 € off!', value: 500 },
    })
  })

  it('guards unsaved card changes when switching to the customers tab, which lists the card clients', async () => {
    const { user, location, cardClients } = renderLoyalty()
    const name = await screen.findByRole('textbox', { name: /^Card name/ })
    await waitFor(() => expect(name).toHaveValue('Carte Dupont'))
    await user.type(name, ' 2')
    await user.click(screen.getByRole('tab', { name: 'Customers' }))
    const warn = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(warn).getByRole('button', { name: 'Keep editing' }))
    expect(screen.getByRole('textbox', { name: /^Card name/ })).toHaveValue('Carte Dupont 2')
    await user.click(screen.getByRole('tab', { name: 'Customers' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }))
    expect(await screen.findByRole('table', { name: /^Clients, sorted by/ })).toBeInTheDocument()
    expect(location.current).toBe('/pages/loyalty?tab=customers')
    await waitFor(() => expect(cardClients).toHaveBeenCalled())
    await user.click(within(screen.getByRole('columnheader', { name: /^Points/ })).getByRole('button'))
    await waitFor(() => expect(location.current).toBe('/pages/loyalty?tab=customers&sort=points'))
    await user.click(screen.getByRole('tab', { name: 'My card' }))
    expect(await screen.findByRole('textbox', { name: /^Card name/ })).toHaveValue('Carte Dupont')
    expect(location.current).toBe('/pages/loyalty')
  })

  it('shows a load failure with a retry', async () => {
    const { user } = renderLoyalty(backend({ card: true, failLoads: 1 }))
    await user.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Your loyalty card' })).toBeInTheDocument()
  })

  it('lets a store owner read the card and offers but not change them', async () => {
    renderLoyalty(backend({ card: true }), '/pages/loyalty', { ...owner, role: 'STORE_OWNER' })
    expect(await offerNames()).toEqual(['Café offert', '5 € off'])
    expect(
      screen.getAllByText('Only the franchise owner can change the card and its offers.').length,
    ).toBeGreaterThan(0)
    expect(screen.getByRole('textbox', { name: /^Card name/ })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'New offer' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save the card' })).not.toBeInTheDocument()
  })

  it('picks POS products when the points of sale report some', async () => {
    const products = [{ id: 'cafe', name: 'Café', priceCents: 180, currencyCode: 'EUR' }]
    const { user, backend: b } = renderLoyalty(backend({ card: true, products }))
    const type = await screen.findByRole('combobox', { name: 'Loyalty type' })
    await waitFor(() => expect(type).toHaveValue('PASSAGE'))
    await user.selectOptions(type, 'POS_PRODUCTS')
    await user.click(screen.getByRole('button', { name: 'Save the card' }))
    expect(screen.getByText('Choose at least one product.')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /Café/ }))
    await user.click(screen.getByRole('button', { name: 'Save the card' }))
    await waitFor(() => expect(b.api.saveCard).toHaveBeenCalled())
    expect(b.api.saveCard.mock.calls[0]![0].body).toMatchObject({
      loyaltyType: 'POS_PRODUCTS',
      posProductIds: ['cafe'],
    })
  })
})

describe('loyalty stories', () => {
  const { default: meta, ...stories } = pageStories
  it.each(Object.entries(stories))('renders %s', (_, story) => {
    const args = { ...meta.args, ...(story as { args?: object }).args } as ComponentProps<typeof LoyaltyPage>
    const { unmount } = renderUi(<LoyaltyPage {...args} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Loyalty' })).toBeInTheDocument()
    unmount()
  })
})

describe('loyalty machine diagrams', () => {
  it.each([
    ['loyaltyCard', loyaltyCardMachine],
    ['loyaltyOffers', loyaltyOffersMachine],
  ] as const)('%s: Mermaid accepts it and it shows every state and actor', async (_, machine) => {
    const source = machineToMermaid(machine)
    await expect(mermaid.parse(source)).resolves.toMatchObject({ diagramType: 'stateDiagram' })
    for (const node of getStateNodes(machine.root)) {
      expect(source).toContain(`state "${node.key}"`)
      for (const invoke of node.invoke) expect(source).toContain(`invoke ${invoke.src}`)
    }
  })
})
