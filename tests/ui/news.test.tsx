// The news page in the signed-in app (real session, shell, news list, dialogs and editor machines) on an
// in-memory back end: the editor's §5 field errors and the 409 offers listed, stop with confirmation.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { newsEditorMachine } from '../../machines/news-editor/news-editor.machine'
import { newsActionsMachine } from '../../machines/news-list/news-actions.machine'
import { newsListMachine } from '../../machines/news-list/news-list.list'
import { ApiError } from '../../src/api/client'
import type { NewsInput, NewsItem } from '../../src/domain/news'
import { todayIn } from '../../src/domain/today'
import { AppEffectsProvider } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { routerEffects } from '../support/router-effects'
import { renderUi } from './render'
import { renderShell } from './shell-support'

const FID = '11111111-1111-4111-8111-111111111111'
const TODAY = todayIn('Europe/Paris')

const item = (n: number, over: Partial<NewsItem> = {}): NewsItem => ({
  id: `66666666-6666-4666-8666-00000000000${n}`,
  franchiseId: FID,
  storeIds: [],
  name: `Offer ${n}`,
  type: 'news',
  description: '',
  priceCents: null,
  currencyCode: 'EUR',
  startDate: TODAY,
  endDate: TODAY,
  happyHourStart: null,
  happyHourEnd: null,
  drinkType: null,
  customersOnly: false,
  isStopped: false,
  status: 'published',
  canEdit: true,
  dateCreated: '2026-11-01T10:00:00.000Z',
  ...over,
})

function createBackend() {
  const rows = [item(1), item(2, { name: 'Brunch', status: 'upcoming' })]
  const backend = {
    rows,
    full: true,
    list: vi.fn(async () => ({
      data: rows,
      metadata: { page: 1, size: 10, total: rows.length },
      maxConcurrent: 2,
      today: TODAY,
      timezone: 'Europe/Paris',
    })),
    save: vi.fn(async (body: NewsInput): Promise<NewsItem> => {
      if (backend.full)
        throw new ApiError(409, 'NEWS_LIMIT_REACHED', 'full', {
          limit: 2,
          conflicts: rows.map((r) => ({
            id: r.id,
            name: r.name,
            startDate: r.startDate,
            endDate: r.endDate,
          })),
        })
      const created = item(3, { ...body, name: body.name, type: body.type } as Partial<NewsItem>)
      rows.unshift(created)
      return created
    }),
    act: vi.fn(async (_: { id: string; action: string }) => {
      rows[0] = { ...rows[0]!, isStopped: true, status: 'unpublished' }
      return rows[0]
    }),
  }
  return backend
}
let backend: ReturnType<typeof createBackend>

function renderNews() {
  const notices: string[] = []
  const { effects, attach } = routerEffects(notices)
  const machines = [
    newsListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }) => ({
          requestId: input.requestId,
          page: await backend.list(),
        })),
      },
    }),
    newsActionsMachine.provide({
      actors: {
        actOnNews: fromPromise(({ input }) => backend.act(input)),
        newsEditor: newsEditorMachine.provide({
          actors: { saveNews: fromPromise(({ input }) => backend.save(input.body)) },
        }),
      },
    }),
  ]
  const app = renderShell({
    path: '/pages/news',
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={machines}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  attach(app)
  return { ...app, notices }
}

describe('news page', () => {
  beforeEach(() => {
    backend = createBackend()
  })

  it('lists the items with their statuses and the limit of offers at once', async () => {
    renderNews()
    expect(await screen.findByRole('heading', { level: 1, name: 'News and happy hours' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'News and happy hours' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).getByText('Published')).toBeInTheDocument()
    expect(within(table).getByText('Upcoming')).toBeInTheDocument()
    expect(screen.getByText('2 items · at most 2 at once per store')).toBeInTheDocument()
  })

  it('shows the field errors after a save, then the 409 offers running at once, then saves', async () => {
    const user = userEvent.setup()
    const { notices } = renderNews()
    await user.click(await screen.findByRole('button', { name: 'New item' }))
    const dialog = await screen.findByRole('dialog', { name: 'New news item or happy hour' })
    expect(within(dialog).queryByText('Enter a name.')).toBeNull()
    await user.clear(within(dialog).getByLabelText(/Ends at/))
    await user.type(within(dialog).getByRole('textbox', { name: /Price/ }), '4,555')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter the end time of the happy hour.')).toBeInTheDocument()
    expect(within(dialog).getByText(/at most 2 decimals/)).toBeInTheDocument()
    expect(backend.save).not.toHaveBeenCalled()

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Apéro')
    expect(within(dialog).queryByText('Enter a name.')).toBeNull()
    await user.type(within(dialog).getByLabelText(/Ends at/), '20:00')
    await user.clear(within(dialog).getByRole('textbox', { name: /Price/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Price/ }), '4,50')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Too many offers at once: at most 2 may run on the same day in a store.')
    const conflicts = within(alert).getByRole('list', { name: 'Already running at once:' })
    expect(
      within(conflicts)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(',')[0]),
    ).toEqual(['Offer 1', 'Brunch'])
    expect(backend.save).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Apéro', type: 'happy-hours', priceCents: 450, happyHourEnd: '20:00' }),
    )

    backend.full = false
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New news item or happy hour' })).toBeNull(),
    )
    expect(notices).toContain('success:news.success.created')
    await waitFor(() => expect(backend.list).toHaveBeenCalledTimes(2))
  })

  it('stops broadcasting only after the confirmation', async () => {
    const user = userEvent.setup()
    const { notices } = renderNews()
    await user.click(await screen.findByRole('button', { name: 'Stop broadcasting Offer 1' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Stop broadcasting?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(backend.act).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Stop broadcasting Offer 1' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(notices).toContain('success:news.success.stop'))
    expect(backend.act).toHaveBeenCalledWith({ id: item(1).id, action: 'stop' })
    expect(await within(screen.getByRole('table')).findByText('Unpublished')).toBeInTheDocument()
  })
})

describe('news stories', () => {
  it('render every state of the page, the editor and the calendar with no missing message', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const pages = await import('../../stories/news/News.stories')
    const editors = await import('../../stories/news/NewsEditor.stories')
    const calendars = await import('../../stories/news/Calendar.stories')
    for (const [mod, heading] of [
      [pages, 'News and happy hours'],
      [calendars, 'Offers calendar'],
    ] as const) {
      const { default: meta, ...named } = mod
      for (const [name, story] of Object.entries(named)) {
        const args = { ...meta.args, ...(story as { args?: object }).args }
        const Component = meta.component as (p: typeof args) => React.JSX.Element
        const { unmount } = renderUi(<Component {...args} />)
        expect(screen.getByRole('heading', { level: 1, name: heading }), name).toBeInTheDocument()
        unmount()
      }
    }
    const { default: meta, ...named } = editors
    for (const [name, story] of Object.entries(named)) {
      const args = { ...meta.args, ...(story as { args?: object }).args }
      const { unmount } = renderUi(<meta.component {...(args as typeof meta.args)} />)
      expect(await screen.findByRole('dialog'), name).toBeInTheDocument()
      unmount()
    }
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
