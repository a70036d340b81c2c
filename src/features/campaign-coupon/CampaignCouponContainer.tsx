// The public coupon page (/coupon/:code): the coupon machine for this code, with the real call.
import { useActorRef, useSelector } from '@xstate/react'
import { campaignCouponMachine, toCampaignCouponView } from '../../../machines/campaign-coupon'
import { useProvided } from '../../ui/machines/provided'
import { CampaignCouponPage } from './CampaignCouponPage'

export function CampaignCouponContainer({ code }: { code: string }) {
  // The machine calls src/api itself; a test or a story hands one provided with a fake.
  const ref = useActorRef(useProvided(campaignCouponMachine), { input: { code } })
  const view = useSelector(ref, toCampaignCouponView)
  return <CampaignCouponPage view={view} send={ref.send} />
}
