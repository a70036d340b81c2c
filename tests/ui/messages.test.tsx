// The messages-sent page in the signed-in app (real session, shell and messages machine) on an
// in-memory back end: the list, its filters in the address, the empty and failed states, who sees it.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { messagesListMachine } from '../../machines/messages-list/messages-list.list'
import type { LocationSource } from '../../machines/paged-list/paged-list.actors'
import { ApiError } from '../../src/api/client'
import type { MessageQuery } from '../../src/api/messages'
import type { MessagePage, MessageRow } from '../../src/domain/messages'
import { AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import type { HarnessLocation } from '../support/session-harness'
import { chooseOptions } from './clients-support'
import { renderShell, storeOwner } from './shell-support'

const FRANCHISE = '11111111-1111-4111-8111-111111111111'
const CAMPAIGN = '66666666-6666-4666-8666-666666666666'

function createBackend() {
  const rows: MessageRow[] = [
    {
      id: '77777777-7777-4777-8777-000000000001',
      channel: 'sms',
      recipient: '+33611110000',
      subject: 'DUPONT',
      body: 'Maison Dupont: +10 points',
      origin: 'scanConfirmation',
      campaign: null,
      status: 'DELIVERED_LOCALLY',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
    {
      id: '77777777-7777-4777-8777-000000000002',
      channel: 'push',
      // A push names its client (the server reads it from the client the app address stands for).
      recipient: 'Zoé Martin',
      subject: 'Happy hour',
      body: 'Two for one',
      origin: 'campaign',
      campaign: { id: CAMPAIGN, name: 'Soldes' },
      status: 'SENT',
      createdAt: '2026-11-24T09:00:00.000Z',
    },
  ]
  const backend = {
    rows,
    fail: false,
    list: vi.fn(async (franchiseId: string, q: MessageQuery): Promise<MessagePage> => {
      if (backend.fail) throw new ApiError(500, 'INTERNAL_ERROR', 'down')
      expect(franchiseId).toBe(FRANCHISE)
      const found = rows.filter(
        (r) =>
          (!q.channel || r.channel === q.channel) &&
          (!q.campaignId || r.campaign?.id === q.campaignId) &&
          (r.recipient ?? '').includes(q.search),
      )
      return {
        data: found.slice((q.page - 1) * q.size, q.page * q.size),
        metadata: { page: q.page, size: q.size, total: found.length },
        campaigns: [{ id: CAMPAIGN, name: 'Soldes' }],
      }
    }),
  }
  return backend
}
let backend: ReturnType<typeof createBackend>

function renderMessages({
  path = '/pages/messages',
  as,
  locale = 'en',
}: {
  path?: string
  as?: ReturnType<typeof storeOwner>
  locale?: 'en' | 'fr'
} = {}) {
  let router: HarnessLocation | null = null
  const listeners = new Set<() => void>()
  const location: LocationSource = {
    read: () => router?.location ?? { path: '', search: '' },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const machine = messagesListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => ({
        requestId: input.requestId,
        page: await backend.list(input.params.franchiseId, input.query),
      })),
    },
  })
  // The address is the memory router's: the list reads and writes it there.
  const effects = {
    ...browserEffects,
    location,
    navigate: (to: string, o?: { replace?: boolean }) => router!.navigate(to, o),
  }
  const app = renderShell({
    path,
    locale,
    ...(as ? { as } : {}),
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={[machine]}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  router = app.location
  app.location.subscribe(() => {
    for (const listener of listeners) listener()
  })
  return app
}

async function rows() {
  const table = await screen.findByRole('table', { name: 'Messages sent' })
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'))
  return within(table).getAllByRole('row').slice(1)
}

describe('messages sent page', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('lists what went out: channel, recipient, text, origin and status', async () => {
    renderMessages()
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages sent' })).toBeInTheDocument()
    const [scan, push] = await rows()
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells(scan!).slice(1)).toEqual([
      'SMS',
      '+33611110000',
      'From DUPONTMaison Dupont: +10 points',
      'Points confirmation (scan page)',
      'Kept locally (test mode)',
    ])
    expect(cells(push!).slice(1)).toEqual(['Push', 'Zoé Martin', 'Happy hourTwo for one', 'Soldes', 'Sent'])
    expect(screen.getByText('2 messages')).toBeInTheDocument()
    // The navigation offers the page to the franchise owner.
    expect(screen.getByRole('link', { name: 'Messages sent' })).toBeInTheDocument()
  })

  // Issue 34: a push's row showed its device id; the server now names the client, or none when gone.
  it.each([
    ['en', 'Deleted or erased client'],
    ['fr', 'Client supprimé ou effacé'],
  ] as const)('says (%s) that a push’s client is gone rather than show an id', async (locale, text) => {
    backend.rows[1]!.recipient = null
    renderMessages({ locale })
    const cell = (await screen.findByText(text)).closest('td')!
    expect(cell).toHaveTextContent(new RegExp(`^${text}$`))
    expect(cell.closest('tr')).toHaveTextContent('Happy hour')
  })

  it('filters by channel and campaign through the address, and clears the filters', async () => {
    const { user, location } = renderMessages()
    await rows()
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Channel' }), ['Push'])
    await waitFor(() => expect(location.current).toBe('/pages/messages?channel=push'))
    expect(await rows()).toHaveLength(1)
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Campaign or automation' }), ['Soldes'])
    await waitFor(() => expect(location.current).toBe(`/pages/messages?channel=push&campaign=${CAMPAIGN}`))
    expect(backend.list).toHaveBeenLastCalledWith(FRANCHISE, {
      page: 1,
      size: 20,
      search: '',
      channel: 'push',
      campaignId: CAMPAIGN,
    })
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Channel' }), ['SMS'])
    expect(await screen.findByRole('heading', { name: 'No message for these filters' })).toBeInTheDocument()
    const empty = screen.getByRole('heading', { name: 'No message for these filters' }).parentElement!
      .parentElement!
    await user.click(within(empty).getByRole('button', { name: 'Clear the filters' }))
    await waitFor(() => expect(location.current).toBe('/pages/messages'))
    expect(await rows()).toHaveLength(2)
  })

  it('searches a recipient', async () => {
    const { user, location } = renderMessages()
    await rows()
    await user.type(screen.getByRole('searchbox', { name: 'Recipient' }), '6111{Enter}')
    await waitFor(() => expect(location.current).toBe('/pages/messages?search=6111'))
    await waitFor(async () => expect(await rows()).toHaveLength(1))
    expect(backend.list).toHaveBeenLastCalledWith(FRANCHISE, expect.objectContaining({ search: '6111' }))
  })

  it('says when nothing was sent yet, and retries a failed load', async () => {
    backend.rows.splice(0)
    backend.fail = true
    const { user } = renderMessages()
    expect(await screen.findByRole('alert')).toHaveTextContent('The messages could not be loaded.')
    backend.fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'No message sent yet' })).toBeInTheDocument()
  })

  it('is not offered to a store owner', async () => {
    renderMessages({ path: '/pages/dashboards/analytics', as: storeOwner() })
    await screen.findByRole('navigation')
    expect(screen.queryByRole('link', { name: 'Messages sent' })).not.toBeInTheDocument()
    expect(backend.list).not.toHaveBeenCalled()
  })
})
