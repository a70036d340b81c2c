// The client page machine's actions, apart from the statechart (as zag keeps its implementations):
// each changes the context from the event the machine hands it, or is an effect the app provides.
import { assign } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { LoyaltyCard } from '../../src/domain/clients'
import type { ClientFormOutput } from '../client-form/client-form.machine'
import {
  applyCard,
  pointsErrorFromApi,
  redeemErrorFromApi,
  saleErrorFromApi,
  validatePoints,
  validateSaleAmount,
  withRedeemable,
} from './client-detail'
import type {
  ClientDetailContext,
  ClientDetailEvent,
  CouponPageOutput,
  LoadClientOutput,
} from './client-detail.types'

// The actors' done and error events are not in ClientDetailEvent (setup types them no better).
export const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error

/** assign, typed for this machine as setup() types its own. */
const set = assign<ClientDetailContext, ClientDetailEvent, undefined, ClientDetailEvent, never>

export type NoticeParams = { level: 'success' | 'error'; id: string }

/** The `notify` action with its toast (a §8 message id), for the statechart's transitions. */
export const toast = (level: NoticeParams['level'], id: string) =>
  ({ type: 'notify', params: { level, id } }) as const

export const clientDetailActions = {
  /** Provided by the app: a toast (§8 message id). */
  notify: (_: unknown, _params: NoticeParams) => {},
  /** Provided by the app: back to the client list (after a delete). */
  goToList: () => {},
  setLoaded: set(({ event }) => {
    const { info, offers, activeCoupons } = outputOf<LoadClientOutput>(event)
    return { info, offers: withRedeemable(offers, info.points), activeCoupons, error: null }
  }),
  // A malformed id (400) names no client either.
  setLoadFailure: set(({ event }) => {
    const status = errorOf(event)?.status
    return {
      error:
        status === 404 || status === 400
          ? 'pages.clients.errors.notFound'
          : 'pages.clients.errors.information',
    }
  }),
  setCoupons: set(({ context, event }) => {
    const page = outputOf<CouponPageOutput>(event)
    return { coupons: { ...context.coupons, rows: page.data, total: page.metadata.total, error: null } }
  }),
  setCouponsFailure: set(({ context }) => ({
    coupons: { ...context.coupons, rows: [], total: 0, error: 'pages.clients.coupons.errors.load' },
  })),
  setCouponsPage: set(({ context, event }) =>
    event.type === 'coupons.page' ? { coupons: { ...context.coupons, page: event.page } } : {},
  ),
  setCouponsState: set(({ context, event }) =>
    event.type === 'coupons.filter' ? { coupons: { ...context.coupons, state: event.state, page: 1 } } : {},
  ),
  openPoints: set({ points: '', fieldError: null, dialogError: null }),
  setPoints: set(({ event }) =>
    event.type === 'points.change' ? { points: event.value, fieldError: null } : {},
  ),
  showPointsError: set(({ context }) => ({
    fieldError: validatePoints(context.points, context.info?.points ?? 0),
  })),
  openSale: set({ amount: '', fieldError: null, dialogError: null }),
  setAmount: set(({ event }) =>
    event.type === 'sale.change' ? { amount: event.value, fieldError: null } : {},
  ),
  showAmountError: set(({ context }) => ({ fieldError: validateSaleAmount(context.amount) })),
  showPointsFailure: set(({ event }) => ({ fieldError: pointsErrorFromApi(errorOf(event)) })),
  showSaleFailure: set(({ event }) => ({ fieldError: saleErrorFromApi(errorOf(event)) })),
  chooseOffer: set(({ event }) =>
    event.type === 'offer.redeem' ? { offerId: event.offerId, dialogError: null } : {},
  ),
  chooseCoupon: set(({ event }) =>
    event.type === 'coupon.redeem' ? { couponId: event.couponId, dialogError: null } : {},
  ),
  showOfferFailure: set(({ event }) => ({ dialogError: redeemErrorFromApi(errorOf(event), 'offer') })),
  showCouponFailure: set(({ event }) => ({ dialogError: redeemErrorFromApi(errorOf(event), 'coupon') })),
  clearDialog: set({
    points: '',
    amount: '',
    fieldError: null,
    dialogError: null,
    offerId: null,
    couponId: null,
  }),
  applyCard: set(({ context, event }) => {
    if (!context.info) return {}
    const card = outputOf<LoyaltyCard>(event)
    const names = new Map(context.stores.map((s) => [s.id, s.name]))
    const info = applyCard(context.info, card, (id) => (id ? (names.get(id) ?? null) : null))
    return { info, offers: withRedeemable(context.offers, info.points) }
  }),
  dropRedeemedCoupon: set(({ context }) => ({
    activeCoupons: context.activeCoupons.filter((c) => c.id !== context.couponId),
  })),
  replaceInfo: set(({ context, event }) => {
    const client = outputOf<ClientFormOutput>(event).client
    if (!client || !context.info) return {}
    // The form's answer carries the client's fields; keep the history if it came without one.
    return {
      info: {
        ...client,
        transactions: client.transactions.length ? client.transactions : context.info.transactions,
      },
    }
  }),
}
