// The client page machine's constants, input, context and events (kept apart from the machine, as
// zag does): the machine, its actors and its view all read them.
import type { CountryCode } from 'libphonenumber-js'
import type { ClientDetail, CouponRow, CouponState, OfferRow } from '../../src/domain/clients'

/** Rows of the coupons list (the list's page sizes, §9). */
export const COUPONS_PAGE_SIZE = 5
/** Active coupons shown beside the offers, ready to redeem. */
export const ACTIVE_COUPONS_LIMIT = 50

export type StoreRef = { id: string; name: string }

export type ClientDetailInput = {
  clientId: string
  franchiseId: string
  /** The toolbar's current store: points, sales and redemptions are made there (§4). */
  storeId: string | null
  country: CountryCode
  /** The signed-in user's stores, to name the store of a new transaction. */
  stores: StoreRef[]
}

export type LoadClientInput = { franchiseId: string; clientId: string; storeId: string | null }
export type LoadClientOutput = { info: ClientDetail; offers: OfferRow[]; activeCoupons: CouponRow[] }
export type LoadCouponsInput = {
  clientId: string
  franchiseId: string
  page: number
  size: number
  state: CouponState | null
}
export type CouponPageOutput = { data: CouponRow[]; metadata: { page: number; size: number; total: number } }
export type MovePointsInput = { userId: string; merchantId: string; storeId: string; points: number }
export type RecordSaleInput = { storeId: string; clientId: string; amount: string }
export type RedeemOfferInput = { offerId: string; userId: string; storeId: string }
export type RedeemCouponInput = { couponId: string; storeId: string }
export type DeleteClientInput = { franchiseId: string; clientId: string }

export type ClientDetailContext = ClientDetailInput & {
  info: ClientDetail | null
  offers: OfferRow[]
  activeCoupons: CouponRow[]
  /** A message id when the information could not be loaded. */
  error: string | null
  coupons: {
    rows: CouponRow[]
    total: number
    page: number
    state: CouponState | null
    error: string | null
  }
  /** The points dialog's field (a signed whole number). */
  points: string
  /** The sale dialog's amount (a decimal with comma or dot). */
  amount: string
  /** The dialog's field error, once a submit was tried or the server refused. */
  fieldError: string | null
  offerId: string | null
  couponId: string | null
  /** A message id inside an open confirm dialog (its last attempt failed). */
  dialogError: string | null
}

export type ClientDetailEvent =
  | { type: 'detail.retry' }
  | { type: 'detail.refresh' }
  | { type: 'points.open' }
  | { type: 'points.change'; value: string }
  | { type: 'points.submit' }
  | { type: 'sale.open' }
  | { type: 'sale.change'; value: string }
  | { type: 'sale.submit' }
  | { type: 'offer.redeem'; offerId: string }
  | { type: 'coupon.redeem'; couponId: string }
  | { type: 'coupons.page'; page: number }
  | { type: 'coupons.filter'; state: CouponState | null }
  | { type: 'coupons.retry' }
  | { type: 'coupons.reload' }
  | { type: 'client.edit' }
  | { type: 'client.delete' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.close' }
