import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { campaignCouponMachine, toCampaignCouponView } from '../../machines/campaign-coupon'
import { ApiError } from '../../src/api/client'
import type { PublicCampaignCoupon } from '../../src/domain/campaign-contract'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

const CODE = 'Ab3_x-Yz09Qw'
const COUPON: PublicCampaignCoupon = {
  franchiseName: 'Maison Dupont',
  franchiseLogo: null,
  type: 'flat',
  value: 500,
  currencyCode: 'EUR',
  header: '5 € offerts',
  productDescription: null,
  termsOfUse: 'Dès 20 € d’achat',
  expiresAt: '2026-12-08T09:00:00.000Z',
  state: 'active',
  counterCode: 'K7MQ2XPA',
}
const ACTORS = ['loadCoupon']
const events = [
  { type: 'coupon.retry' },
  { type: 'xstate.done.actor.loadCoupon', output: COUPON },
  { type: 'xstate.done.actor.loadCoupon', output: { ...COUPON, state: 'claimed' } },
  { type: 'xstate.error.actor.loadCoupon', error: new ApiError(404, 'COUPON_NOT_FOUND', 'x') },
  { type: 'xstate.error.actor.loadCoupon', error: new ApiError(0, 'NETWORK_ERROR', 'x') },
]

function start(calls: Calls = []) {
  return createActor(campaignCouponMachine.provide({ actors: recordingActors(ACTORS, calls) as never }), {
    input: { code: CODE },
  }).start()
}

describe('campaign coupon machine', () => {
  const paths = generatePaths(campaignCouponMachine, events, { code: CODE })

  it('reaches every state', () => {
    expectEveryStateReached(campaignCouponMachine, paths)
  })

  it('replays every path: the page shows what the last answer said, each load asking for the link’s code', () => {
    replayEachPath(campaignCouponMachine, paths, {
      actors: ACTORS,
      input: { code: CODE },
      check: ({ events, last, snapshot, calls }) => {
        const view = toCampaignCouponView(snapshot)
        // One load on opening and one per retry, always for the link's code.
        expect(calls).toHaveLength(1 + events.filter((e) => e.type === 'coupon.retry').length)
        for (const c of calls) expect(c.input).toEqual({ code: CODE })
        switch (last?.type) {
          case undefined:
          case 'coupon.retry':
            expect(view).toMatchObject({
              isLoading: true,
              isFailed: false,
              isNotFound: false,
              canRedeem: false,
            })
            break
          case 'xstate.done.actor.loadCoupon':
            expect(view.coupon).toEqual(last.output)
            expect(view.isLoading).toBe(false)
            expect(view.canRedeem).toBe(last.output.state === 'active')
            expect(view.stateMessage).toBe(last.output.state === 'claimed' ? 'pages.coupon.claimed' : null)
            break
          case 'xstate.error.actor.loadCoupon': {
            const unknown = last.error.status === 404
            expect(view).toMatchObject({
              isLoading: false,
              isNotFound: unknown,
              isFailed: !unknown,
              canRedeem: false,
            })
            break
          }
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('shows an active coupon with its counter code, and a used one without', () => {
    const actor = start()
    expect(toCampaignCouponView(actor.getSnapshot())).toMatchObject({ isLoading: true, coupon: null })
    actor.send({ type: 'xstate.done.actor.loadCoupon', output: COUPON } as never)
    expect(toCampaignCouponView(actor.getSnapshot())).toMatchObject({
      isLoading: false,
      canRedeem: true,
      stateMessage: null,
      coupon: COUPON,
    })
    const used = start()
    used.send({ type: 'xstate.done.actor.loadCoupon', output: { ...COUPON, state: 'expired' } } as never)
    expect(toCampaignCouponView(used.getSnapshot())).toMatchObject({
      canRedeem: false,
      stateMessage: 'pages.coupon.expired',
    })
  })

  it('says an unknown code is not found (no retry), and retries after any other failure', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({
      type: 'xstate.error.actor.loadCoupon',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(toCampaignCouponView(actor.getSnapshot())).toMatchObject({ isFailed: true, isNotFound: false })
    actor.send({ type: 'coupon.retry' })
    expect(calls).toHaveLength(2)
    actor.send({
      type: 'xstate.error.actor.loadCoupon',
      error: new ApiError(404, 'COUPON_NOT_FOUND', 'x'),
    } as never)
    expect(toCampaignCouponView(actor.getSnapshot())).toMatchObject({ isNotFound: true, isFailed: false })
    actor.send({ type: 'coupon.retry' })
    expect(calls).toHaveLength(2)
  })
})
