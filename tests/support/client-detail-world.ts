// The client detail machine's test world (tests/machines/client-detail*.test.ts): the demo backend's
// client 1 loaded, its card after a move, the harness recording calls and effects, the events and the
// abstraction the path generator walks.
import { type AnyStateMachine, createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  type ClientDetailContext,
  clientDetailMachine,
  toClientDetailView,
} from '../../machines/client-detail'
import { ApiError } from '../../src/api/client'
import type { ClientDetail, LoyaltyCard } from '../../src/domain/clients'
import { clientId, createClientsBackend, FRANCHISE_ID, STORE_1, STORE_2 } from './clients-backend'
import type { Calls } from './model'

export const backend = createClientsBackend()
export const ID = clientId(1)
export const INFO = await backend.detail(FRANCHISE_ID, ID)
export const LOYALTY = await backend.loyalty(FRANCHISE_ID, ID)
export const ACTIVE = await backend.coupons(ID, { page: 1, size: 50, state: 'active' })
export const COUPONS = await backend.coupons(ID, { page: 1, size: 5 })
export const LOADED = { info: INFO, offers: LOYALTY.offers, activeCoupons: ACTIVE.data }
export const CARD: LoyaltyCard = {
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
export const EDITED: ClientDetail = { ...INFO, firstName: 'Marie-Anne', transactions: [] }
export const input = {
  clientId: ID,
  franchiseId: FRANCHISE_ID,
  storeId: STORE_1,
  country: 'FR' as const,
  stores: [
    { id: STORE_1, name: 'Maison Dupont 1' },
    { id: STORE_2, name: 'Maison Dupont 2' },
  ],
}
export const cheap = LOYALTY.offers.find((o) => o.canRedeem)!
export const dear = LOYALTY.offers.find((o) => !o.canRedeem)!
export const ACTORS = [
  'loadClient',
  'loadCoupons',
  'movePoints',
  'recordSale',
  'redeemOffer',
  'redeemCoupon',
  'deleteClient',
  'clientForm',
]

export function harness(calls: Calls, effects: string[]) {
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

export const events = [
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
export const serialize = (s: unknown) => {
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

export function paths(machine: AnyStateMachine) {
  return getShortestPaths(machine, {
    events: events as never,
    input: input as never,
    serializeState: serialize,
  })
}

/** A detail page loaded with LOADED, its calls and effects recorded. */
export function startDetail() {
  const calls: Calls = []
  const effects: string[] = []
  const actor = createActor(harness(calls, effects), { input }).start()
  const send = (event: Record<string, unknown>) => actor.send(event as never)
  send({ type: 'xstate.done.actor.loadClient', output: LOADED })
  return { actor, calls, effects, send, view: () => toClientDetailView(actor.getSnapshot()) }
}
