// Model-based tests of the news page's machines (issue 19): the list (one list of createListMachine,
// replayed against the paged lists' reference model), its dialogs (news-actions: the confirmations, the
// editor, the reload after a change) and the editor (§5 field errors, the 409 conflicts). Paths come from
// xstate/graph; each path is checked for what the page must show there, from its events.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { editorErrors, newsEditorMachine, toNewsEditorView } from '../../machines/news-editor'
import {
  DEFAULT_NEWS_QUERY,
  type ListNewsInput,
  newsActionsMachine,
  newsList,
  newsListMachine,
  parseNewsQuery,
  serializeNewsQuery,
  toNewsActionsView,
  toNewsListView,
} from '../../machines/news-list'
import { ApiError } from '../../src/api/client'
import type { NewsItem, NewsPage } from '../../src/domain/news'
import { checkEachPath, expectEveryStateReached, generatePaths } from '../support/model'
import {
  type Answers,
  answerLatest,
  type Call,
  expectListPath,
  listPaths,
  loadAnswers,
  recording,
  searchDebounced,
} from './paged-list-support'

const FID = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-222222222222'
const stores = [{ id: STORE, name: 'Paris' }]
const input = { location: '', params: { franchiseId: FID } }
const actionsInput = { franchiseId: FID, today: '2026-11-25', stores, isStoreOwner: false }
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

const LISTED = { maxConcurrent: 3, today: '2026-11-26' }

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const listEvents = (state: any) => [
  { type: 'query.change', location: '?status=upcoming&page=2' },
  { type: 'list.filter', filter: { status: 'expired' } },
  { type: 'list.filter', filter: { status: null } },
  { type: 'list.filter', filter: { status: 'bogus' } },
  { type: 'list.page', page: 2 },
  { type: 'list.size', size: 20 },
  { type: 'list.size', size: 7 },
  { type: 'list.clear' },
  { type: 'list.retry' },
  { type: 'list.reload' },
  // No search box on this list: typing (a stray event) keeps the query as it is.
  { type: 'list.search', value: 'apéro' },
  { type: searchDebounced('newsList') },
  ...loadAnswers(state.context.requestId, {
    page: PAGE,
    empty: page([]),
    error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
  }),
]

const dialogEvents = [
  { type: 'news.create', listed: LISTED },
  { type: 'news.edit', item: ITEM, listed: LISTED },
  { type: 'news.edit', item: READ_ONLY, listed: LISTED },
  { type: 'news.stop', item: ITEM },
  { type: 'news.stop', item: STOPPED },
  { type: 'news.restart', item: STOPPED },
  { type: 'news.delete', item: READ_ONLY },
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
  const generated = listPaths(newsListMachine, listEvents, input)

  it('reaches every state', () => {
    expectEveryStateReached(newsListMachine, generated)
  })

  it('replays every path: the calls, the address and the view are what the rules say', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, path) => {
      const snapshot = expectListPath(newsList as never, newsListMachine, input, path)
      // The limit and the local day are the latest answer's; none before one.
      const answered = path.some((e) => e.type === 'xstate.done.actor.loadPage')
      if (!answered) expect(toNewsListView(snapshot).listed).toEqual({ maxConcurrent: 0, today: null })
    })
  }, 60_000)

  it('filters by status from the first page and writes it to the address; the call names the franchise', () => {
    const urls: string[] = []
    const calls: Call[] = []
    const machine = newsListMachine.provide({
      actors: {
        loadPage: recording('loadPage', calls) as never,
        watchLocation: fromCallback(() => () => {}),
      },
      actions: { writeUrl: (_, p: { search: string }) => urls.push(p.search) },
    })
    const actor = createActor(machine, {
      input: { ...input, location: '?page=2' },
      clock: new SimulatedClock(),
    })
    actor.start()
    expect(calls[0]).toEqual({
      actor: 'loadPage',
      input: { params: { franchiseId: FID }, requestId: 1, query: { status: null, page: 2, size: 10 } },
    })
    answerLatest(actor, 'loadPage', PAGE)
    expect(toNewsListView(actor.getSnapshot())).toMatchObject({ maxConcurrent: 3, rows: PAGE.data })
    actor.send({ type: 'list.filter', filter: { status: 'upcoming' } })
    expect(urls.at(-1)).toBe('?status=upcoming')
    expect((calls.at(-1)!.input as ListNewsInput).query).toEqual({ page: 1, size: 10, status: 'upcoming' })
  })
})

type Effects = { notices: string[]; calls: Call[]; reloads: number }
const noEffects = (): Effects => ({ notices: [], calls: [], reloads: 0 })

function dialogs(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return newsActionsMachine.provide({
    actors: {
      actOnNews: record('actOnNews'),
      newsEditor: newsEditorMachine.provide({ actors: { saveNews: record('saveNews') } }),
    },
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      listChanged: () => {
        effects.reloads++
      },
    },
  })
}

describe('news dialogs machine (news-actions)', () => {
  const generated = generatePaths(newsActionsMachine, dialogEvents, actionsInput)

  it('reaches every state', () => {
    expectEveryStateReached(newsActionsMachine, generated)
  })

  it('on every path: only a writable row is confirmed or acted on, and every change reloads the list', () => {
    expect(generated.length).toBeGreaterThan(10)
    checkEachPath(generated, (_, events) => {
      const effects = noEffects()
      const actor = createActor(dialogs(effects), { input: actionsInput }).start()
      for (const e of events) actor.send(e as never)
      const view = toNewsActionsView(actor.getSnapshot())
      actor.stop()
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
      // Every answer that changed the list (saved, acted, or failed to act) reloads it, and says so.
      const changes = events.filter(
        (e) =>
          (e.type === 'xstate.done.actor.newsEditor' && e.output.item !== null) ||
          e.type === 'xstate.done.actor.actOnNews' ||
          (e.type === 'xstate.error.actor.actOnNews' && e.error !== LIMIT),
      )
      expect(effects.reloads).toBe(changes.length)
      expect(effects.notices).toHaveLength(effects.reloads)
      // The editor opens on the latest answer's limit.
      if (view.editor) expect(view.editor.getSnapshot().context).toMatchObject({ maxConcurrent: 3 })
    })
  }, 60_000)

  it('opens the editor with the latest answer’s day and limit, and reloads the list once saved', () => {
    const effects = noEffects()
    const actor = createActor(dialogs(effects), { input: actionsInput }).start()
    actor.send({ type: 'news.create', listed: LISTED })
    const editor = toNewsActionsView(actor.getSnapshot()).editor
    expect(editor?.getSnapshot().context).toMatchObject({
      maxConcurrent: 3,
      draft: { startDate: '2026-11-26' },
    })
    actor.send({ type: 'xstate.done.actor.newsEditor', output: { item: ITEM } } as never)
    expect(effects).toMatchObject({ notices: ['news.success.created'], reloads: 1 })
    expect(toNewsActionsView(actor.getSnapshot()).editor).toBeUndefined()
  })

  it('restart refused by §5 keeps the confirmation open with the conflicts; a stop reloads the list', async () => {
    let reply: Promise<unknown> = Promise.reject(LIMIT)
    reply.catch(() => {})
    const effects = noEffects()
    const actor = createActor(dialogs(effects, { actOnNews: () => reply }), { input: actionsInput }).start()
    const view = () => toNewsActionsView(actor.getSnapshot())
    actor.send({ type: 'news.restart', item: STOPPED })
    expect(view().confirm).toEqual({ item: STOPPED, action: 'restart' })
    actor.send({ type: 'dialog.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view()).toMatchObject({ confirm: { action: 'restart' }, conflicts: CONFLICTS })
    expect(effects.reloads).toBe(0)
    actor.send({ type: 'dialog.cancel' })
    reply = Promise.resolve(ITEM)
    actor.send({ type: 'news.stop', item: ITEM })
    actor.send({ type: 'dialog.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view().confirm).toBeNull()
    expect(effects).toMatchObject({ notices: ['news.success.stop'], reloads: 1 })
  })

  it('a store owner without stores cannot create', () => {
    const actor = createActor(dialogs(noEffects()), {
      input: { ...actionsInput, isStoreOwner: true, stores: [] },
    }).start()
    expect(toNewsActionsView(actor.getSnapshot()).canCreate).toBe(false)
    actor.send({ type: 'news.create', listed: LISTED })
    expect(actor.getSnapshot().value).toBe('closed')
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
