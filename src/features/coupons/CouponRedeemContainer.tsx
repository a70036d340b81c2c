// /pages/coupons/:code? (owner): the counter's redeem page, on the code of the address (the coupon's
// QR code leads here) or the one typed.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { couponRedeemMachine, toCouponRedeemView } from '../../../machines/coupon-redeem'
import { loadCoupon, redeemCoupon } from '../../../machines/coupon-redeem/coupon-redeem.actors'
import { CouponRedeemPage } from './CouponRedeemPage'

export function CouponRedeemContainer({ code }: { code?: string | undefined }) {
  const [machine] = useState(() => couponRedeemMachine.provide({ actors: { loadCoupon, redeemCoupon } }))
  const ref = useActorRef(machine, { input: { code: code ?? null } })
  const view = useSelector(ref, toCouponRedeemView)
  return <CouponRedeemPage view={view} send={ref.send} />
}
