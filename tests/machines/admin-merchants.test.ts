// The administration's merchants (SPEC §2, §6, §7, §8): the list is one list of createListMachine
// (paths replayed against the paged lists' reference model: calls, addresses, view, the HTTP status of a
// failure); the row actions and dialogs are admin-merchants-actions (paths checked for the calls made,
// with their arguments, the rows handed back to the list and the reloads).
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import {
  adminMerchantsListMachine,
  DEFAULT_MERCHANT_QUERY,
  MERCHANTS_SEARCH_DEBOUNCE_MS,
  merchantsList,
  parseMerchantQuery,
  serializeMerchantQuery,
  toMerchantsListView,
} from '../../machines/admin-merchants'
import { ApiError } from '../../src/api/client'
import { type MerchantPage, validateFranchiseOwnerForm } from '../../src/domain/admin'
import { EMPTY, input, listEvents, OFF, PAGE, ROW, VALID_FORM } from '../support/admin-merchants-world'
import { checkEachPath, expectEveryStateReached } from '../support/model'
import { answerLatest, type Call, expectListPath, listPaths, recording } from './paged-list-support'

describe('merchant query and create form (pure)', () => {
  it('reads defaults for missing or malformed values and round-trips through the address', () => {
    expect(parseMerchantQuery('')).toEqual(DEFAULT_MERCHANT_QUERY)
    expect(parseMerchantQuery('?page=0&size=7&sort=password&sortOrder=up')).toEqual(DEFAULT_MERCHANT_QUERY)
    const q = {
      filter: 'maison dupont',
      page: 3,
      size: 50,
      sort: 'email' as const,
      sortOrder: 'asc' as const,
    }
    expect(serializeMerchantQuery(q)).toBe('?filter=maison+dupont&page=3&size=50&sort=email&sortOrder=asc')
    expect(parseMerchantQuery(serializeMerchantQuery(q))).toEqual(q)
    expect(serializeMerchantQuery(DEFAULT_MERCHANT_QUERY)).toBe('')
  })

  it('needs a title, a known country and an e-mail', () => {
    expect(validateFranchiseOwnerForm({ title: ' ', codeAlpha3: 'XXX', email: '', displayName: '' })).toEqual(
      {
        title: 'admin.create.errors.titleRequired',
        codeAlpha3: 'admin.create.errors.country',
        email: 'admin.create.errors.emailRequired',
      },
    )
    expect(validateFranchiseOwnerForm({ ...VALID_FORM, email: 'cafe@' }).email).toBe(
      'admin.create.errors.emailInvalid',
    )
    expect(validateFranchiseOwnerForm(VALID_FORM)).toEqual({})
  })
})

describe('admin merchants list machine', () => {
  const generated = listPaths(adminMerchantsListMachine, listEvents, input)

  it('reaches every state', () => {
    expectEveryStateReached(adminMerchantsListMachine, generated)
  })

  it('replays every path: the calls, the address and the view are what the rules say', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, path) => {
      const snapshot = expectListPath(merchantsList as never, adminMerchantsListMachine, input, path)
      // §8: a failure shows its HTTP status as the error code.
      const view = toMerchantsListView(snapshot)
      expect(view.errorCode).toBe(view.isFailed ? 503 : null)
    })
  }, 60_000)

  const start = (location = '') => {
    const effects = { urls: [] as string[], calls: [] as Call[] }
    const clock = new SimulatedClock()
    const machine = adminMerchantsListMachine.provide({
      actors: {
        loadPage: recording('loadPage', effects.calls) as never,
        watchLocation: fromCallback(() => () => {}),
      },
      actions: { writeUrl: (_, p: { search: string }) => effects.urls.push(p.search) },
    })
    const actor = createActor(machine, { input: { ...input, location }, clock }).start()
    const answer = (page: MerchantPage = PAGE) => answerLatest(actor, 'loadPage', page)
    return { actor, effects, clock, answer, view: () => toMerchantsListView(actor.getSnapshot()) }
  }

  it('loads the address’s query, sorts, pages and searches with the first page again', () => {
    const { actor, effects, answer, clock } = start('?filter=dupont&page=2')
    expect(effects.calls[0]).toEqual({
      actor: 'loadPage',
      input: {
        params: {},
        requestId: 1,
        query: { filter: 'dupont', page: 2, size: 10, sort: 'dateCreated', sortOrder: 'desc' },
      },
    })
    answer()
    actor.send({ type: 'list.sort', field: 'email' })
    expect(effects.urls.at(-1)).toBe('?filter=dupont&page=2&sort=email')
    actor.send({ type: 'list.sort', field: 'email' })
    expect(effects.urls.at(-1)).toBe('?filter=dupont&page=2&sort=email&sortOrder=asc')
    actor.send({ type: 'list.search', value: 'bag' })
    clock.increment(MERCHANTS_SEARCH_DEBOUNCE_MS - 1)
    expect(effects.urls.at(-1)).toBe('?filter=dupont&page=2&sort=email&sortOrder=asc')
    clock.increment(1)
    expect(effects.urls.at(-1)).toBe('?filter=bag&sort=email&sortOrder=asc')
    actor.send({ type: 'list.size', size: 25 })
    expect(effects.urls.at(-1)).toBe('?filter=bag&size=25&sort=email&sortOrder=asc')
  })

  it('keeps the HTTP status of a failure as the error code, and retries', () => {
    const { actor, effects, answer, view } = start()
    actor.send({
      type: 'xstate.error.actor.loadPage',
      error: new ApiError(503, 'UNAVAILABLE', 'x'),
    } as never)
    expect(view()).toMatchObject({ isFailed: true, errorCode: 503, rows: [] })
    actor.send({ type: 'list.retry' })
    expect(effects.calls.filter((c) => c.actor === 'loadPage')).toHaveLength(2)
    answer()
    expect(view()).toMatchObject({ isFailed: false, errorCode: null, rows: [ROW] })
  })

  it('clears the search but keeps the sort and the page size', () => {
    const { actor, effects, answer } = start('?filter=zzz&size=25&sort=email')
    answer(EMPTY)
    actor.send({ type: 'list.clear' })
    expect(effects.urls).toEqual(['?size=25&sort=email'])
  })

  it('shows a row changed elsewhere at once, without asking again', () => {
    const { actor, effects, answer, view } = start()
    answer()
    actor.send({ type: 'list.updateRow', row: OFF })
    expect(view().rows).toEqual([OFF])
    expect(effects.calls).toHaveLength(1)
  })
})
