// Model-based tests of the news page's machines (issue 19): the list (query in the address, the paged
// lists' rules, the confirmations) and the editor (§5 field errors, the 409 conflicts). Paths come from
// xstate/graph; each path's end is checked for what the page must show there.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { editorErrors, newsEditorMachine, toNewsEditorView } from '../../machines/news-editor'
import {
  DEFAULT_NEWS_QUERY,
  type ListNewsInput,
  newsListMachine,
  parseNewsQuery,
  serializeNewsQuery,
  toNewsListView,
} from '../../machines/news-list'
import { ApiError } from '../../src/api/client'
import { NEWS_PAGE_SIZES, type NewsItem, type NewsPage } from '../../src/domain/news'
import { expectEveryStateReached, generatePaths } from '../support/model'
import {
  type Answers,
  answerLatest,
  type Call,
  expectListCalls,
  listAnswers,
  listPaths,
  recording,
  replayFollowingAddress,
} from './paged-list-support'

const FID = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-222222222222'
const stores = [{ id: STORE, name: 'Paris' }]
const input = { location: '', franchiseId: FID, today: '2026-11-25', stores, isStoreOwner: false }
const ITEM: NewsItem = {
  id: '33333333-3333-4333-8333-333333333333',
  franchiseId: FID,
  storeIds: [],
  name: 'Apéro',
  type: 'happy-hours',
  description: '',
  priceCents: 650,
  currencyCode: 'EUR',
  startDate: '2026-11-20',
  endDate: '2026-12-20',
  happyHourStart: '18:00',
  happyHourEnd: '20:00',
  drinkType: null,
  customersOnly: false,
  isStopped: false,
  status: 'published',
  canEdit: true,
  dateCreated: '2026-11-20T10:00:00.000Z',
}
const STOPPED: NewsItem = {
  ...ITEM,
  id: '44444444-4444-4444-8444-444444444444',
  isStopped: true,
  status: 'unpublished',
}
const READ_ONLY: NewsItem = { ...ITEM, id: '55555555-5555-4555-8555-555555555555', canEdit: false }
const page = (data: NewsItem[]): NewsPage => ({
  data,
  metadata: { page: 1, size: 10, total: data.length },
  maxConcurrent: 3,
  today: '2026-11-25',
  timezone: 'Europe/Paris',
})
const PAGE = page([ITEM, STOPPED, READ_ONLY])
const CONFLICTS = [{ id: ITEM.id, name: 'Apéro', startDate: '2026-11-20', endDate: '2026-12-20' }]
const LIMIT = new ApiError(409, 'NEWS_LIMIT_REACHED', 'too many', { limit: 3, conflicts: CONFLICTS })

type Effects = { urls: string[]; notices: string[]; calls: Call[] }
const noEffects = (): Effects => ({ urls: [], notices: [], calls: [] })

function harness(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return newsListMachine.provide({
    actors: {
      listNews: record('listNews'),
      actOnNews: record('actOnNews'),
      newsEditor: newsEditorMachine.provide({ actors: { saveNews: record('saveNews') } }),
      watchLocation: fromCallback(() => () => {}),
    },
    actions: {
      writeUrl: (_, p: { search: string }) => effects.urls.push(p.search),
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
    },
  })
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const listEvents = (state: any) => [
  { type: 'query.change', location: '?status=upcoming&page=2' },
  { type: 'news.status', status: 'expired' },
  { type: 'news.status', status: null },
  { type: 'news.status', status: 'bogus' },
  { type: 'news.page', page: 2 },
  { type: 'news.size', size: 20 },
  { type: 'news.size', size: 7 },
  { type: 'news.retry' },
  ...listAnswers('listNews', state.context.requestId, {
    page: PAGE,
    empty: page([]),
    error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
  }),
]

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const dialogEvents = (state: any) => [
  { type: 'xstate.done.actor.listNews', output: { requestId: state.context.requestId, page: PAGE } },
  { type: 'news.create' },
  { type: 'news.edit', id: ITEM.id },
  { type: 'news.edit', id: READ_ONLY.id },
  { type: 'news.stop', id: ITEM.id },
  { type: 'news.stop', id: STOPPED.id },
  { type: 'news.restart', id: STOPPED.id },
  { type: 'news.delete', id: READ_ONLY.id },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  { type: 'xstate.done.actor.newsEditor', output: { item: ITEM } },
  { type: 'xstate.done.actor.newsEditor', output: { item: null } },
  { type: 'xstate.done.actor.actOnNews', output: ITEM },
  { type: 'xstate.error.actor.actOnNews', error: LIMIT },
  { type: 'xstate.error.actor.actOnNews', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
]

describe('news list query (pure)', () => {
  it('reads defaults for missing or malformed values and round-trips through the address', () => {
    expect(parseNewsQuery('')).toEqual(DEFAULT_NEWS_QUERY)
    expect(parseNewsQuery('?status=live&page=0&size=7')).toEqual(DEFAULT_NEWS_QUERY)
    const q = { status: 'premium' as const, page: 3, size: 50 as const }
    expect(serializeNewsQuery(q)).toBe('?status=premium&page=3&size=50')
    expect(parseNewsQuery(serializeNewsQuery(q))).toEqual(q)
    expect(serializeNewsQuery(DEFAULT_NEWS_QUERY)).toBe('')
  })
})

describe('news list machine', () => {
  const generated = [
    ...listPaths(newsListMachine, listEvents, input),
    ...listPaths(newsListMachine, dialogEvents, input),
  ]

  it('reaches every state', () => {
    expectEveryStateReached(newsListMachine, generated)
  })

  it('on every path: the address holds the query, and the page shows what its state means', () => {
    expect(generated.length).toBeGreaterThan(30)
    for (const path of generated) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input }).start()
      const snapshot = replayFollowingAddress(path, actor, {
        urls: effects.urls,
        location: input.location,
        parse: parseNewsQuery,
      })
      const view = toNewsListView(snapshot)
      const lists = effects.calls.filter((c) => c.actor === 'listNews').map((c) => c.input as ListNewsInput)
      expectListCalls(lists, NEWS_PAGE_SIZES)
      for (const l of lists) expect(l.franchiseId).toBe(FID)
      // A failure shows its message with no stale rows; a list shows its rows.
      if (snapshot.matches({ list: 'failed' }))
        expect(view).toMatchObject({ error: 'news.errors.load', rows: [] })
      else expect(view.error).toBeNull()
      // Only an item the caller may write is ever confirmed or acted on, and the action fits it.
      if (view.confirm) {
        expect(view.confirm.item.canEdit).toBe(true)
        if (view.confirm.action === 'stop') expect(view.confirm.item.isStopped).toBe(false)
        if (view.confirm.action === 'restart') expect(view.confirm.item.isStopped).toBe(true)
      }
      for (const c of effects.calls.filter((c) => c.actor === 'actOnNews'))
        expect([ITEM.id, STOPPED.id]).toContain((c.input as { id: string }).id)
      // A §5 refusal of a restart stays open with the offers listed.
      if (view.conflicts.length) expect(view.confirm?.action).toBe('restart')
      // The dialog is the editor only while editing.
      expect(view.editor !== undefined).toBe(snapshot.matches({ dialog: 'editing' }))
      // A page of rows offers its pages; an empty list says so, told apart from "none with this status".
      if (view.isEmpty) expect(view.query.status).toBeNull()
      if (view.isNoResult) expect(view.query.status).not.toBeNull()
    }
  }, 60_000)

  const start = (location = '', answers: Answers = {}) => {
    const effects = noEffects()
    const actor = createActor(harness(effects, answers), { input: { ...input, location } }).start()
    return {
      actor,
      effects,
      answer: (p = PAGE) => answerLatest(actor, 'listNews', p),
      view: () => toNewsListView(actor.getSnapshot()),
    }
  }

  it('filters by status from the first page and writes it to the address', () => {
    const { actor, effects, answer } = start('?page=2')
    expect(effects.calls[0]).toEqual({
      actor: 'listNews',
      input: { franchiseId: FID, requestId: 1, query: { page: 2, size: 10 } },
    })
    answer()
    actor.send({ type: 'news.status', status: 'upcoming' })
    expect(effects.urls.at(-1)).toBe('?status=upcoming')
    expect(effects.calls.at(-1)?.input).toMatchObject({ query: { page: 1, size: 10, status: 'upcoming' } })
  })

  it('restart refused by §5 keeps the confirmation open with the conflicts; a stop reloads the list', async () => {
    let reply: Promise<unknown> = Promise.reject(LIMIT)
    reply.catch(() => {})
    const { actor, effects, answer, view } = start('', { actOnNews: () => reply })
    answer()
    actor.send({ type: 'news.restart', id: STOPPED.id })
    expect(view().confirm).toEqual({ item: STOPPED, action: 'restart' })
    actor.send({ type: 'dialog.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view()).toMatchObject({ confirm: { action: 'restart' }, conflicts: CONFLICTS })
    actor.send({ type: 'dialog.cancel' })
    reply = Promise.resolve(ITEM)
    actor.send({ type: 'news.stop', id: ITEM.id })
    actor.send({ type: 'dialog.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view().confirm).toBeNull()
    expect(effects.notices).toEqual(['news.success.stop'])
    expect(effects.calls.filter((c) => c.actor === 'listNews')).toHaveLength(2)
  })
})

describe('news editor machine', () => {
  const editorInput = {
    franchiseId: FID,
    item: null,
    today: '2026-11-25',
    stores,
    needsStore: false,
    maxConcurrent: 3,
  }
  const events = [
    { type: 'news.change', field: 'name', value: '' },
    { type: 'news.change', field: 'name', value: 'Apéro' },
    { type: 'news.change', field: 'type', value: 'news' },
    { type: 'news.change', field: 'happyHourEnd', value: '' },
    { type: 'news.change', field: 'price', value: '4,5x' },
    { type: 'news.submit' },
    { type: 'news.cancel' },
    { type: 'xstate.done.actor.saveNews', output: ITEM },
    { type: 'xstate.error.actor.saveNews', error: LIMIT },
    {
      type: 'xstate.error.actor.saveNews',
      error: new ApiError(400, 'VALIDATION_FAILED', 'bad', { field: 'endDate' }),
    },
    { type: 'xstate.error.actor.saveNews', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  ]
  const paths = generatePaths(newsEditorMachine, events, editorInput)

  it('reaches every state', () => {
    expectEveryStateReached(newsEditorMachine, paths)
  })

  it('on every path: saves only a valid draft, errors appear only after a save, a 409 lists the offers', () => {
    expect(paths.length).toBeGreaterThan(30)
    for (const path of paths) {
      const calls: Call[] = []
      const actor = createActor(
        newsEditorMachine.provide({ actors: { saveNews: recording('saveNews', calls) as never } }),
        {
          input: editorInput,
        },
      ).start()
      let submitted = false
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue
        if (step.event.type === 'news.submit') submitted = true
        actor.send(step.event as never)
      }
      const s = actor.getSnapshot()
      const view = toNewsEditorView(s)
      expect(s.value).toEqual(path.state.value)
      if (!submitted) expect(view.errors).toEqual({})
      for (const c of calls) {
        const body = (c.input as { body: { type: string; happyHourStart: string | null } }).body
        expect(c.input).toMatchObject({ franchiseId: FID, id: null })
        // Times travel for a happy hour only.
        if (body.type !== 'happy-hours') expect(body.happyHourStart).toBeNull()
      }
      if (s.matches('saving')) expect(editorErrors(s.context.draft, false)).toEqual({})
      if (view.conflicts.length) {
        expect(view.conflicts).toEqual(CONFLICTS)
        expect(view.formError).toBe('news.errors.limitReached')
      }
      if (s.matches('saved')) expect(s.output).toEqual({ item: ITEM })
      if (s.matches('cancelled')) expect(s.output).toEqual({ item: null })
      actor.stop()
    }
  })

  it('names the refused field and asks a store owner to choose its stores', () => {
    const actor = createActor(newsEditorMachine, {
      input: { ...editorInput, needsStore: true, stores: [...stores, { id: 'x', name: 'Lyon' }] },
    }).start()
    actor.send({ type: 'news.change', field: 'name', value: 'Apéro' })
    actor.send({ type: 'news.submit' })
    expect(toNewsEditorView(actor.getSnapshot()).errors).toEqual({ storeIds: 'news.errors.storeRequired' })
    actor.send({ type: 'news.toggleStore', storeId: STORE })
    expect(toNewsEditorView(actor.getSnapshot()).errors).toEqual({})
    expect(actor.getSnapshot().value).toBe('editing')
  })
})
