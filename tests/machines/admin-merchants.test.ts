import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import {
  adminMerchantsMachine,
  DEFAULT_MERCHANT_QUERY,
  type ListMerchantsInput,
  MERCHANTS_SEARCH_DEBOUNCE_MS,
  parseMerchantQuery,
  serializeMerchantQuery,
  toAdminMerchantsView,
} from '../../machines/admin-merchants'
import { ApiError } from '../../src/api/client'
import {
  MERCHANT_PAGE_SIZES,
  type MerchantPage,
  type MerchantRow,
  validateFranchiseForm,
  validateFranchiseOwnerForm,
} from '../../src/domain/admin'
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

const ADMIN = '99999999-9999-4999-8999-999999999999'
const input = { location: '', adminId: ADMIN }
const ROW: MerchantRow = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'owner@demo.test',
  displayName: 'Claire Dupont',
  isSubscribedRetailer: true,
  hasFullAccess: true,
  hasAcceptedCGV: true,
  dateCreated: '2026-11-21T10:00:00.000Z',
  franchise: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Maison Dupont',
    codeAlpha3: 'FRA',
    currencyCode: 'EUR',
  },
  franchises: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Maison Dupont' }],
  loyaltyModel: { id: '55555555-5555-4555-8555-555555555555', name: 'Carte', loyaltyType: 'PASSAGE' },
  stores: [{ id: '66666666-6666-4666-8666-666666666666', name: 'Paris' }],
  clientCount: 12,
  passages30Days: 4,
}
const OFF: MerchantRow = { ...ROW, isSubscribedRetailer: false, hasFullAccess: false }
const PAGE: MerchantPage = { data: [ROW], metadata: { page: 1, size: 10, total: 1 } }
const EMPTY: MerchantPage = { data: [], metadata: { page: 1, size: 10, total: 0 } }
const AFTER = searchDebounced('adminMerchants')
const VALID_FORM = { title: 'Café', codeAlpha3: 'FRA', email: 'cafe@example.test', displayName: '' }

type Effects = {
  urls: string[]
  notices: string[]
  calls: Call[]
  actedAs: string[]
  panels: string[]
}
const noEffects = (): Effects => ({ urls: [], notices: [], calls: [], actedAs: [], panels: [] })
const CREATED = {
  id: 'new-franchise',
  name: 'Café',
  codeAlpha3: 'FRA',
  currencyCode: 'EUR',
  timezone: 'Europe/Paris',
  userId: null,
  dateCreated: '2026-11-21T10:00:00.000Z',
}

function harness(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return adminMerchantsMachine.provide({
    actors: {
      listMerchants: record('listMerchants'),
      setSubscription: record('setSubscription'),
      encodeToken: record('encodeToken'),
      createFranchiseOwner: record('createFranchiseOwner'),
      createFranchise: record('createFranchise'),
      watchLocation: fromCallback(() => () => {}),
    },
    actions: {
      writeUrl: (_, p: { search: string }) => effects.urls.push(p.search),
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      actAs: (_, p: { token: string }) => effects.actedAs.push(p.token),
      openPanel: (_, p: { franchiseId: string }) => effects.panels.push(p.franchiseId),
    },
  })
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const listEvents = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'query.change', location: '?filter=dupont&page=2' },
    { type: 'merchants.search', value: 'dupont' },
    { type: 'merchants.searchNow' },
    { type: AFTER },
    { type: 'merchants.sort', field: 'email' },
    { type: 'merchants.sort', field: 'password' },
    { type: 'merchants.page', page: 2 },
    { type: 'merchants.size', size: 50 },
    { type: 'merchants.retry' },
    ...listAnswers('listMerchants', id, {
      page: PAGE,
      empty: EMPTY,
      error: new ApiError(503, 'UNAVAILABLE', 'down'),
    }),
  ]
}

// The row actions and the create dialog, over one loaded list.
// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const actionEvents = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'xstate.done.actor.listMerchants', output: { requestId: id, page: PAGE } },
    { type: 'merchants.subscription', id: ROW.id },
    { type: 'merchants.subscription', id: 'unknown' },
    { type: 'merchants.connectAs', id: ROW.id },
    { type: 'merchants.create' },
    { type: 'merchants.addFranchise', id: ROW.id },
    { type: 'merchants.addFranchise', id: 'unknown' },
    { type: 'form.ownerTiming', value: 'later' },
    { type: 'form.change', field: 'title', value: 'Café' },
    { type: 'form.change', field: 'email', value: 'cafe@example.test' },
    { type: 'form.submit' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'xstate.done.actor.setSubscription', output: OFF },
    { type: 'xstate.error.actor.setSubscription', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
    { type: 'xstate.done.actor.encodeToken', output: { id: 'impostor-token' } },
    { type: 'xstate.error.actor.encodeToken', error: new ApiError(403, 'FORBIDDEN', 'no') },
    {
      type: 'xstate.done.actor.createFranchiseOwner',
      output: {
        franchise: { id: 'f', name: 'Café', codeAlpha3: 'FRA', currencyCode: 'EUR' },
        owner: { id: 'o', email: 'cafe@example.test' },
      },
    },
    {
      type: 'xstate.error.actor.createFranchiseOwner',
      error: new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'),
    },
    { type: 'xstate.done.actor.createFranchise', output: CREATED },
    { type: 'xstate.error.actor.createFranchise', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  ]
}

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

describe('admin merchants machine', () => {
  const generated = [
    ...listPaths(adminMerchantsMachine, listEvents, input),
    ...listPaths(adminMerchantsMachine, actionEvents, input),
  ]

  it('reaches every state', () => {
    expectEveryStateReached(adminMerchantsMachine, generated)
  })

  it('replays every path: the address holds the query, calls are valid, only confirmed changes run', () => {
    expect(generated.length).toBeGreaterThan(50)
    for (const path of generated) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input, clock: new SimulatedClock() }).start()
      // Each confirmed change does what the dialog said (the list may reload under the dialog).
      const expectedChanges: { id: string; subscribed: boolean }[] = []
      const snapshot = replayFollowingAddress(path, actor, {
        urls: effects.urls,
        location: input.location,
        parse: parseMerchantQuery,
        beforeSend: (event) => {
          const now = actor.getSnapshot()
          if (event.type === 'dialog.confirm' && now.matches({ action: 'confirmingSubscription' })) {
            const target = now.context.target!
            expect(toAdminMerchantsView(now).confirm?.action).toBe(target.action)
            expectedChanges.push({ id: target.id, subscribed: target.action === 'activate' })
          }
        },
      })
      const lists = effects.calls
        .filter((c) => c.actor === 'listMerchants')
        .map((c) => c.input as ListMerchantsInput)
      expectListCalls(lists, MERCHANT_PAGE_SIZES)
      expect(effects.calls.filter((c) => c.actor === 'setSubscription').map((c) => c.input)).toEqual(
        expectedChanges,
      )
      for (const c of effects.calls.filter((c) => c.actor === 'encodeToken'))
        expect(c.input).toEqual({ userId: ROW.id, impostorId: ADMIN })
      for (const c of effects.calls.filter((c) => c.actor === 'createFranchiseOwner'))
        expect(validateFranchiseOwnerForm((c.input as { values: never }).values)).toEqual({})
      // A franchise alone needs a title and a country; one for a merchant names a listed merchant.
      for (const c of effects.calls.filter((c) => c.actor === 'createFranchise')) {
        const { values, userId } = c.input as { values: never; userId?: string }
        expect(validateFranchiseForm(values)).toEqual({})
        if (userId !== undefined) expect(userId).toBe(ROW.id)
      }
      // Only a franchise created without an owner opens its panel.
      const alone = effects.calls.filter(
        (c) => c.actor === 'createFranchise' && (c.input as { userId?: string }).userId === undefined,
      )
      if (effects.panels.length > 0) expect(alone.length).toBeGreaterThan(0)
      for (const id of effects.panels) expect(id).toBe(CREATED.id)
      if (snapshot.matches({ action: 'leaving' })) expect(effects.actedAs).toEqual(['impostor-token'])
      else expect(effects.actedAs).toEqual([])
      if (snapshot.matches({ list: 'failed' }))
        expect(snapshot.context).toMatchObject({ rows: [], total: 0, errorCode: 503 })
    }
  }, 60_000)

  const start = (location = '', answers: Parameters<typeof harness>[1] = {}) => {
    const effects = noEffects()
    const clock = new SimulatedClock()
    const actor = createActor(harness(effects, answers), { input: { ...input, location }, clock }).start()
    const answer = (page: MerchantPage = PAGE) => answerLatest(actor, 'listMerchants', page)
    return { actor, effects, clock, answer, view: () => toAdminMerchantsView(actor.getSnapshot()) }
  }
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('loads the address’s query, sorts, pages and searches with the first page again', () => {
    const { actor, effects, answer, clock } = start('?filter=dupont&page=2')
    expect(effects.calls[0]).toEqual({
      actor: 'listMerchants',
      input: {
        requestId: 1,
        query: { filter: 'dupont', page: 2, size: 10, sort: 'dateCreated', sortOrder: 'desc' },
      },
    })
    answer()
    actor.send({ type: 'merchants.sort', field: 'email' })
    expect(effects.urls.at(-1)).toBe('?filter=dupont&page=2&sort=email')
    actor.send({ type: 'merchants.sort', field: 'email' })
    expect(effects.urls.at(-1)).toBe('?filter=dupont&page=2&sort=email&sortOrder=asc')
    actor.send({ type: 'merchants.search', value: 'bag' })
    clock.increment(MERCHANTS_SEARCH_DEBOUNCE_MS - 1)
    expect(effects.urls.at(-1)).toBe('?filter=dupont&page=2&sort=email&sortOrder=asc')
    clock.increment(1)
    expect(effects.urls.at(-1)).toBe('?filter=bag&sort=email&sortOrder=asc')
    actor.send({ type: 'merchants.size', size: 25 })
    expect(effects.urls.at(-1)).toBe('?filter=bag&size=25&sort=email&sortOrder=asc')
  })

  it('keeps the HTTP status of a failure as the error code, and retries', () => {
    const { actor, effects, answer, view } = start()
    actor.send({
      type: 'xstate.error.actor.listMerchants',
      error: new ApiError(503, 'UNAVAILABLE', 'x'),
    } as never)
    expect(view()).toMatchObject({ isFailed: true, errorCode: 503, rows: [] })
    actor.send({ type: 'merchants.retry' })
    expect(effects.calls.filter((c) => c.actor === 'listMerchants')).toHaveLength(2)
    answer()
    expect(view()).toMatchObject({ isFailed: false, errorCode: null, rows: [ROW] })
  })

  it('confirms a subscription change, shows it on the row while it runs, then replaces the row', async () => {
    let reply: (row: MerchantRow) => void = () => {}
    const { actor, effects, answer, view } = start('', {
      setSubscription: () => new Promise((r) => (reply = r as never)),
    })
    answer()
    actor.send({ type: 'merchants.subscription', id: ROW.id })
    expect(view().confirm).toMatchObject({ id: ROW.id, action: 'deactivate' })
    actor.send({ type: 'dialog.confirm' })
    expect(view()).toMatchObject({ confirm: null, busy: { id: ROW.id, action: 'deactivate' }, canAct: false })
    reply(OFF)
    await settle()
    expect(view()).toMatchObject({ busy: null, canAct: true })
    expect(view().rows[0]!.isSubscribedRetailer).toBe(false)
    expect(effects.notices).toEqual(['admin.subscription.deactivated'])
    actor.send({ type: 'merchants.subscription', id: ROW.id })
    expect(view().confirm?.action).toBe('activate')
  })

  it('connects as a merchant with an impostor token for this admin, and says so when refused', async () => {
    let ok = false
    const { actor, effects, answer, view } = start('', {
      encodeToken: async () => {
        if (!ok) throw new ApiError(403, 'FORBIDDEN', 'no')
        return { id: 'tok' }
      },
    })
    answer()
    actor.send({ type: 'merchants.connectAs', id: ROW.id })
    expect(view().busy).toEqual({ id: ROW.id, action: 'connect' })
    await settle()
    expect(effects.notices).toEqual(['admin.connectAs.error'])
    expect(view().busy).toBeNull()
    ok = true
    actor.send({ type: 'merchants.connectAs', id: ROW.id })
    await settle()
    expect(effects.actedAs).toEqual(['tok'])
    expect(actor.getSnapshot().matches({ action: 'leaving' })).toBe(true)
  })

  it('creates a franchise: errors after a submit, the server’s 409 on the e-mail, then a reload', async () => {
    let reply: Promise<unknown> = Promise.reject(new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'))
    reply.catch(() => {})
    const { actor, effects, answer, view } = start('', { createFranchiseOwner: () => reply })
    answer()
    actor.send({ type: 'merchants.create' })
    actor.send({ type: 'form.change', field: 'email', value: 'cafe' })
    expect(view().formErrors).toEqual({})
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toMatchObject({ title: 'admin.create.errors.titleRequired' })
    actor.send({ type: 'form.change', field: 'title', value: 'Café' })
    actor.send({ type: 'form.change', field: 'email', value: 'cafe@example.test' })
    actor.send({ type: 'form.submit' })
    await settle()
    expect(view()).toMatchObject({
      isFormOpen: true,
      formErrors: { email: 'admin.create.errors.emailExists' },
    })
    reply = Promise.resolve({
      franchise: { id: 'f', name: 'Café', codeAlpha3: 'FRA', currencyCode: 'EUR' },
      owner: { id: 'o', email: 'cafe@example.test' },
    })
    actor.send({ type: 'form.submit' })
    await settle()
    expect(view().isFormOpen).toBe(false)
    expect(effects.notices).toEqual(['admin.create.success'])
    expect(effects.calls.filter((c) => c.actor === 'listMerchants')).toHaveLength(2)
  })

  it('creates a franchise without its owner: no e-mail needed, then its panel opens', async () => {
    const { actor, effects, answer, view } = start('', { createFranchise: async () => CREATED })
    answer()
    actor.send({ type: 'merchants.create' })
    expect(view().ownerTiming).toBe('now')
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toMatchObject({ email: 'admin.create.errors.emailRequired' })
    actor.send({ type: 'form.ownerTiming', value: 'later' })
    // The e-mail is no longer asked for; the title still is.
    expect(view().formErrors).toEqual({ title: 'admin.create.errors.titleRequired' })
    actor.send({ type: 'form.change', field: 'title', value: ' Café ' })
    actor.send({ type: 'form.submit' })
    expect(view()).toMatchObject({ isCreating: true, isFormOpen: true })
    expect(effects.calls.at(-1)).toEqual({
      actor: 'createFranchise',
      input: { values: { title: ' Café ', codeAlpha3: 'FRA', email: '', displayName: '' } },
    })
    await settle()
    expect(view().isFormOpen).toBe(false)
    expect(effects.panels).toEqual([CREATED.id])
    expect(effects.notices).toEqual(['admin.create.createdAlone'])
    expect(effects.calls.some((c) => c.actor === 'createFranchiseOwner')).toBe(false)
  })

  it('adds a franchise to a merchant from its row: busy row, generic error, then a reload', async () => {
    let reply: () => Promise<unknown> = async () => {
      throw new ApiError(500, 'INTERNAL_ERROR', 'down')
    }
    const { actor, effects, answer, view } = start('', { createFranchise: () => reply() })
    answer()
    actor.send({ type: 'merchants.addFranchise', id: 'unknown' })
    expect(view().isAddFormOpen).toBe(false)
    actor.send({ type: 'merchants.addFranchise', id: ROW.id })
    expect(view()).toMatchObject({ isAddFormOpen: true, isFormOpen: false, canAct: false })
    expect(view().addFor?.id).toBe(ROW.id)
    // Title and country only: no e-mail asked.
    actor.send({ type: 'form.submit' })
    expect(view().formErrors).toEqual({ title: 'admin.create.errors.titleRequired' })
    actor.send({ type: 'form.change', field: 'title', value: 'Dupont Traiteur' })
    actor.send({ type: 'form.submit' })
    expect(view()).toMatchObject({ isAdding: true, busy: { id: ROW.id, action: 'addFranchise' } })
    expect(effects.calls.at(-1)).toMatchObject({ actor: 'createFranchise', input: { userId: ROW.id } })
    await settle()
    expect(view()).toMatchObject({ isAddFormOpen: true, isAdding: false, formError: 'errors.generic' })
    reply = async () => ({ ...CREATED, name: 'Dupont Traiteur', userId: ROW.id })
    actor.send({ type: 'form.submit' })
    await settle()
    expect(view()).toMatchObject({ isAddFormOpen: false, busy: null, canAct: true })
    expect(effects.notices).toEqual(['admin.addFranchise.success'])
    expect(effects.panels).toEqual([])
    expect(effects.calls.filter((c) => c.actor === 'listMerchants')).toHaveLength(2)
  })

  it('cancels the add-franchise dialog without a call', () => {
    const { actor, effects, answer, view } = start()
    answer()
    actor.send({ type: 'merchants.addFranchise', id: ROW.id })
    actor.send({ type: 'dialog.cancel' })
    expect(view()).toMatchObject({ isAddFormOpen: false, canAct: true, addFor: null })
    expect(actor.getSnapshot().context.target).toBeNull()
    expect(effects.calls.some((c) => c.actor === 'createFranchise')).toBe(false)
  })
})
