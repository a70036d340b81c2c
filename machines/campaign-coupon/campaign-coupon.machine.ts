// The public coupon page (/coupon/:code, issue 18): a campaign's short link leads a customer here to
// show the coupon at the counter. It loads the coupon once; an unknown code is "not found" (nothing
// to retry), any other failure shows a retry.
import { assign, setup } from 'xstate'
import type { PublicCampaignCoupon } from '../../src/domain/campaign-contract'
import { loadCoupon } from './campaign-coupon.actors'

export type LoadCouponInput = { code: string }

export type CampaignCouponContext = {
  code: string
  coupon: PublicCampaignCoupon | null
}

export type CampaignCouponEvent = { type: 'coupon.retry' }

const isNotFound = (error: unknown) => (error as { status?: number } | undefined)?.status === 404

export const campaignCouponMachine = setup({
  types: {
    context: {} as CampaignCouponContext,
    events: {} as CampaignCouponEvent,
    input: {} as { code: string },
  },
  // The real call (src/api); tests and stories provide a fake.
  actors: { loadCoupon },
  guards: {
    isUnknownCode: ({ event }) => isNotFound((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'campaignCoupon',
  context: ({ input }) => ({ code: input.code, coupon: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCoupon',
        src: 'loadCoupon',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'shown', actions: assign({ coupon: ({ event }) => event.output }) },
        onError: [{ guard: 'isUnknownCode', target: 'notFound' }, { target: 'failed' }],
      },
    },
    shown: {},
    notFound: {},
    failed: { on: { 'coupon.retry': 'loading' } },
  },
})
