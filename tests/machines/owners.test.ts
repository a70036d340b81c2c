import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import {
  DEFAULT_OWNERS_QUERY,
  type ListOwnersInput,
  OWNERS_SEARCH_DEBOUNCE_MS,
  ownersMachine,
  parseOwnersQuery,
  serializeOwnersQuery,
  toOwnersView,
} from '../../machines/owners'
import { ApiError } from '../../src/api/client'
import { OWNER_PAGE_SIZES, type OwnerPage, type OwnerRow, validateOwnerForm } from '../../src/domain/owners'
import { expectEveryStateReached } from '../support/model'
import {
  type Answers,
  answerLatest,
  type Call,
  expectListCalls,
  listAnswers,
  listPaths,
  recording,
  replayFollowingAddress,
  searchDebounced,
} from './paged-list-support'

const STORE_1 = '11111111-1111-4111-8111-111111111111'
const STORE_2 = '22222222-2222-4222-8222-222222222222'
const stores = [
  { id: STORE_1, name: 'Paris' },
  { id: STORE_2, name: 'Lyon' },
]
const input = { location: '', stores }
const ROW: OwnerRow = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'nina@example.test',
  displayName: 'Nina',
  stores: [stores[0]!],
  createdAt: '2026-11-21T10:00:00.000Z',
  hasPassword: false,
  status: 'invited',
}
const PAGE: OwnerPage = { data: [ROW], metadata: { page: 1, size: 20, total: 1 } }
const EMPTY: OwnerPage = { data: [], metadata: { page: 1, size: 20, total: 0 } }
const AFTER = searchDebounced('owners')

type Effects = { urls: string[]; notices: string[]; calls: Call[] }
const noEffects = (): Effects => ({ urls: [], notices: [], calls: [] })

function harness(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return ownersMachine.provide({
    actors: {
      listOwners: record('listOwners'),
      createOwner: record('createOwner'),
      unlinkOwner: record('unlinkOwner'),
      updateOwnerStores: record('updateOwnerStores'),
      resendInvitation: record('resendInvitation'),
      watchLocation: fromCallback(() => () => {}),
    },
    actions: {
      writeUrl: (_, p: { search: string }) => effects.urls.push(p.search),
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
    },
  })
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const listEvents = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'query.change', location: '?search=nina&page=2' },
    { type: 'owners.search', value: 'nina' },
    { type: 'owners.searchNow' },
    { type: AFTER },
    { type: 'owners.page', page: 2 },
    { type: 'owners.size', size: 50 },
    { type: 'owners.retry' },
    { type: 'owners.create' },
    ...listAnswers('listOwners', id, {
      page: PAGE,
      empty: EMPTY,
      error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
    }),
  ]
}

// The dialogs, over one loaded list (the query's own paths are the list model's).
// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const dialogEvents = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'owners.create' },
    { type: 'owners.unlink', id: ROW.id },
    { type: 'owners.editStores', id: ROW.id },
    { type: 'owners.resend', id: ROW.id },
    { type: 'form.change', field: 'email', value: 'nina@example.test' },
    { type: 'form.toggleStore', storeId: STORE_1 },
    { type: 'form.toggleStore', storeId: STORE_2 },
    { type: 'form.submit' },
    { type: 'dialog.cancel' },
    { type: 'dialog.confirm' },
    { type: 'xstate.done.actor.listOwners', output: { requestId: id, page: PAGE } },
    { type: 'xstate.done.actor.createOwner', output: ROW },
    { type: 'xstate.error.actor.createOwner', error: new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken') },
    { type: 'xstate.done.actor.unlinkOwner', output: undefined },
    { type: 'xstate.error.actor.unlinkOwner', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
    { type: 'xstate.done.actor.updateOwnerStores', output: ROW },
    { type: 'xstate.error.actor.updateOwnerStores', error: new ApiError(404, 'STORE_NOT_FOUND', 'gone') },
    { type: 'xstate.done.actor.resendInvitation', output: ROW },
    { type: 'xstate.error.actor.resendInvitation', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  ]
}

describe('owners query and form rules (pure)', () => {
  it('reads defaults for missing or malformed values and round-trips through the address', () => {
    expect(parseOwnersQuery('')).toEqual(DEFAULT_OWNERS_QUERY)
    expect(parseOwnersQuery('?page=-1&size=7')).toEqual(DEFAULT_OWNERS_QUERY)
    const q = { search: 'nina dupont', page: 3, size: 50 as const }
    expect(serializeOwnersQuery(q)).toBe('?search=nina+dupont&page=3&size=50')
    expect(parseOwnersQuery(serializeOwnersQuery(q))).toEqual(q)
    expect(serializeOwnersQuery(DEFAULT_OWNERS_QUERY)).toBe('')
  })

  it('validates the e-mail and asks for at least one store', () => {
    expect(validateOwnerForm({ email: '', displayName: '', storeIds: [] })).toEqual({
      email: 'ownersManagement.errors.emailRequired',
      storeIds: 'ownersManagement.errors.storesRequired',
    })
    expect(validateOwnerForm({ email: 'nina@', displayName: '', storeIds: [STORE_1] }).email).toBe(
      'ownersManagement.errors.emailInvalid',
    )
    expect(validateOwnerForm({ email: ' nina@example.test ', displayName: '', storeIds: [STORE_1] })).toEqual(
      {},
    )
  })
})

describe('owners machine', () => {
  const generated = [
    ...listPaths(ownersMachine, listEvents, input),
    ...listPaths(ownersMachine, dialogEvents, input),
  ]

  it('reaches every state', () => {
    expectEveryStateReached(ownersMachine, generated)
  })

  it('replays every path: the address holds the query, calls are valid, creates only valid forms', () => {
    expect(generated.length).toBeGreaterThan(50)
    for (const path of generated) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input }).start()
      const snapshot = replayFollowingAddress(path, actor, {
        urls: effects.urls,
        location: input.location,
        parse: parseOwnersQuery,
      })
      const lists = effects.calls
        .filter((c) => c.actor === 'listOwners')
        .map((c) => c.input as ListOwnersInput)
      expectListCalls(lists, OWNER_PAGE_SIZES)
      for (const c of effects.calls.filter((c) => c.actor === 'updateOwnerStores'))
        expect((c.input as { storeIds: string[] }).storeIds.length).toBeGreaterThan(0)
      for (const c of effects.calls.filter((c) => c.actor === 'createOwner'))
        expect(validateOwnerForm((c.input as { values: never }).values)).toEqual({})
      if (snapshot.matches({ list: 'failed' })) expect(snapshot.context).toMatchObject({ rows: [], total: 0 })
    }
  }, 30_000)

  const start = (location = '', answers: Parameters<typeof harness>[1] = {}) => {
    const effects = noEffects()
    const clock = new SimulatedClock()
    const actor = createActor(harness(effects, answers), { input: { ...input, location }, clock }).start()
    const answer = (page: OwnerPage = PAGE) => answerLatest(actor, 'listOwners', page)
    return { actor, effects, clock, answer, view: () => toOwnersView(actor.getSnapshot()) }
  }

  it('loads the address’s query, pages and searches with the first page again', () => {
    const { actor, effects, answer, clock } = start('?search=nina&page=2')
    expect(effects.calls[0]).toEqual({
      actor: 'listOwners',
      input: { requestId: 1, query: { search: 'nina', page: 2, size: 20 } },
    })
    answer()
    actor.send({ type: 'owners.page', page: 3 })
    expect(effects.urls.at(-1)).toBe('?search=nina&page=3')
    actor.send({ type: 'owners.search', value: 'ni' })
    actor.send({ type: 'owners.search', value: 'nin' })
    clock.increment(OWNERS_SEARCH_DEBOUNCE_MS - 1)
    expect(effects.urls.at(-1)).toBe('?search=nina&page=3')
    clock.increment(1)
    expect(effects.urls.at(-1)).toBe('?search=nin')
    actor.send({ type: 'owners.size', size: 50 })
    expect(effects.urls.at(-1)).toBe('?search=nin&size=50')
    const n = effects.calls.length
    actor.send({ type: 'owners.size', size: 7 })
    actor.send({ type: 'query.change', location: '?search=nin&size=50' })
    expect(effects.calls).toHaveLength(n)
  })

  it('shows a failure with a retry, and "none yet" apart from "no result"', () => {
    const { actor, answer, view } = start()
    actor.send({
      type: 'xstate.error.actor.listOwners',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(view()).toMatchObject({ isFailed: true, error: 'ownersManagement.errors.load' })
    actor.send({ type: 'owners.retry' })
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: true, isNoResult: false })
    actor.send({ type: 'owners.search', value: 'zzz' })
    actor.send({ type: 'owners.searchNow' })
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: false, isNoResult: true })
  })

  it('creates an owner: errors only after a submit, 409 on the e-mail, then a toast and a reload', async () => {
    let reply: Promise<OwnerRow> = Promise.reject(new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'))
    reply.catch(() => {})
    const { actor, effects, answer, view } = start('', { createOwner: () => reply })
    answer()
    actor.send({ type: 'owners.create' })
    actor.send({ type: 'form.change', field: 'email', value: 'nina' })
    expect(view().formErrors).toEqual({})
    actor.send({ type: 'form.submit' })
    expect(view()).toMatchObject({
      isFormOpen: true,
      formErrors: {
        email: 'ownersManagement.errors.emailInvalid',
        storeIds: 'ownersManagement.errors.storesRequired',
      },
    })
    actor.send({ type: 'form.change', field: 'email', value: 'nina@example.test' })
    actor.send({ type: 'form.toggleStore', storeId: STORE_2 })
    actor.send({ type: 'form.toggleStore', storeId: 'not-a-session-store' })
    expect(view().form.storeIds).toEqual([STORE_2])
    actor.send({ type: 'form.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view()).toMatchObject({
      isFormOpen: true,
      formErrors: { email: 'ownersManagement.errors.emailExists' },
    })
    reply = Promise.resolve(ROW)
    const lists = effects.calls.filter((c) => c.actor === 'listOwners').length
    actor.send({ type: 'form.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view().isFormOpen).toBe(false)
    expect(effects.notices).toEqual(['ownersManagement.create.success'])
    expect(effects.calls.filter((c) => c.actor === 'listOwners')).toHaveLength(lists + 1)
  })

  it('cannot open the create dialog without a store', () => {
    const actor = createActor(harness(noEffects()), { input: { location: '', stores: [] } }).start()
    actor.send({ type: 'owners.create' })
    expect(toOwnersView(actor.getSnapshot())).toMatchObject({ isFormOpen: false, canCreate: false })
  })

  it('asks before unlinking, and unlinks only after the confirmation', async () => {
    const { actor, effects, answer, view } = start('', { unlinkOwner: async () => undefined })
    answer()
    actor.send({ type: 'owners.unlink', id: ROW.id })
    expect(view().unlinkTarget?.email).toBe(ROW.email)
    actor.send({ type: 'dialog.cancel' })
    expect(effects.calls.some((c) => c.actor === 'unlinkOwner')).toBe(false)
    actor.send({ type: 'owners.unlink', id: ROW.id })
    actor.send({ type: 'dialog.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(effects.calls.find((c) => c.actor === 'unlinkOwner')?.input).toEqual({ id: ROW.id })
    expect(effects.notices).toEqual(['ownersManagement.unlink.success'])
    expect(view().unlinkTarget).toBeNull()
  })

  it('changes an owner’s stores: starts from the current ones, needs one, reloads after saving', async () => {
    const { actor, effects, answer, view } = start('', { updateOwnerStores: async () => ROW })
    answer()
    actor.send({ type: 'owners.editStores', id: ROW.id })
    expect(view().storesTarget?.id).toBe(ROW.id)
    expect(view().form.storeIds).toEqual([STORE_1])
    actor.send({ type: 'form.toggleStore', storeId: STORE_1 })
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toEqual({ storeIds: 'ownersManagement.errors.storesRequired' })
    expect(effects.calls.some((c) => c.actor === 'updateOwnerStores')).toBe(false)
    actor.send({ type: 'form.toggleStore', storeId: STORE_2 })
    actor.send({ type: 'form.submit' })
    expect(view().isSavingStores).toBe(true)
    await new Promise((r) => setTimeout(r, 0))
    expect(effects.calls.find((c) => c.actor === 'updateOwnerStores')?.input).toEqual({
      id: ROW.id,
      storeIds: [STORE_2],
    })
    expect(effects.notices).toEqual(['ownersManagement.stores.success'])
    expect(view().storesTarget).toBeNull()
    expect(effects.calls.filter((c) => c.actor === 'listOwners')).toHaveLength(2)
  })

  it('resends an invitation only to an owner who has not set a password', async () => {
    const active = {
      ...ROW,
      id: '44444444-4444-4444-8444-444444444444',
      hasPassword: true,
      status: 'active' as const,
    }
    const { actor, effects, answer, view } = start('', { resendInvitation: async () => ROW })
    answer({ data: [ROW, active], metadata: { page: 1, size: 20, total: 2 } })
    actor.send({ type: 'owners.resend', id: active.id })
    expect(effects.calls.some((c) => c.actor === 'resendInvitation')).toBe(false)
    actor.send({ type: 'owners.resend', id: ROW.id })
    expect(view().resendingId).toBe(ROW.id)
    await new Promise((r) => setTimeout(r, 0))
    expect(effects.calls.find((c) => c.actor === 'resendInvitation')?.input).toEqual({ id: ROW.id })
    expect(effects.notices).toEqual(['ownersManagement.resend.success'])
    expect(view().resendingId).toBeNull()
  })
})
