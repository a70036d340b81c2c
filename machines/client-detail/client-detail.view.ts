import type { SnapshotFrom } from 'xstate'
import { pageCount } from '../client-list/query'
import { parsePoints } from './client-detail'
import { COUPONS_PAGE_SIZE, type clientDetailMachine } from './client-detail.machine'

export type ClientDialog = 'points' | 'sale' | 'redeemOffer' | 'redeemCoupon' | 'edit' | 'delete' | null

/** What the client detail page renders. */
export function toClientDetailView(s: SnapshotFrom<typeof clientDetailMachine>) {
  const c = s.context
  const at = (value: string) => s.matches({ ready: { dialog: value } } as never)
  const dialog: ClientDialog = at('points')
    ? 'points'
    : at('sale')
      ? 'sale'
      : at('redeemingOffer')
        ? 'redeemOffer'
        : at('redeemingCoupon')
          ? 'redeemCoupon'
          : at('editing')
            ? 'edit'
            : at('deleting')
              ? 'delete'
              : null
  const isSubmitting =
    s.matches({ ready: { dialog: { points: 'submitting' } } }) ||
    s.matches({ ready: { dialog: { sale: 'submitting' } } }) ||
    s.matches({ ready: { dialog: { redeemingOffer: 'submitting' } } }) ||
    s.matches({ ready: { dialog: { redeemingCoupon: 'submitting' } } }) ||
    s.matches({ ready: { dialog: { deleting: 'submitting' } } })
  const moved = parsePoints(c.points)
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isDeleted: s.matches('deleted'),
    error: s.matches('failed') ? c.error : null,
    info: c.info,
    offers: c.offers,
    activeCoupons: c.activeCoupons,
    coupons: {
      ...c.coupons,
      pageCount: pageCount(c.coupons.total, COUPONS_PAGE_SIZE),
      isLoading: s.matches({ ready: { coupons: 'loading' } }),
      isFailed: s.matches({ ready: { coupons: 'failed' } }),
    },
    isRefreshing: s.matches({ ready: { info: 'refreshing' } }),
    /** Points, sales and redemptions need a current store (§5 "No store selected"). */
    hasStore: c.storeId !== null,
    dialog,
    isSubmitting,
    points: c.points,
    /** Whether the typed points credit (positive) or debit (negative) the client. */
    pointsDirection:
      moved === null || moved === 0 ? null : moved > 0 ? ('credit' as const) : ('debit' as const),
    amount: c.amount,
    fieldError: c.fieldError,
    dialogError: c.dialogError,
    offerToRedeem: dialog === 'redeemOffer' ? (c.offers.find((o) => o.id === c.offerId) ?? null) : null,
    couponToRedeem:
      dialog === 'redeemCoupon'
        ? (c.activeCoupons.find((x) => x.id === c.couponId) ??
          c.coupons.rows.find((x) => x.id === c.couponId) ??
          null)
        : null,
  }
}
export type ClientDetailView = ReturnType<typeof toClientDetailView>
