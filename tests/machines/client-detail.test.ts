import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  applyCard,
  type ClientDetailContext,
  clientDetailMachine,
  parsePoints,
  toClientDetailView,
  validatePoints,
  validateSaleAmount,
} from '../../machines/client-detail'
import { ApiError } from '../../src/api/client'
import type { ClientDetail, LoyaltyCard } from '../../src/domain/clients'
import {
  clientId,
  createClientsBackend,
  FRANCHISE_ID,
  OFFERS,
  STORE_1,
  STORE_2,
} from '../support/clients-backend'
import { type Calls, checkEachPath, expectEveryStateReached } from '../support/model'

const backend = createClientsBackend()
const ID = clientId(1)
const INFO = await backend.detail(FRANCHISE_ID, ID)
const LOYALTY = await backend.loyalty(FRANCHISE_ID, ID)
const ACTIVE = await backend.coupons(ID, { page: 1, size: 50, state: 'active' })
const COUPONS = await backend.coupons(ID, { page: 1, size: 5 })
const LOADED = { info: INFO, offers: LOYALTY.offers, activeCoupons: ACTIVE.data }
const CARD: LoyaltyCard = {
  clientId: ID,
  points: INFO.points + 50,
  totalCollectedPoints: INFO.totalCollectedPoints + 50,
  redeemedOffersCount: INFO.redeemedOffersCount,
  visitCount: INFO.visitCount,
  lastVisitAt: INFO.lastVisitAt,
  transaction: {
    id: '7c000000-0000-4000-8000-000000000001',
    type: 'credit',
    points: 50,
    amountCents: null,
    storeId: STORE_1,
    createdAt: '2026-11-21T10:00:00.000Z',
  },
}
const EDITED: ClientDetail = { ...INFO, firstName: 'Marie-Anne', transactions: [] }
const input = {
  clientId: ID,
  franchiseId: FRANCHISE_ID,
  storeId: STORE_1,
  country: 'FR' as const,
  stores: [
    { id: STORE_1, name: 'Maison Dupont 1' },
    { id: STORE_2, name: 'Maison Dupont 2' },
  ],
}
const cheap = LOYALTY.offers.find((o) => o.canRedeem)!
const dear = LOYALTY.offers.find((o) => !o.canRedeem)!
const ACTORS = [
  'loadClient',
  'loadCoupons',
  'movePoints',
  'recordSale',
  'redeemOffer',
  'redeemCoupon',
  'deleteClient',
  'clientForm',
]

function harness(calls: Calls, effects: string[]) {
  return clientDetailMachine.provide({
    actors: Object.fromEntries(
      ACTORS.map((name) => [
        name,
        fromPromise(({ input }) => {
          calls.push({ actor: name, input })
          return new Promise<never>(() => {})
        }),
      ]),
    ) as never,
    actions: {
      notify: (_, p: { id: string }) => effects.push(`notify:${p.id}`),
      goToList: () => effects.push('goToList'),
    },
  })
}

const events = [
  { type: 'detail.retry' },
  { type: 'xstate.done.actor.loadClient', output: LOADED },
  { type: 'xstate.error.actor.loadClient', error: new ApiError(404, 'CLIENT_NOT_FOUND', 'gone') },
  { type: 'xstate.error.actor.loadClient', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
  { type: 'xstate.done.actor.loadCoupons', output: COUPONS },
  { type: 'xstate.error.actor.loadCoupons', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  { type: 'coupons.filter', state: 'claimed' },
  { type: 'coupons.retry' },
  { type: 'points.open' },
  { type: 'points.change', value: '50' },
  { type: 'points.change', value: '-100000' },
  { type: 'points.submit' },
  { type: 'xstate.done.actor.movePoints', output: CARD },
  { type: 'xstate.error.actor.movePoints', error: new ApiError(409, 'INSUFFICIENT_POINTS', 'no') },
  { type: 'sale.open' },
  { type: 'sale.change', value: '12,50' },
  { type: 'sale.submit' },
  { type: 'xstate.done.actor.recordSale', output: CARD },
  { type: 'xstate.error.actor.recordSale', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  { type: 'offer.redeem', offerId: cheap.id },
  { type: 'offer.redeem', offerId: dear.id },
  { type: 'coupon.redeem', couponId: ACTIVE.data[0]!.id },
  { type: 'dialog.confirm' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.redeemOffer', output: CARD },
  { type: 'xstate.error.actor.redeemOffer', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  { type: 'xstate.done.actor.redeemCoupon', output: {} },
  { type: 'xstate.error.actor.redeemCoupon', error: new ApiError(409, 'COUPON_ALREADY_CLAIMED', 'used') },
  { type: 'client.edit' },
  { type: 'xstate.done.actor.clientForm', output: { client: EDITED } },
  { type: 'xstate.done.actor.clientForm', output: { client: null } },
  { type: 'client.delete' },
  { type: 'xstate.done.actor.deleteClient' },
  { type: 'xstate.error.actor.deleteClient', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
]

/**
 * The parts of the context that steer the flow: without this abstraction the three parallel regions
 * multiply into tens of thousands of states.
 */
const serialize = (s: unknown) => {
  const { value, context: c } = s as { value: unknown; context: ClientDetailContext }
  return JSON.stringify({
    v: value,
    points: c.points,
    amount: c.amount,
    coupons: c.coupons.state,
    balance: c.info?.points,
    name: c.info?.firstName,
    active: c.activeCoupons.length,
    error: c.error,
  })
}

function paths(machine: AnyStateMachine) {
  return getShortestPaths(machine, {
    events: events as never,
    input: input as never,
    serializeState: serialize,
  })
}

describe('client detail rules (pure)', () => {
  it('reads points as a signed whole number and checks the balance for a debit', () => {
    expect(parsePoints('+50')).toBe(50)
    expect(parsePoints(' -20 ')).toBe(-20)
    expect(parsePoints('1.5')).toBeNull()
    expect(parsePoints('abc')).toBeNull()
    expect(validatePoints('', 10)).toBe('loyalty.editPoints.errors.required')
    expect(validatePoints('0', 10)).toBe('loyalty.editPoints.errors.invalid')
    expect(validatePoints('2000000', 10)).toBe('loyalty.editPoints.errors.invalid')
    expect(validatePoints('-11', 10)).toBe('loyalty.editPoints.errors.insufficient')
    expect(validatePoints('-10', 10)).toBeNull()
    expect(validatePoints('25', 0)).toBeNull()
  })

  it('reads a sale amount with a comma or a dot and up to 2 decimals, above zero', () => {
    for (const ok of ['12', '12.5', '12,50', '0,01']) expect(validateSaleAmount(ok), ok).toBeNull()
    for (const bad of ['', '0', '-3', '12.345', '1e3', 'abc', '100000.01'])
      expect(validateSaleAmount(bad), bad).not.toBeNull()
  })

  it('replaces the figures with the card’s and puts its transaction on top, once', () => {
    const name = (id: string | null) => (id === STORE_1 ? 'Maison Dupont 1' : null)
    const once = applyCard(INFO, CARD, name)
    expect(once).toMatchObject({ points: CARD.points, totalCollectedPoints: CARD.totalCollectedPoints })
    expect(once.transactions[0]).toMatchObject({ id: CARD.transaction!.id, storeName: 'Maison Dupont 1' })
    expect(applyCard(once, CARD, name).transactions).toHaveLength(INFO.transactions.length + 1)
  })
})

/**
 * What the page must show after a path's last event, stated from the events alone: typed values
 * folded from the change events, each answer closing or keeping its dialog, each confirm calling.
 */
function expectLastEventShown(
  events: { type: string; [k: string]: unknown }[],
  snapshot: ReturnType<ReturnType<typeof harness>['getInitialSnapshot']>,
  calls: Calls,
  effects: string[],
) {
  const view = toClientDetailView(snapshot as never)
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  // The balance the points are checked against: the loaded one, or the card's after a move.
  let balance = INFO.points
  let points = ''
  let amount = ''
  for (const e of events) {
    if (e.type === 'points.open') points = ''
    if (e.type === 'points.change') points = e.value as string
    if (e.type === 'sale.open') amount = ''
    if (e.type === 'sale.change') amount = e.value as string
    if (/^xstate\.done\.actor\.(movePoints|recordSale|redeemOffer)$/.test(e.type)) balance = CARD.points
  }
  switch (last?.type) {
    case undefined:
    case 'detail.retry':
      expect(view.isLoading).toBe(true)
      expect(lastCall).toMatchObject({ actor: 'loadClient', input: { clientId: ID } })
      break
    case 'xstate.done.actor.loadClient':
      expect(view).toMatchObject({ isLoading: false, isFailed: false, dialog: null })
      expect(view.info?.id).toBe(ID)
      expect(view.coupons.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadCoupons')
      break
    case 'xstate.error.actor.loadClient':
      expect(view).toMatchObject({ isLoading: false, isFailed: true, info: null })
      expect(view.error).not.toBeNull()
      break
    case 'xstate.done.actor.loadCoupons':
      expect(view.coupons).toMatchObject({ isLoading: false, isFailed: false, total: COUPONS.metadata.total })
      expect(view.coupons.rows).toEqual(COUPONS.data)
      break
    case 'xstate.error.actor.loadCoupons':
      expect(view.coupons).toMatchObject({ isLoading: false, isFailed: true })
      break
    case 'coupons.filter':
      expect(view.coupons.isLoading).toBe(true)
      expect(lastCall).toMatchObject({ actor: 'loadCoupons', input: { state: last.state } })
      break
    case 'coupons.retry':
      expect(view.coupons.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadCoupons')
      break
    case 'points.open':
      expect(view).toMatchObject({ dialog: 'points', points: '', fieldError: null, isSubmitting: false })
      break
    case 'points.change':
      expect(view).toMatchObject({ dialog: 'points', points: last.value, fieldError: null })
      break
    case 'points.submit': {
      const rule = validatePoints(points, balance)
      expect(view.dialog).toBe('points')
      expect(view.isSubmitting).toBe(rule === null)
      expect(view.fieldError).toBe(rule)
      if (rule === null)
        expect(lastCall).toMatchObject({ actor: 'movePoints', input: { points: Number(points) } })
      break
    }
    case 'sale.open':
      expect(view).toMatchObject({ dialog: 'sale', amount: '', fieldError: null, isSubmitting: false })
      break
    case 'sale.change':
      expect(view).toMatchObject({ dialog: 'sale', amount: last.value, fieldError: null })
      break
    case 'sale.submit': {
      const rule = validateSaleAmount(amount)
      expect(view.dialog).toBe('sale')
      expect(view.isSubmitting).toBe(rule === null)
      if (rule === null) expect(lastCall).toMatchObject({ actor: 'recordSale', input: { amount } })
      else expect(view.fieldError).toBe(rule)
      break
    }
    case 'xstate.done.actor.movePoints':
    case 'xstate.done.actor.recordSale':
    case 'xstate.done.actor.redeemOffer':
      // The card's figures replace the page's, the dialog closes and a toast says so.
      expect(view.dialog).toBeNull()
      expect(view.info?.points).toBe(CARD.points)
      expect(view.info?.transactions[0]?.id).toBe(CARD.transaction!.id)
      expect(effects.at(-1)).toMatch(/^notify:/)
      break
    case 'xstate.error.actor.movePoints':
    case 'xstate.error.actor.recordSale':
      expect(view.dialog).toBe(last.type.endsWith('movePoints') ? 'points' : 'sale')
      expect(view.isSubmitting).toBe(false)
      expect(view.fieldError ?? view.dialogError ?? effects.at(-1)).toBeTruthy()
      break
    case 'offer.redeem':
      expect(view.dialog).toBe('redeemOffer')
      expect(view.offerToRedeem?.id).toBe(last.offerId)
      break
    case 'coupon.redeem':
      expect(view.dialog).toBe('redeemCoupon')
      expect(view.couponToRedeem?.id).toBe(last.couponId)
      break
    case 'dialog.confirm': {
      expect(view.isSubmitting).toBe(true)
      const actor = { redeemOffer: 'redeemOffer', redeemCoupon: 'redeemCoupon', delete: 'deleteClient' }[
        view.dialog as string
      ]
      expect(lastCall?.actor).toBe(actor)
      break
    }
    case 'dialog.close':
      expect(view.dialog).toBeNull()
      break
    case 'xstate.error.actor.redeemOffer':
    case 'xstate.error.actor.redeemCoupon':
    case 'xstate.error.actor.deleteClient':
      expect(view.isSubmitting).toBe(false)
      expect(view.dialog).not.toBeNull()
      expect(view.dialogError ?? effects.at(-1)).toBeTruthy()
      break
    case 'xstate.done.actor.redeemCoupon':
      expect(view.dialog).toBeNull()
      expect(view.activeCoupons.some((c) => c.id === ACTIVE.data[0]!.id)).toBe(false)
      expect(effects.at(-1)).toMatch(/^notify:/)
      break
    case 'client.edit':
      expect(view.dialog).toBe('edit')
      break
    case 'xstate.done.actor.clientForm': {
      const client = (last.output as { client: ClientDetail | null }).client
      expect(view.dialog).toBeNull()
      if (client) expect(view.info?.firstName).toBe(client.firstName)
      break
    }
    case 'client.delete':
      expect(view).toMatchObject({ dialog: 'delete', isSubmitting: false })
      break
    case 'xstate.done.actor.deleteClient':
      expect(view.isDeleted).toBe(true)
      expect(effects).toContain('goToList')
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('client detail machine', () => {
  const generated = paths(clientDetailMachine)

  it('reaches every state', () => {
    expectEveryStateReached(clientDetailMachine, generated)
  })

  it('replays every path: moves only at the current store, valid points, a toast per answer', () => {
    expect(generated.length).toBeGreaterThan(100)
    checkEachPath(generated, (path, events) => {
      const calls: Calls = []
      const effects: string[] = []
      const actor = createActor(harness(calls, effects), { input }).start()
      for (const event of events) actor.send(event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      expectLastEventShown(events, snapshot, calls, effects)
      for (const c of calls) {
        const i = c.input as Record<string, unknown>
        if (c.actor === 'movePoints') {
          expect(i).toMatchObject({ userId: ID, merchantId: FRANCHISE_ID, storeId: STORE_1 })
          expect(Number.isInteger(i.points) && i.points !== 0).toBe(true)
        }
        if (['recordSale', 'redeemOffer', 'redeemCoupon'].includes(c.actor)) expect(i.storeId).toBe(STORE_1)
        if (c.actor === 'recordSale') expect(validateSaleAmount(i.amount as string)).toBeNull()
        if (c.actor === 'redeemOffer') expect(i.offerId).toBe(cheap.id)
      }
      const answers = path.steps.filter((s) =>
        /^xstate\.(done|error)\.actor\.(movePoints|recordSale|redeemOffer|redeemCoupon|deleteClient)$/.test(
          s.event.type,
        ),
      )
      // Each answer of a move is told in a toast (success or §8 error) when it reached its dialog.
      expect(effects.filter((e) => e.startsWith('notify:')).length).toBeLessThanOrEqual(
        answers.length + path.steps.filter((s) => s.event.type === 'xstate.done.actor.clientForm').length,
      )
      if (snapshot.matches('deleted')) expect(effects).toContain('goToList')
      if (snapshot.matches('failed')) expect(snapshot.context.info).toBeNull()
    })
  }, 60_000)

  const start = () => {
    const calls: Calls = []
    const effects: string[] = []
    const actor = createActor(harness(calls, effects), { input }).start()
    const send = (event: Record<string, unknown>) => actor.send(event as never)
    send({ type: 'xstate.done.actor.loadClient', output: LOADED })
    return { actor, calls, effects, send, view: () => toClientDetailView(actor.getSnapshot()) }
  }

  it('loads the information, the loyalty and the active coupons, then the coupons list', () => {
    const { calls, view } = start()
    expect(calls.map((c) => c.actor)).toEqual(['loadClient', 'loadCoupons'])
    expect(calls[0]!.input).toEqual({ franchiseId: FRANCHISE_ID, clientId: ID, storeId: STORE_1 })
    expect(calls[1]!.input).toMatchObject({ page: 1, size: 5, state: null })
    expect(view().offers.map((o) => o.redeemPointAmount)).toEqual(
      [...OFFERS.map((o) => o.redeemPointAmount)].sort((a, b) => a - b),
    )
  })

  it('sets the failed-information state on a failure and retries', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input }).start()
    actor.send({
      type: 'xstate.error.actor.loadClient',
      error: new ApiError(404, 'CLIENT_NOT_FOUND', 'x'),
    } as never)
    expect(toClientDetailView(actor.getSnapshot())).toMatchObject({
      isFailed: true,
      info: null,
      error: 'pages.clients.errors.notFound',
    })
    actor.send({ type: 'detail.retry' })
    expect(calls.map((c) => c.actor)).toEqual(['loadClient', 'loadClient'])
  })

  it('credits points: the dialog closes, the client info is replaced, "successAddMessage"', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'points.open' })
    send({ type: 'points.submit' })
    expect(view()).toMatchObject({ dialog: 'points', fieldError: 'loyalty.editPoints.errors.required' })
    send({ type: 'points.change', value: '50' })
    expect(view()).toMatchObject({ fieldError: null, pointsDirection: 'credit' })
    send({ type: 'points.submit' })
    expect(view().isSubmitting).toBe(true)
    expect(calls.at(-1)).toEqual({
      actor: 'movePoints',
      input: { userId: ID, merchantId: FRANCHISE_ID, storeId: STORE_1, points: 50 },
    })
    send({ type: 'xstate.done.actor.movePoints', output: CARD })
    expect(view()).toMatchObject({ dialog: null, points: '' })
    expect(view().info).toMatchObject({ points: CARD.points })
    expect(view().info!.transactions[0]!.id).toBe(CARD.transaction!.id)
    expect(effects).toEqual(['notify:loyalty.editPoints.successAddMessage'])
  })

  it("says so when the card's maximum took part of a credit (the ledger credits up to the cap)", () => {
    const { send, effects, view } = start()
    send({ type: 'points.open' })
    send({ type: 'points.change', value: '50' })
    send({ type: 'points.submit' })
    const capped = { ...CARD, points: INFO.points + 1, transaction: { ...CARD.transaction!, points: 1 } }
    send({ type: 'xstate.done.actor.movePoints', output: capped })
    expect(view()).toMatchObject({ dialog: null })
    expect(view().info).toMatchObject({ points: INFO.points + 1 })
    expect(effects).toEqual(['notify:loyalty.editPoints.cappedMessage'])
  })

  it('debits points with "successRemoveMessage", refuses more than the balance, shows a 409 clearly', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'points.open' })
    send({ type: 'points.change', value: `-${INFO.points + 1}` })
    send({ type: 'points.submit' })
    expect(view().fieldError).toBe('loyalty.editPoints.errors.insufficient')
    expect(calls.filter((c) => c.actor === 'movePoints')).toHaveLength(0)
    send({ type: 'points.change', value: '-10' })
    send({ type: 'points.submit' })
    send({ type: 'xstate.error.actor.movePoints', error: new ApiError(409, 'INSUFFICIENT_POINTS', 'no') })
    expect(view()).toMatchObject({ dialog: 'points', fieldError: 'loyalty.editPoints.errors.insufficient' })
    expect(effects).toEqual(['notify:loyalty.editPoints.errorMessage'])
    send({ type: 'points.submit' })
    send({ type: 'xstate.done.actor.movePoints', output: { ...CARD, points: INFO.points - 10 } })
    expect(effects.at(-1)).toBe('notify:loyalty.editPoints.successRemoveMessage')
  })

  it('needs a current store for points, sales and redemptions (§5 "No store selected")', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: { ...input, storeId: null } }).start()
    actor.send({ type: 'xstate.done.actor.loadClient', output: LOADED } as never)
    for (const type of ['points.open', 'sale.open']) actor.send({ type } as never)
    actor.send({ type: 'offer.redeem', offerId: cheap.id })
    expect(toClientDetailView(actor.getSnapshot())).toMatchObject({ dialog: null, hasStore: false })
  })

  it('records a sale with a comma decimal, then refreshes the figures silently', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'sale.open' })
    send({ type: 'sale.change', value: '12,345' })
    send({ type: 'sale.submit' })
    expect(view().fieldError).toBe('loyalty.addSale.errors.invalid')
    send({ type: 'sale.change', value: ' 12,34 ' })
    send({ type: 'sale.submit' })
    expect(calls.at(-1)).toEqual({
      actor: 'recordSale',
      input: { storeId: STORE_1, clientId: ID, amount: '12,34' },
    })
    send({ type: 'xstate.done.actor.recordSale', output: CARD })
    expect(effects).toEqual(['notify:loyalty.addSale.addSaleSuccess'])
    expect(view()).toMatchObject({ dialog: null, isRefreshing: true })
    expect(calls.at(-1)!.actor).toBe('loadClient')
  })

  it('redeems an offer the balance covers, after a confirmation; not one it does not', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'offer.redeem', offerId: dear.id })
    expect(view().dialog).toBeNull()
    send({ type: 'offer.redeem', offerId: cheap.id })
    expect(view()).toMatchObject({ dialog: 'redeemOffer', offerToRedeem: { id: cheap.id } })
    expect(calls.filter((c) => c.actor === 'redeemOffer')).toHaveLength(0)
    send({ type: 'dialog.confirm' })
    expect(calls.at(-1)).toEqual({
      actor: 'redeemOffer',
      input: { offerId: cheap.id, userId: ID, storeId: STORE_1 },
    })
    send({ type: 'xstate.error.actor.redeemOffer', error: new ApiError(500, 'INTERNAL_ERROR', 'x') })
    expect(view()).toMatchObject({
      dialog: 'redeemOffer',
      dialogError: 'pages.clients.offersDialog.errors.redeem',
    })
    send({ type: 'dialog.confirm' })
    send({ type: 'xstate.done.actor.redeemOffer', output: { ...CARD, points: 0 } })
    expect(view().dialog).toBeNull()
    expect(view().offers.every((o) => !o.canRedeem)).toBe(true)
    expect(effects).toEqual([
      'notify:pages.clients.offersDialog.errors.redeem',
      'notify:pages.clients.offersDialog.success',
    ])
  })

  it('redeems an active coupon after a confirmation and reloads the coupons list', () => {
    const { send, calls, effects, view } = start()
    const coupon = ACTIVE.data[0]!
    send({ type: 'coupon.redeem', couponId: coupon.id })
    expect(view().couponToRedeem).toMatchObject({ id: coupon.id })
    send({ type: 'dialog.confirm' })
    expect(calls.at(-1)).toEqual({ actor: 'redeemCoupon', input: { couponId: coupon.id, storeId: STORE_1 } })
    send({ type: 'xstate.done.actor.redeemCoupon', output: {} })
    expect(view().activeCoupons.map((c) => c.id)).not.toContain(coupon.id)
    expect(effects).toEqual(['notify:pages.clients.couponsDialog.success'])
    expect(calls.at(-1)!.actor).toBe('loadCoupons')
  })

  it('pages and filters the coupons list', () => {
    const { send, calls } = start()
    send({ type: 'coupons.filter', state: 'expired' })
    expect(calls.at(-1)!.input).toMatchObject({ page: 1, state: 'expired' })
    send({ type: 'coupons.page', page: 2 })
    expect(calls.at(-1)!.input).toMatchObject({ page: 2, state: 'expired' })
    send({ type: 'coupons.filter', state: 'bogus' })
    expect(calls.filter((c) => c.actor === 'loadCoupons')).toHaveLength(3)
  })

  it('edits the client through the client form and replaces the information', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'client.edit' })
    expect(view().dialog).toBe('edit')
    expect(calls.at(-1)).toMatchObject({
      actor: 'clientForm',
      input: { mode: 'edit', clientId: ID, values: expect.objectContaining({ firstName: INFO.firstName }) },
    })
    send({ type: 'xstate.done.actor.clientForm', output: { client: EDITED } })
    expect(view().info).toMatchObject({ firstName: 'Marie-Anne' })
    expect(view().info!.transactions).toEqual(INFO.transactions)
    expect(effects).toEqual(['notify:pages.clients.editClient.success'])
  })

  it('deletes after a confirmation, then goes back to the list; a failure says so', () => {
    const { send, calls, effects, view, actor } = start()
    send({ type: 'client.delete' })
    send({ type: 'dialog.close' })
    expect(calls.filter((c) => c.actor === 'deleteClient')).toHaveLength(0)
    send({ type: 'client.delete' })
    send({ type: 'dialog.confirm' })
    send({ type: 'xstate.error.actor.deleteClient', error: new ApiError(500, 'INTERNAL_ERROR', 'x') })
    expect(effects).toEqual(['notify:pages.clients.deleteClient.error'])
    expect(view().dialog).toBeNull()
    send({ type: 'client.delete' })
    send({ type: 'dialog.confirm' })
    send({ type: 'xstate.done.actor.deleteClient' })
    expect(effects.slice(1)).toEqual(['notify:pages.clients.deleteClient.success', 'goToList'])
    expect(actor.getSnapshot().status).toBe('done')
  })
})
