import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import {
  DEFAULT_STORE_QUERY,
  nextStoreSort,
  parseStoreQuery,
  selectStores,
  serializeStoreQuery,
  storesListMachine,
  toStoresListView,
} from '../../machines/stores-list'
import type { StoreSummary } from '../../src/domain/franchise'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const input = { location: '', currencyCode: 'EUR', country: 'FR' as const, canCreate: true }
const summary = (n: number, nbClients: number, day: number, name = `Store ${n}`): StoreSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  franchiseId: '11111111-1111-4111-8111-111111111111',
  name,
  currencyCode: 'EUR',
  logo: null,
  settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false },
  nbClients,
  dateCreated: new Date(Date.UTC(2026, 0, day)).toISOString(),
})
const STORES = [summary(1, 50, 1, 'Paris Marais'), summary(2, 10, 3, 'Lyon'), summary(3, 30, 2, 'Lille Gare')]
const MANY = Array.from({ length: 45 }, (_, i) => summary(i + 10, i, i + 1))

const events = [
  { type: 'xstate.done.actor.loadStores', output: STORES },
  { type: 'xstate.done.actor.loadStores', output: [] },
  { type: 'xstate.error.actor.loadStores', error: new Error('down') },
  { type: 'list.retry' },
  { type: 'list.reload' },
  { type: 'list.sort', field: 'nbClients' },
  { type: 'list.search', value: 'ly' },
  { type: 'store.create' },
  { type: 'store.edit', id: STORES[0]!.id },
  { type: 'xstate.done.actor.storeEditor', output: { outcome: 'created', store: null } },
  { type: 'xstate.done.actor.storeEditor', output: { outcome: 'closed', store: null } },
]

function harness(calls: Calls, effects: string[]) {
  return storesListMachine.provide({
    actors: {
      ...(recordingActors(['loadStores', 'storeEditor'], calls) as object),
      watchLocation: fromCallback(() => () => {}),
    } as never,
    actions: {
      writeUrl: (_, p: { search: string }) => effects.push(`url:${p.search}`),
      storesChanged: () => effects.push('storesChanged'),
    },
  })
}

describe('stores list query', () => {
  it('reads defaults for missing or malformed values and writes only non-defaults', () => {
    expect(parseStoreQuery('')).toEqual(DEFAULT_STORE_QUERY)
    expect(parseStoreQuery('?page=0&rowsPerPage=7&sort=name&order=up')).toEqual(DEFAULT_STORE_QUERY)
    const q = parseStoreQuery('?search=ly&page=2&rowsPerPage=50&sort=nbClients&order=asc')
    expect(q).toEqual({ search: 'ly', page: 2, rowsPerPage: 50, sort: 'nbClients', order: 'asc' })
    expect(serializeStoreQuery(q)).toBe('?search=ly&page=2&rowsPerPage=50&sort=nbClients&order=asc')
    expect(serializeStoreQuery(DEFAULT_STORE_QUERY)).toBe('')
  })

  it('cycles the sorted column descending → ascending → default; another column sorts descending', () => {
    let q = DEFAULT_STORE_QUERY
    q = { ...q, ...nextStoreSort(q, 'nbClients') }
    expect([q.sort, q.order]).toEqual(['nbClients', 'desc'])
    q = { ...q, ...nextStoreSort(q, 'nbClients') }
    expect([q.sort, q.order]).toEqual(['nbClients', 'asc'])
    q = { ...q, ...nextStoreSort(q, 'nbClients') }
    expect([q.sort, q.order]).toEqual(['dateCreated', 'desc'])
    q = { ...q, ...nextStoreSort(q, 'nbClients') }
    q = { ...q, ...nextStoreSort(q, 'dateCreated') }
    expect([q.sort, q.order]).toEqual(['dateCreated', 'desc'])
  })

  it('searches (accents ignored), sorts and pages locally', () => {
    expect(selectStores(STORES, DEFAULT_STORE_QUERY).rows.map((s) => s.name)).toEqual([
      'Lyon',
      'Lille Gare',
      'Paris Marais',
    ])
    expect(
      selectStores(STORES, { ...DEFAULT_STORE_QUERY, sort: 'nbClients', order: 'asc' }).rows.map(
        (s) => s.nbClients,
      ),
    ).toEqual([10, 30, 50])
    expect(selectStores(STORES, { ...DEFAULT_STORE_QUERY, search: 'LÎLLE' }).rows.map((s) => s.name)).toEqual(
      ['Lille Gare'],
    )
    const page3 = selectStores(MANY, { ...DEFAULT_STORE_QUERY, page: 3 })
    expect([page3.total, page3.pageCount, page3.rows.length, page3.page]).toEqual([45, 3, 5, 3])
    // A page past the end shows the last one.
    expect(selectStores(MANY, { ...DEFAULT_STORE_QUERY, page: 9 }).page).toBe(3)
  })
})

describe('stores list machine', () => {
  const paths = generatePaths(storesListMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(storesListMachine, paths)
  })

  it('replays every path: one load per entry into loading, the editor gets the franchise defaults', () => {
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const effects: string[] = []
      const snap = replay(harness(calls, effects), path.steps, input)
      const view = toStoresListView(snap)
      // The query, folded from the path: a search goes back to page 1, a sort cycles its column.
      let query = DEFAULT_STORE_QUERY
      for (const e of path.steps.map((x) => x.event as { type: string; [k: string]: unknown })) {
        if (e.type === 'list.search') query = { ...query, search: e.value as string, page: 1 }
        if (e.type === 'list.sort') query = { ...query, ...nextStoreSort(query, e.field as 'nbClients') }
      }
      expect(view.query).toEqual(query)
      const last = path.steps.at(-1)!.event as { type: string; [k: string]: unknown }
      const loaded = path.steps.findLast((x) => x.event.type === 'xstate.done.actor.loadStores')?.event as
        | { output: typeof STORES }
        | undefined
      switch (last.type) {
        case 'xstate.init':
        case 'list.retry':
        case 'list.reload':
          expect(view.isLoading).toBe(true)
          expect(calls.at(-1)?.actor).toBe('loadStores')
          break
        case 'xstate.done.actor.loadStores':
          expect(view.isEmpty).toBe((last.output as typeof STORES).length === 0)
          break
        case 'xstate.error.actor.loadStores':
          expect(view.isFailed).toBe(true)
          expect(view.error).not.toBeNull()
          break
        case 'list.sort':
        case 'list.search':
          // Sorted and searched locally: the rows are the loaded stores that match, in order.
          if (loaded) expect(view.rows).toEqual(selectStores(loaded.output, query).rows)
          expect(effects.at(-1)).toBe(`url:${serializeStoreQuery(query)}`)
          break
        case 'store.create':
        case 'store.edit':
          expect(view.isEditorOpen).toBe(true)
          expect(calls.at(-1)).toMatchObject({
            actor: 'storeEditor',
            input: { storeId: last.type === 'store.edit' ? last.id : null },
          })
          break
        case 'xstate.done.actor.storeEditor':
          expect(view.isEditorOpen).toBe(false)
          // A created store reads the list again and tells the shell; closing changes nothing.
          if ((last.output as { outcome: string }).outcome === 'created') {
            expect(effects).toContain('storesChanged')
            expect(calls.at(-1)?.actor).toBe('loadStores')
          }
          break
        default:
          throw new Error(`no expectation for ${last.type}`)
      }
      expect(calls[0]?.actor).toBe('loadStores')
      for (const c of calls.filter((x) => x.actor === 'storeEditor'))
        expect(c.input).toMatchObject({ currencyCode: 'EUR', country: 'FR' })
      const loads = calls.filter((c) => c.actor === 'loadStores').length
      const entries = path.steps.filter((s) => ['list.retry', 'list.reload'].includes(s.event.type)).length
      expect(loads).toBeLessThanOrEqual(1 + entries + effects.filter((e) => e === 'storesChanged').length)
    })
  })

  it('writes the query to the address; a search goes back to page 1', () => {
    const calls: Calls = []
    const effects: string[] = []
    const actor = createActor(harness(calls, effects), { input: { ...input, location: '?page=2' } }).start()
    actor.send({ type: 'xstate.done.actor.loadStores', output: MANY } as never)
    expect(toStoresListView(actor.getSnapshot()).page).toBe(2)
    actor.send({ type: 'list.sort', field: 'nbClients' })
    actor.send({ type: 'list.sort', field: 'nbClients' })
    actor.send({ type: 'list.sort', field: 'nbClients' })
    actor.send({ type: 'list.search', value: 'Store 1' })
    actor.send({ type: 'list.rowsPerPage', rowsPerPage: 7 })
    actor.send({ type: 'list.rowsPerPage', rowsPerPage: 50 })
    expect(effects).toEqual([
      'url:?page=2&sort=nbClients',
      'url:?page=2&sort=nbClients&order=asc',
      'url:?page=2',
      'url:?search=Store+1',
      'url:?search=Store+1&rowsPerPage=50',
    ])
    // Back/forward: a new address is adopted, the same one ignored.
    actor.send({ type: 'query.change', location: '?sort=nbClients' })
    expect(actor.getSnapshot().context.query.sort).toBe('nbClients')
    expect(calls.filter((c) => c.actor === 'loadStores')).toHaveLength(1)
  })

  it('reloads the list and tells the session after the editor created a store; a store owner cannot create', () => {
    const calls: Calls = []
    const effects: string[] = []
    const actor = createActor(harness(calls, effects), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadStores', output: STORES } as never)
    actor.send({ type: 'store.create' })
    expect(calls.at(-1)).toMatchObject({ actor: 'storeEditor', input: { storeId: null } })
    actor.send({
      type: 'xstate.done.actor.storeEditor',
      output: { outcome: 'created', store: null },
    } as never)
    expect(effects).toContain('storesChanged')
    expect(actor.getSnapshot().matches({ list: 'loading', editor: 'closed' })).toBe(true)

    const owner = createActor(harness([], []), { input: { ...input, canCreate: false } }).start()
    owner.send({ type: 'store.create' })
    expect(owner.getSnapshot().matches({ editor: 'closed' })).toBe(true)
  })

  it('shows the §8 error with a retry, and the empty state', () => {
    const actor = createActor(
      storesListMachine.provide({
        actors: {
          loadStores: fromPromise<StoreSummary[]>(async () => {
            throw new Error('down')
          }),
          watchLocation: fromCallback(() => () => {}),
        },
      }),
      { input },
    ).start()
    return new Promise<void>((done) =>
      setTimeout(() => {
        const v = toStoresListView(actor.getSnapshot())
        expect([v.isFailed, v.error]).toEqual([true, 'store.errors.loadStores'])
        const empty = replay(
          harness([], []),
          [{ event: { type: 'xstate.done.actor.loadStores', output: [] } }],
          input,
        )
        expect(toStoresListView(empty).isEmpty).toBe(true)
        done()
      }, 0),
    )
  })
})
