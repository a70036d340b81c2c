// The public coupon page (/coupon/:code): the coupon machine for this code, with the real call.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { campaignCouponMachine, toCampaignCouponView } from '../../../machines/campaign-coupon'
import { loadCoupon } from '../../../machines/campaign-coupon/campaign-coupon.actors'
import { CampaignCouponPage } from './CampaignCouponPage'

export function CampaignCouponContainer({ code }: { code: string }) {
  const [machine] = useState(() => campaignCouponMachine.provide({ actors: { loadCoupon } }))
  const ref = useActorRef(machine, { input: { code } })
  const view = useSelector(ref, toCampaignCouponView)
  return <CampaignCouponPage view={view} send={ref.send} />
}
