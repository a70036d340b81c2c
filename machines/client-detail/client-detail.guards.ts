// The client page machine's guards, apart from the statechart (as zag keeps its implementations):
// each answers one question about the context and the event the machine hands it.
import { COUPON_STATES, type LoyaltyCard } from '../../src/domain/clients'
import type { ClientFormOutput } from '../client-form/client-form.machine'
import { parsePoints, validatePoints, validateSaleAmount } from './client-detail'
import { outputOf } from './client-detail.actions'
import type { ClientDetailContext, ClientDetailEvent } from './client-detail.types'

type Args = { context: ClientDetailContext; event: ClientDetailEvent }

export const clientDetailGuards = {
  hasStore: ({ context }: Args) => context.storeId !== null,
  isPointsValid: ({ context }: Args) => validatePoints(context.points, context.info?.points ?? 0) === null,
  isAmountValid: ({ context }: Args) => validateSaleAmount(context.amount) === null,
  // The balance must cover the offer; the list's flag says so (withRedeemable).
  canRedeemOffer: ({ context, event }: Args) =>
    context.storeId !== null &&
    event.type === 'offer.redeem' &&
    context.offers.some((o) => o.id === event.offerId && o.canRedeem !== false),
  // An active coupon beside the offers, or one of the list's rows that is still active.
  canRedeemCoupon: ({ context, event }: Args) =>
    context.storeId !== null &&
    event.type === 'coupon.redeem' &&
    (context.activeCoupons.some((c) => c.id === event.couponId) ||
      context.coupons.rows.some((c) => c.id === event.couponId && c.state === 'active')),
  isOtherCouponsPage: ({ context, event }: Args) =>
    event.type === 'coupons.page' &&
    Number.isSafeInteger(event.page) &&
    event.page >= 1 &&
    event.page !== context.coupons.page,
  isOtherCouponsState: ({ context, event }: Args) =>
    event.type === 'coupons.filter' &&
    (event.state === null || (COUPON_STATES as readonly string[]).includes(event.state)) &&
    event.state !== context.coupons.state,
  isCredit: ({ context }: Args) => (parsePoints(context.points) ?? 0) > 0,
  // The card's maximum took part of a credit (the ledger credits up to the cap): say so.
  isCreditCapped: ({ context, event }: Args) => {
    const asked = parsePoints(context.points) ?? 0
    const moved = outputOf<LoyaltyCard>(event)?.transaction?.points
    return asked > 0 && moved !== undefined && moved < asked
  },
  // The form closes with no client when it was cancelled.
  hasSavedClient: ({ event }: Args) => !!outputOf<ClientFormOutput | undefined>(event)?.client,
}
