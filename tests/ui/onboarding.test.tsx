// The dashboard's getting-started checklist (issue 34 item 4), driven like a new franchise owner on an
// in-memory back end, in English and French: the steps the server says are done are ticked, each step
// not done leads where it is done (the card, the store's tags for the QR poster), "Create a sale" opens
// the sale dialog and, once it closes, the checklist asks the server again and goes when all is done.
// A failed load offers a retry; "Hide this list" hides it for good; a store owner gets no checklist.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type AnyActorLogic, fromPromise } from 'xstate'
import { analyticsMachine } from '../../machines/analytics/analytics.machine'
import { ANALYTICS_CARDS, CARD_ACTORS, type CardData } from '../../machines/analytics/cards'
import { ticker } from '../../machines/create-sale/create-sale.actors'
import { createSaleMachine } from '../../machines/create-sale/create-sale.machine'
import { onboardingMachine } from '../../machines/onboarding/onboarding.machine'
import { ApiError } from '../../src/api/client'
import { readKey } from '../../src/api/storage'
import type { OnboardingStatus } from '../../src/domain/onboarding'
import type { Tag } from '../../src/domain/sale'
import { GettingStarted } from '../../src/features/analytics/GettingStarted'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import meta, * as stories from '../../stories/analytics/GettingStarted.stories'
import { EMPTY_FIXTURES } from '../support/analytics-fixtures'
import { account } from '../support/fixtures'
import { renderUi } from './render'
import { manualAmountOwner, renderShell, storeOwner } from './shell-support'

const FID = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-000000000001'
const steps = (card: boolean, sale: boolean): OnboardingStatus => ({
  franchiseId: FID,
  steps: { store: true, card, poster: true, sale },
  posterStoreId: STORE,
})

/** The server's answers in turn (the last one repeats); `fail`: the first calls fail. */
function backend(answers: OnboardingStatus[], fail = 0) {
  const calls: (string | null)[] = []
  let failures = fail
  // The owner's "hide" is the machine's own: kept in local storage, which the ui setup clears before each test.
  const onboarding = onboardingMachine.provide({
    actors: {
      loadOnboarding: fromPromise(async ({ input }: { input: { franchiseId: string | null } }) => {
        calls.push(input.franchiseId)
        if (failures-- > 0) throw new ApiError(500, 'HTTP_500', 'down')
        return answers[Math.min(calls.length - 1 - fail, answers.length - 1)]!
      }),
    },
  })
  const actors: Record<string, AnyActorLogic> = {}
  for (const card of ANALYTICS_CARDS)
    actors[CARD_ACTORS[card]] = fromPromise(async () => EMPTY_FIXTURES[card as keyof CardData])
  const tag: Tag = {
    id: '44444444-4444-4444-8444-000000000001',
    tagId: 'uid1abcdefg',
    name: 'Maison Dupont 1',
    storeId: STORE,
    passages: 0,
    resetDelay: 180,
    manualPointsInfo: null,
  }
  const sale = createSaleMachine.provide({
    // Only the tags are read here: the dialog is opened and closed, no sale is sent.
    actors: {
      loadTags: fromPromise(async () => ({ data: [tag], metadata: { page: 1, size: 1, total: 1 } })),
      ticker,
    },
    actions: { saveSelection: () => {} },
  })
  return { calls, onboarding, analytics: analyticsMachine.provide({ actors: actors as never }), sale }
}

function renderDashboard(
  b: ReturnType<typeof backend>,
  options: { locale?: 'en' | 'fr'; as?: ReturnType<typeof account> } = {},
) {
  return renderShell({
    path: '/pages/dashboards/analytics',
    locale: options.locale ?? 'en',
    as: options.as ?? manualAmountOwner(),
    wrap: (routes) => (
      <ProvidedMachines machines={[b.analytics, b.sale, b.onboarding]}>{routes}</ProvidedMachines>
    ),
  })
}

const stepItem = (list: HTMLElement, title: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title))!

describe('getting-started checklist', () => {
  it('ticks what the server says is done and leads to each next step; a first sale makes it go', async () => {
    // The first store is made (with its tag); the card and the sale are not; then the owner sets the
    // card up elsewhere and makes a sale here: the next answer has every step done.
    const b = backend([steps(false, false), steps(true, true)])
    const { user } = renderDashboard(b)
    const box = await screen.findByRole('region', { name: 'Getting started' })
    expect(b.calls).toEqual([FID])
    expect(within(box).getByText('2 of 4 steps done')).toBeInTheDocument()
    const list = within(box).getByRole('list')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.step),
    ).toEqual(['store', 'card', 'poster', 'sale'])
    const store = stepItem(list, 'Create your first store')
    expect(store).toHaveTextContent('(Done)')
    expect(within(store).queryByRole('link')).toBeNull()
    const poster = stepItem(list, 'Print your tag’s QR poster')
    expect(poster).toHaveTextContent('(Done)')
    const card = stepItem(list, 'Set up your loyalty card')
    expect(card).toHaveTextContent('(To do)')
    expect(within(card).getByRole('link', { name: 'Set up the card' })).toHaveAttribute(
      'href',
      '/pages/loyalty',
    )

    // "Create a sale" opens the sale dialog on the store; closing it asks the server again.
    const sale = stepItem(list, 'Make your first sale')
    expect(sale).toHaveTextContent('(To do)')
    expect(sale).toHaveTextContent('Enter the amount of a sale')
    await user.click(within(sale).getByRole('button', { name: 'Create a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a sale' })
    expect(await within(dialog).findByRole('radio', { name: 'Maison Dupont 1' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull())
    expect(b.calls).toEqual([FID, FID])
    // The dashboard stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
  })

  it('leads to the store’s tags for the poster, and to the clients for a sale without an amount card', async () => {
    const b = backend([
      {
        franchiseId: FID,
        steps: { store: true, card: true, poster: false, sale: false },
        posterStoreId: STORE,
      },
    ])
    const { user, location } = renderDashboard(b, { as: account('owner') })
    const box = await screen.findByRole('region', { name: 'Getting started' })
    const list = within(box).getByRole('list')
    const sale = stepItem(list, 'Make your first sale')
    expect(sale).toHaveTextContent('Record a sale on a client’s page')
    expect(within(sale).getByRole('link', { name: 'Open the clients' })).toHaveAttribute(
      'href',
      '/pages/user/clients',
    )
    const poster = stepItem(list, 'Print your tag’s QR poster')
    await user.click(within(poster).getByRole('link', { name: 'Open the tags' }))
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/pages/stores/${STORE}`))
  })

  it('says it in French', async () => {
    const b = backend([steps(false, false)])
    renderDashboard(b, { locale: 'fr' })
    const box = await screen.findByRole('region', { name: 'Premiers pas' })
    expect(within(box).getByText(/^2\sétapes terminées sur 4$/)).toBeInTheDocument()
    const list = within(box).getByRole('list')
    const card = stepItem(list, 'Configurez votre carte de fidélité')
    expect(card).toHaveTextContent('(À faire)')
    expect(within(card).getByRole('link', { name: 'Configurer la carte' })).toBeInTheDocument()
    expect(stepItem(list, 'Créez votre premier magasin')).toHaveTextContent('(Fait)')
    expect(
      within(stepItem(list, 'Faites votre première vente')).getByRole('button', { name: 'Créer une vente' }),
    ).toBeInTheDocument()
    expect(within(box).getByRole('button', { name: 'Masquer cette liste' })).toBeInTheDocument()
  })

  it('offers a retry when the steps cannot be loaded', async () => {
    const b = backend([steps(false, false)], 1)
    const { user } = renderDashboard(b)
    const box = await screen.findByRole('region', { name: 'Getting started' })
    const alert = await within(box).findByRole('alert')
    expect(alert).toHaveTextContent('Your first steps could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    // Asked again: the list replaces the failure.
    expect(await screen.findByText('2 of 4 steps done')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(b.calls).toEqual([FID, FID])
  })

  it('offers a retry in French', async () => {
    renderDashboard(backend([steps(false, false)], 1), { locale: 'fr' })
    const box = await screen.findByRole('region', { name: 'Premiers pas' })
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'Vos premiers pas n’ont pas pu être chargés.',
    )
  })

  it('hides for good when the owner hides it', async () => {
    const b = backend([steps(false, false)])
    const { user, unmount } = renderDashboard(b)
    const box = await screen.findByRole('region', { name: 'Getting started' })
    await user.click(within(box).getByRole('button', { name: 'Hide this list' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull())
    expect(readKey('onboardingHidden')).toBe(FID)
    unmount()
    renderDashboard(b)
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    expect(b.calls).toEqual([FID])
  })

  it('shows nothing once every step is done, and nothing to a store owner', async () => {
    const done = backend([steps(true, true)])
    const { unmount } = renderDashboard(done)
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    await waitFor(() => expect(done.calls).toEqual([FID]))
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    unmount()
    const store = backend([steps(false, false)])
    renderDashboard(store, { as: storeOwner() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    expect(store.calls).toEqual([])
  })
})

describe('getting-started stories', () => {
  const story = (name: keyof typeof stories) =>
    renderUi(<GettingStarted {...meta.args} {...(stories[name] as { args?: object }).args} />)

  it.each([
    ['AfterFirstStore', '2 of 4 steps done', 'Set up the card'],
    ['NothingYet', '0 of 4 steps done', 'Add a store'],
    ['SaleLeft', '3 of 4 steps done', 'Open the clients'],
    ['Refreshing', '3 of 4 steps done', 'Create a sale'],
  ] as const)('renders the %s story', (name, progress, next) => {
    const { unmount } = story(name)
    const box = screen.getByRole('region', { name: 'Getting started' })
    expect(within(box).getByText(progress)).toBeInTheDocument()
    expect(
      within(box).getByRole(next === 'Create a sale' ? 'button' : 'link', { name: next }),
    ).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-busy', String(name === 'Refreshing'))
    unmount()
  })

  it('renders the Failed story with its retry', () => {
    story('Failed')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Your first steps could not be loaded.')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
