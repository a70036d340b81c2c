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
  merchantActionsMachine,
  merchantsList,
  parseMerchantQuery,
  serializeMerchantQuery,
  toMerchantActionsView,
  toMerchantsListView,
} from '../../machines/admin-merchants'
import { ApiError } from '../../src/api/client'
import {
  type MerchantPage,
  type MerchantRow,
  validateFranchiseForm,
  validateFranchiseOwnerForm,
} from '../../src/domain/admin'
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

const ADMIN = '99999999-9999-4999-8999-999999999999'
const input = { location: '', params: {} }
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

const CREATED = {
  id: 'new-franchise',
  name: 'Café',
  codeAlpha3: 'FRA',
  currencyCode: 'EUR',
  timezone: 'Europe/Paris',
  userId: null,
  dateCreated: '2026-11-21T10:00:00.000Z',
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const listEvents = (state: any) => [
  { type: 'query.change', location: '?filter=dupont&page=2' },
  { type: 'list.search', value: 'dupont' },
  { type: 'list.searchNow' },
  { type: AFTER },
  { type: 'list.sort', field: 'email' },
  { type: 'list.sort', field: 'password' },
  { type: 'list.page', page: 2 },
  { type: 'list.size', size: 50 },
  { type: 'list.clear' },
  { type: 'list.retry' },
  ...loadAnswers(state.context.requestId, {
    page: PAGE,
    empty: EMPTY,
    error: new ApiError(503, 'UNAVAILABLE', 'down'),
  }),
]

const actionEvents = [
  { type: 'merchants.subscription', row: ROW },
  { type: 'merchants.connectAs', row: ROW },
  { type: 'merchants.create' },
  { type: 'merchants.addFranchise', row: ROW },
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

type Effects = {
  notices: string[]
  calls: Call[]
  actedAs: string[]
  panels: string[]
  changedRows: MerchantRow[]
  reloads: number
}
const noEffects = (): Effects => ({
  notices: [],
  calls: [],
  actedAs: [],
  panels: [],
  changedRows: [],
  reloads: 0,
})
function harness(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return merchantActionsMachine.provide({
    actors: {
      setSubscription: record('setSubscription'),
      encodeToken: record('encodeToken'),
      createFranchiseOwner: record('createFranchiseOwner'),
      createFranchise: record('createFranchise'),
    },
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      actAs: (_, p: { token: string }) => effects.actedAs.push(p.token),
      openPanel: (_, p: { franchiseId: string }) => effects.panels.push(p.franchiseId),
      rowChanged: (_, p: { row: MerchantRow }) => effects.changedRows.push(p.row),
      listChanged: () => {
        effects.reloads++
      },
    },
  })
}
const actionsInput = { adminId: ADMIN }

describe('admin merchants row actions machine (admin-merchants-actions)', () => {
  const generated = generatePaths(merchantActionsMachine, actionEvents, actionsInput)

  it('reaches every state', () => {
    expectEveryStateReached(merchantActionsMachine, generated)
  })

  it('on every path: only confirmed changes run, with what the dialog said, and the list follows', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, events) => {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input: actionsInput }).start()
      // Each confirmed change does what the dialog said.
      const expectedChanges: { id: string; subscribed: boolean }[] = []
      for (const event of events) {
        const now = actor.getSnapshot()
        if (event.type === 'dialog.confirm' && now.matches('confirmingSubscription')) {
          const confirm = toMerchantActionsView(now).confirm!
          expectedChanges.push({ id: confirm.id, subscribed: confirm.action === 'activate' })
        }
        actor.send(event as never)
      }
      const snapshot = actor.getSnapshot()
      actor.stop()
      expect(effects.calls.filter((c) => c.actor === 'setSubscription').map((c) => c.input)).toEqual(
        expectedChanges,
      )
      // The subscription's answer is the row the list shows (no reload).
      const changed = events
        .filter((e) => e.type === 'xstate.done.actor.setSubscription')
        .map((e) => e.output)
      expect(effects.changedRows).toEqual(changed)
      for (const c of effects.calls.filter((c) => c.actor === 'encodeToken'))
        expect(c.input).toEqual({ userId: ROW.id, impostorId: ADMIN })
      for (const c of effects.calls.filter((c) => c.actor === 'createFranchiseOwner'))
        expect(validateFranchiseOwnerForm((c.input as { values: never }).values)).toEqual({})
      // A franchise alone needs a title and a country; one for a merchant names that merchant.
      for (const c of effects.calls.filter((c) => c.actor === 'createFranchise')) {
        const { values, userId } = c.input as { values: never; userId?: string }
        expect(validateFranchiseForm(values)).toEqual({})
        if (userId !== undefined) expect(userId).toBe(ROW.id)
      }
      // A franchise created with its owner, or for a merchant, reloads the list; one alone opens its panel.
      const created = events.filter((e) => e.type === 'xstate.done.actor.createFranchiseOwner').length
      const alone = effects.calls.filter(
        (c) => c.actor === 'createFranchise' && (c.input as { userId?: string }).userId === undefined,
      )
      if (effects.panels.length > 0) expect(alone.length).toBeGreaterThan(0)
      for (const id of effects.panels) expect(id).toBe(CREATED.id)
      const added = events.filter((e) => e.type === 'xstate.done.actor.createFranchise').length
      expect(effects.reloads + effects.panels.length).toBe(created + added)
      if (snapshot.matches('leaving')) expect(effects.actedAs).toEqual(['impostor-token'])
      else expect(effects.actedAs).toEqual([])
    })
  }, 60_000)

  const start = (answers: Answers = {}) => {
    const effects = noEffects()
    const actor = createActor(harness(effects, answers), { input: actionsInput }).start()
    return { actor, effects, view: () => toMerchantActionsView(actor.getSnapshot()) }
  }
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('confirms a subscription change, shows it on the row while it runs, then hands the new row to the list', async () => {
    let reply: (row: MerchantRow) => void = () => {}
    const { actor, effects, view } = start({
      setSubscription: () => new Promise((r) => (reply = r as never)),
    })
    actor.send({ type: 'merchants.subscription', row: ROW })
    expect(view().confirm).toMatchObject({ id: ROW.id, action: 'deactivate' })
    actor.send({ type: 'dialog.confirm' })
    expect(view()).toMatchObject({ confirm: null, busy: { id: ROW.id, action: 'deactivate' }, canAct: false })
    reply(OFF)
    await settle()
    expect(view()).toMatchObject({ busy: null, canAct: true })
    expect(effects.changedRows).toEqual([OFF])
    expect(effects.reloads).toBe(0)
    expect(effects.notices).toEqual(['admin.subscription.deactivated'])
    actor.send({ type: 'merchants.subscription', row: OFF })
    expect(view().confirm?.action).toBe('activate')
  })

  it('connects as a merchant with an impostor token for this admin, and says so when refused', async () => {
    let ok = false
    const { actor, effects, view } = start({
      encodeToken: async () => {
        if (!ok) throw new ApiError(403, 'FORBIDDEN', 'no')
        return { id: 'tok' }
      },
    })
    actor.send({ type: 'merchants.connectAs', row: ROW })
    expect(view().busy).toEqual({ id: ROW.id, action: 'connect' })
    await settle()
    expect(effects.notices).toEqual(['admin.connectAs.error'])
    expect(view().busy).toBeNull()
    ok = true
    actor.send({ type: 'merchants.connectAs', row: ROW })
    await settle()
    expect(effects.actedAs).toEqual(['tok'])
    expect(actor.getSnapshot().matches('leaving')).toBe(true)
  })

  it('creates a franchise: errors after a submit, the server’s 409 on the e-mail, then a reload', async () => {
    let reply: Promise<unknown> = Promise.reject(new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'))
    reply.catch(() => {})
    const { actor, effects, view } = start({ createFranchiseOwner: () => reply })
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
    expect(effects.reloads).toBe(1)
  })

  it('creates a franchise without its owner: no e-mail needed, then its panel opens', async () => {
    const { actor, effects, view } = start({ createFranchise: async () => CREATED })
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
    const { actor, effects, view } = start({ createFranchise: () => reply() })
    actor.send({ type: 'merchants.addFranchise', row: ROW })
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
    expect(effects.reloads).toBe(1)
  })

  it('cancels the add-franchise dialog without a call', () => {
    const { actor, effects, view } = start()
    actor.send({ type: 'merchants.addFranchise', row: ROW })
    actor.send({ type: 'dialog.cancel' })
    expect(view()).toMatchObject({ isAddFormOpen: false, canAct: true, addFor: null })
    expect(actor.getSnapshot().context.target).toBeNull()
    expect(effects.calls.some((c) => c.actor === 'createFranchise')).toBe(false)
  })
})
