// The owners page (SPEC §6/§7 "Owners", §8 409): its list is one list of createListMachine (paths
// replayed against the paged lists' reference model: calls, addresses, view); its dialogs are
// owners-actions (paths checked for what was called, with what, and the reloads of the list).
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import {
  DEFAULT_OWNERS_QUERY,
  type ListOwnersInput,
  OWNERS_SEARCH_DEBOUNCE_MS,
  ownersActionsMachine,
  ownersList,
  ownersListMachine,
  parseOwnersQuery,
  serializeOwnersQuery,
  toOwnersActionsView,
  toOwnersListView,
} from '../../machines/owners'
import { ApiError } from '../../src/api/client'
import { type OwnerPage, type OwnerRow, validateOwnerForm } from '../../src/domain/owners'
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

const STORE_1 = '11111111-1111-4111-8111-111111111111'
const STORE_2 = '22222222-2222-4222-8222-222222222222'
const stores = [
  { id: STORE_1, name: 'Paris' },
  { id: STORE_2, name: 'Lyon' },
]
const input = { location: '', params: {} }
const ROW: OwnerRow = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'nina@example.test',
  displayName: 'Nina',
  stores: [stores[0]!],
  createdAt: '2026-11-21T10:00:00.000Z',
  hasPassword: false,
  status: 'invited',
}
const ACTIVE: OwnerRow = {
  ...ROW,
  id: '44444444-4444-4444-8444-444444444444',
  hasPassword: true,
  status: 'active',
}
const PAGE: OwnerPage = { data: [ROW], metadata: { page: 1, size: 20, total: 1 } }
const EMPTY: OwnerPage = { data: [], metadata: { page: 1, size: 20, total: 0 } }
const AFTER = searchDebounced('owners')

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const listEvents = (state: any) => [
  { type: 'query.change', location: '?search=nina&page=2' },
  { type: 'list.search', value: 'nina' },
  { type: 'list.searchNow' },
  { type: AFTER },
  { type: 'list.page', page: 2 },
  { type: 'list.size', size: 50 },
  { type: 'list.clear' },
  { type: 'list.retry' },
  ...loadAnswers(state.context.requestId, {
    page: PAGE,
    empty: EMPTY,
    error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
  }),
]

const dialogEvents = [
  { type: 'owners.create' },
  { type: 'owners.unlink', row: ROW },
  { type: 'owners.editStores', row: ROW },
  { type: 'owners.resend', row: ROW },
  { type: 'owners.resend', row: ACTIVE },
  { type: 'form.change', field: 'email', value: 'nina@example.test' },
  { type: 'form.toggleStore', storeId: STORE_1 },
  { type: 'form.toggleStore', storeId: STORE_2 },
  { type: 'form.submit' },
  { type: 'dialog.cancel' },
  { type: 'dialog.confirm' },
  { type: 'xstate.done.actor.createOwner', output: ROW },
  { type: 'xstate.error.actor.createOwner', error: new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken') },
  { type: 'xstate.done.actor.unlinkOwner', output: undefined },
  { type: 'xstate.error.actor.unlinkOwner', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  { type: 'xstate.done.actor.updateOwnerStores', output: ROW },
  { type: 'xstate.error.actor.updateOwnerStores', error: new ApiError(404, 'STORE_NOT_FOUND', 'gone') },
  { type: 'xstate.done.actor.resendInvitation', output: ROW },
  { type: 'xstate.error.actor.resendInvitation', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
]

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

describe('owners list machine', () => {
  const generated = listPaths(ownersListMachine, listEvents, input)

  it('reaches every state', () => {
    expectEveryStateReached(ownersListMachine, generated)
  })

  it('replays every path: the calls, the address and the view are what the rules say', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, path) => {
      expectListPath(ownersList as never, ownersListMachine, input, path)
    })
  }, 60_000)

  const start = (location = '') => {
    const effects = { urls: [] as string[], calls: [] as Call[] }
    const clock = new SimulatedClock()
    const machine = ownersListMachine.provide({
      actors: {
        loadPage: recording('loadPage', effects.calls) as never,
        watchLocation: fromCallback(() => () => {}),
      },
      actions: { writeUrl: (_, p: { search: string }) => effects.urls.push(p.search) },
    })
    const actor = createActor(machine, { input: { ...input, location }, clock }).start()
    const answer = (page: OwnerPage = PAGE) => answerLatest(actor, 'loadPage', page)
    return { actor, effects, clock, answer, view: () => toOwnersListView(actor.getSnapshot()) }
  }

  it('loads the address’s query, pages and searches with the first page again', () => {
    const { actor, effects, answer, clock } = start('?search=nina&page=2')
    expect(effects.calls[0]).toEqual({
      actor: 'loadPage',
      input: { params: {}, requestId: 1, query: { search: 'nina', page: 2, size: 20 } },
    })
    expect((effects.calls[0]!.input as ListOwnersInput).query).toEqual({
      ...DEFAULT_OWNERS_QUERY,
      search: 'nina',
      page: 2,
    })
    answer()
    actor.send({ type: 'list.page', page: 3 })
    expect(effects.urls.at(-1)).toBe('?search=nina&page=3')
    actor.send({ type: 'list.search', value: 'ni' })
    actor.send({ type: 'list.search', value: 'nin' })
    clock.increment(OWNERS_SEARCH_DEBOUNCE_MS - 1)
    expect(effects.urls.at(-1)).toBe('?search=nina&page=3')
    clock.increment(1)
    expect(effects.urls.at(-1)).toBe('?search=nin')
    actor.send({ type: 'list.size', size: 50 })
    expect(effects.urls.at(-1)).toBe('?search=nin&size=50')
    const n = effects.calls.length
    actor.send({ type: 'list.size', size: 7 })
    actor.send({ type: 'query.change', location: '?search=nin&size=50' })
    expect(effects.calls).toHaveLength(n)
  })

  it('shows a failure with a retry, and "none yet" apart from "no result"', () => {
    const { actor, answer, view } = start()
    actor.send({
      type: 'xstate.error.actor.loadPage',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(view()).toMatchObject({ isFailed: true, error: 'ownersManagement.errors.load' })
    actor.send({ type: 'list.retry' })
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: true, isNoResult: false })
    actor.send({ type: 'list.search', value: 'zzz' })
    actor.send({ type: 'list.searchNow' })
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: false, isNoResult: true })
  })
})

type Effects = { notices: string[]; calls: Call[]; reloads: number }
const noEffects = (): Effects => ({ notices: [], calls: [], reloads: 0 })

function harness(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return ownersActionsMachine.provide({
    actors: {
      createOwner: record('createOwner'),
      unlinkOwner: record('unlinkOwner'),
      updateOwnerStores: record('updateOwnerStores'),
      resendInvitation: record('resendInvitation'),
    },
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      listChanged: () => {
        effects.reloads++
      },
    },
  })
}

describe('owners dialogs machine (owners-actions)', () => {
  const generated = generatePaths(ownersActionsMachine, dialogEvents, { stores })

  it('reaches every state', () => {
    expectEveryStateReached(ownersActionsMachine, generated)
  })

  it('on every path: creates only valid forms, saves only chosen stores, and every change reloads the list', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, events) => {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input: { stores } }).start()
      for (const e of events) actor.send(e as never)
      const view = toOwnersActionsView(actor.getSnapshot())
      actor.stop()
      for (const c of effects.calls.filter((c) => c.actor === 'updateOwnerStores'))
        expect((c.input as { storeIds: string[] }).storeIds.length).toBeGreaterThan(0)
      for (const c of effects.calls.filter((c) => c.actor === 'createOwner'))
        expect(validateOwnerForm((c.input as { values: never }).values)).toEqual({})
      // Only an invitation not used yet is sent again.
      for (const c of effects.calls.filter((c) => c.actor === 'resendInvitation'))
        expect(c.input).toEqual({ id: ROW.id })
      // Every change made (created, unlinked, stores saved, invitation sent) reloads the list.
      const changes = events.filter((e) =>
        [
          'xstate.done.actor.createOwner',
          'xstate.done.actor.unlinkOwner',
          'xstate.done.actor.updateOwnerStores',
          'xstate.done.actor.resendInvitation',
        ].includes(e.type),
      )
      expect(effects.reloads).toBe(changes.length)
      if (view.unlinkTarget) expect(view.unlinkTarget).toEqual(ROW)
      if (view.storesTarget) expect(view.storesTarget).toEqual(ROW)
    })
  }, 60_000)

  const start = (answers: Answers = {}) => {
    const effects = noEffects()
    const actor = createActor(harness(effects, answers), { input: { stores } }).start()
    return { actor, effects, view: () => toOwnersActionsView(actor.getSnapshot()) }
  }

  it('creates an owner: errors only after a submit, 409 on the e-mail, then a toast and a reload', async () => {
    let reply: Promise<OwnerRow> = Promise.reject(new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'))
    reply.catch(() => {})
    const { actor, effects, view } = start({ createOwner: () => reply })
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
    actor.send({ type: 'form.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(view().isFormOpen).toBe(false)
    expect(effects.notices).toEqual(['ownersManagement.create.success'])
    expect(effects.reloads).toBe(1)
  })

  it('cannot open the create dialog without a store', () => {
    const actor = createActor(harness(noEffects()), { input: { stores: [] } }).start()
    actor.send({ type: 'owners.create' })
    expect(toOwnersActionsView(actor.getSnapshot())).toMatchObject({ isFormOpen: false, canCreate: false })
  })

  it('asks before unlinking, and unlinks only after the confirmation', async () => {
    const { actor, effects, view } = start({ unlinkOwner: async () => undefined })
    actor.send({ type: 'owners.unlink', row: ROW })
    expect(view().unlinkTarget?.email).toBe(ROW.email)
    actor.send({ type: 'dialog.cancel' })
    expect(effects.calls.some((c) => c.actor === 'unlinkOwner')).toBe(false)
    actor.send({ type: 'owners.unlink', row: ROW })
    actor.send({ type: 'dialog.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(effects.calls.find((c) => c.actor === 'unlinkOwner')?.input).toEqual({ id: ROW.id })
    expect(effects.notices).toEqual(['ownersManagement.unlink.success'])
    expect(view().unlinkTarget).toBeNull()
    expect(effects.reloads).toBe(1)
  })

  it('changes an owner’s stores: starts from the current ones, needs one, reloads after saving', async () => {
    const { actor, effects, view } = start({ updateOwnerStores: async () => ROW })
    actor.send({ type: 'owners.editStores', row: ROW })
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
    expect(effects.reloads).toBe(1)
  })

  it('resends an invitation only to an owner who has not set a password', async () => {
    const { actor, effects, view } = start({ resendInvitation: async () => ROW })
    actor.send({ type: 'owners.resend', row: ACTIVE })
    expect(effects.calls.some((c) => c.actor === 'resendInvitation')).toBe(false)
    actor.send({ type: 'owners.resend', row: ROW })
    expect(view().resendingId).toBe(ROW.id)
    await new Promise((r) => setTimeout(r, 0))
    expect(effects.calls.find((c) => c.actor === 'resendInvitation')?.input).toEqual({ id: ROW.id })
    expect(effects.notices).toEqual(['ownersManagement.resend.success'])
    expect(view().resendingId).toBeNull()
  })
})
