// /pages/coupons/:code? (owner): the counter's redeem page, on the code of the address (the coupon's
// QR code leads here) or the one typed.
import { useActorRef, useSelector } from '@xstate/react'
import { couponRedeemMachine, toCouponRedeemView } from '../../../machines/coupon-redeem'
import { useProvided } from '../../ui/machines/provided'
import { CouponRedeemPage } from './CouponRedeemPage'

export function CouponRedeemContainer({ code }: { code?: string | undefined }) {
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const machine = useProvided(couponRedeemMachine)
  const ref = useActorRef(machine, { input: { code: code ?? null } })
  const view = useSelector(ref, toCouponRedeemView)
  return <CouponRedeemPage view={view} send={ref.send} />
}
