import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { satisfactionMachine } from '../../machines/satisfaction/satisfaction.machine'
import type { ListOpinionsInput, SaveReplyInput } from '../../machines/store-opinions/store-opinions.machine'
import { storeOpinionsMachine } from '../../machines/store-opinions/store-opinions.machine'
import { ApiError } from '../../src/api/client'
import type { Opinion, OpinionPage, Satisfaction } from '../../src/domain/opinions'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { RecordNotices } from '../support/notices'
import { NO_OPINION, opinions, page, STORE_A, STORE_B, satisfactionOf } from '../support/opinions-fixtures'
import { renderShell, resetBrowser } from './shell-support'

/** An in-memory back end whose calls are spied on; `fail` makes the next calls fail. */
function backend(
  byStore: Record<string, Opinion[]> = { [STORE_A]: opinions(14), [STORE_B]: opinions(6, STORE_B) },
) {
  const state = { fail: false, failReply: false }
  const api = {
    state,
    satisfaction: vi.fn(async (storeId: string | null): Promise<Satisfaction> => {
      if (state.fail) throw new ApiError(500, 'INTERNAL', 'down')
      return satisfactionOf(byStore, storeId)
    }),
    list: vi.fn(async (q: ListOpinionsInput): Promise<OpinionPage> => {
      if (state.fail) throw new ApiError(500, 'INTERNAL', 'down')
      return page(byStore[q.storeId] ?? [], q.page, q.size, q.rating)
    }),
    reply: vi.fn(async (r: SaveReplyInput): Promise<Opinion> => {
      if (state.failReply) throw new ApiError(500, 'INTERNAL', 'down')
      const list = byStore[r.storeId]!
      const i = list.findIndex((o) => o.id === r.opinionId)
      list[i] = { ...list[i]!, reply: r.reply, repliedAt: new Date().toISOString() }
      return list[i]!
    }),
  }
  return api
}

function renderOpinions(path: string, api = backend()) {
  const notices: string[] = []
  const machines = [
    satisfactionMachine.provide({
      actors: { loadSatisfaction: fromPromise(({ input }) => api.satisfaction(input.storeId)) },
    }),
    storeOpinionsMachine.provide({
      actors: {
        listOpinions: fromPromise(({ input }) => api.list(input)),
        saveReply: fromPromise(({ input }) => api.reply(input)),
      },
    }),
  ]
  const app = renderShell({
    path,
    wrap: (routes) => (
      <RecordNotices notices={notices}>
        <ProvidedMachines machines={machines}>{routes}</ProvidedMachines>
      </RecordNotices>
    ),
  })
  return { ...app, api, notices }
}

const opinionList = () => screen.findByRole('region', { name: 'Opinions of the store' })

describe('satisfaction page', () => {
  it('shows each store’s average with stars and its distribution, the total, and recent opinions', async () => {
    const { api } = renderOpinions('/pages/satisfaction')
    expect(await screen.findByRole('heading', { level: 1, name: 'Satisfaction' })).toBeInTheDocument()
    const byStore = await screen.findByRole('region', { name: 'By store' })
    const paris = within(byStore).getByRole('article', { name: 'Maison Dupont — Paris Marais' })
    const expected = satisfactionOf({ [STORE_A]: opinions(14) }).stores[0]!
    expect(within(paris).getByText(expected.average!.toFixed(1))).toBeInTheDocument()
    expect(within(paris).getByRole('img', { name: `${expected.average} out of 5` })).toBeInTheDocument()
    expect(within(paris).getByText('14 opinions')).toBeInTheDocument()
    const bars = within(paris).getByRole('list', { name: /Distribution of the ratings/ })
    expect(within(bars).getAllByRole('listitem')).toHaveLength(5)
    expect(within(bars).getAllByRole('listitem')[0]).toHaveAccessibleName(/^5 stars: \d+ \(\d+ %\)$/)
    expect(screen.getByRole('article', { name: 'All stores' })).toHaveTextContent('20 opinions')
    expect(
      within(paris).getByRole('link', { name: 'Opinions of Maison Dupont — Paris Marais' }),
    ).toHaveAttribute('href', `/pages/stores/${STORE_A}/opinions`)
    const recent = screen.getByRole('region', { name: 'Recent opinions' })
    expect(within(recent).getAllByRole('article')).toHaveLength(10)
    expect(api.satisfaction).toHaveBeenCalledWith(null)
  })

  it('narrows the recent opinions to a store', async () => {
    const { user, api } = renderOpinions('/pages/satisfaction')
    await screen.findByRole('region', { name: 'Recent opinions' })
    await user.click(screen.getByRole('combobox', { name: 'Store' }))
    await user.click(await screen.findByRole('option', { name: 'Maison Dupont — Lyon Presqu’île' }))
    await waitFor(() => expect(api.satisfaction).toHaveBeenLastCalledWith(STORE_B))
    const recent = screen.getByRole('region', { name: 'Recent opinions' })
    await waitFor(() => expect(within(recent).getAllByRole('article')).toHaveLength(6))
  })

  it('says "no opinion yet", and offers a retry after a failure', async () => {
    const api = backend()
    api.satisfaction.mockResolvedValueOnce(NO_OPINION)
    renderOpinions('/pages/satisfaction', api)
    expect(await screen.findByRole('heading', { name: 'No opinion yet' })).toBeInTheDocument()

    resetBrowser()
    const failing = backend()
    failing.state.fail = true
    const { user } = renderOpinions('/pages/satisfaction', failing)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The opinions could not be loaded.')
    failing.state.fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('region', { name: 'By store' })).toBeInTheDocument()
  })
})

describe('store opinions page', () => {
  it('lists the opinions newest first with rating, comment, date and reply, and pages', async () => {
    const { user, api } = renderOpinions(`/pages/stores/${STORE_A}/opinions`)
    expect(await screen.findByRole('heading', { level: 1, name: /^Opinions · / })).toBeInTheDocument()
    const list = await opinionList()
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(10))
    const first = within(list).getAllByRole('article')[0]!
    expect(within(first).getByRole('img', { name: '4 out of 5' })).toBeInTheDocument()
    expect(first).toHaveTextContent('Un peu d’attente le samedi matin.')
    expect(within(first).getByText(/^\d\d\/\d\d\/\d{4}$/)).toBeInTheDocument()
    const replied = within(list).getAllByRole('article')[2]!
    expect(replied).toHaveTextContent('Merci pour votre retour !')
    expect(within(replied).getByRole('button', { name: /^Reply to the opinion of/ })).toHaveTextContent(
      'Edit the reply',
    )
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(4))
    expect(api.list).toHaveBeenLastCalledWith({ storeId: STORE_A, page: 2, size: 10, rating: null })
  })

  it('filters by rating and says when none matches', async () => {
    const { user, api } = renderOpinions(`/pages/stores/${STORE_A}/opinions`)
    await opinionList()
    await user.click(screen.getByRole('combobox', { name: 'Rating' }))
    await user.click(await screen.findByRole('option', { name: '1 star' }))
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ rating: 1 })))
    await waitFor(async () => expect(within(await opinionList()).getAllByRole('article')).toHaveLength(3))
    api.list.mockResolvedValueOnce(page([], 1))
    await user.click(screen.getByRole('combobox', { name: 'Rating' }))
    await user.click(await screen.findByRole('option', { name: '2 stars' }))
    expect(await screen.findByRole('heading', { name: 'No opinion with this rating' })).toBeInTheDocument()
  })

  it('replies to an opinion with the keyboard and shows the reply', async () => {
    const { user, api, notices } = renderOpinions(`/pages/stores/${STORE_A}/opinions`)
    const list = await opinionList()
    const target = (await within(list).findAllByRole('article'))[0]!
    await user.click(within(target).getByRole('button', { name: /^Reply to the opinion of/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Reply to an opinion' })
    const publish = within(dialog).getByRole('button', { name: 'Publish the reply' })
    expect(publish).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), '  Merci, à bientôt !  ')
    expect(publish).toBeEnabled()
    await user.click(publish)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.reply).toHaveBeenCalledWith({
      storeId: STORE_A,
      opinionId: opinions(1)[0]!.id,
      reply: 'Merci, à bientôt !',
    })
    expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Merci, à bientôt !')
    expect(notices).toEqual(['success:pages.storeOpinions.reply.saved'])
  })

  it('keeps the dialog and the text when the reply fails, and cancels', async () => {
    const api = backend()
    api.state.failReply = true
    const { user } = renderOpinions(`/pages/stores/${STORE_A}/opinions`, api)
    const list = await opinionList()
    const target = (await within(list).findAllByRole('article'))[1]!
    await user.click(within(target).getByRole('button', { name: /^Reply to the opinion of/ }))
    const dialog = await screen.findByRole('dialog')
    const box = within(dialog).getByRole('textbox', { name: 'Your reply' })
    await user.type(box, 'Désolés{Enter}')
    await user.click(within(dialog).getByRole('button', { name: 'Publish the reply' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.')
    expect(box).toHaveValue('Désolés\n')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(list).getAllByRole('article')[1]).not.toHaveTextContent('Désolés')
  })

  it('says "no opinion yet" for a store without any', async () => {
    renderOpinions(`/pages/stores/${STORE_A}/opinions`, backend({ [STORE_A]: [] }))
    expect(await screen.findByRole('heading', { name: 'No opinion yet' })).toBeInTheDocument()
  })
})
