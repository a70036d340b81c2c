// The counter's redeem page (machines/coupon-redeem, issue 34): the code of the address or the one
// typed (as shown, or the QR code's address a scanner types), the coupon, and "Redeem" only while it
// is active; unknown codes, failures and refusals say so.
import { describe, expect, it } from 'vitest'
import { couponRedeemMachine, toCouponRedeemView } from '../../machines/coupon-redeem'
import { ApiError } from '../../src/api/client'
import type { CounterCoupon } from '../../src/domain/coupons'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const COUPON: CounterCoupon = {
  id: 'c1',
  code: 'K7MQ2XPA',
  clientId: 'u1',
  clientName: 'Pierre Vincent',
  type: 'flat',
  value: 250,
  currencyCode: 'EUR',
  header: 'Croissant offert',
  productDescription: null,
  termsOfUse: null,
  expiresAt: '2027-01-15T12:00:00.000Z',
  claimedAt: null,
  state: 'active',
}
const ACTORS = ['loadCoupon', 'redeemCoupon']
const events = [
  { type: 'coupon.type', value: 'https://shop.example/pages/coupons/K7MQ2XPA' },
  { type: 'coupon.type', value: 'k7mq-2xp0' },
  { type: 'coupon.find' },
  { type: 'coupon.redeem' },
  { type: 'coupon.retry' },
  { type: 'xstate.done.actor.loadCoupon', output: COUPON },
  { type: 'xstate.done.actor.loadCoupon', output: { ...COUPON, state: 'claimed' } },
  { type: 'xstate.error.actor.loadCoupon', error: new ApiError(404, 'COUPON_NOT_FOUND', 'x') },
  { type: 'xstate.error.actor.loadCoupon', error: new ApiError(0, 'NETWORK_ERROR', 'x') },
  { type: 'xstate.done.actor.redeemCoupon', output: { ...COUPON, state: 'claimed' } },
  { type: 'xstate.error.actor.redeemCoupon', error: new ApiError(409, 'COUPON_ALREADY_CLAIMED', 'x') },
  { type: 'xstate.error.actor.redeemCoupon', error: new ApiError(500, 'X', 'x') },
]

describe('coupon redeem machine', () => {
  const fromTyping = generatePaths(couponRedeemMachine, events, { code: null })
  const fromQr = generatePaths(couponRedeemMachine, events, { code: 'K7MQ2XPA' })

  it('reaches every state', () => {
    expectEveryStateReached(couponRedeemMachine, [...fromTyping, ...fromQr])
  })

  it('replays every path: reads only a whole code, redeems only an active coupon, by its code', () => {
    for (const [input, paths] of [
      [{ code: null }, fromTyping],
      [{ code: 'K7MQ2XPA' }, fromQr],
    ] as const) {
      for (const path of paths) {
        const calls: Calls = []
        const snapshot = replay(
          couponRedeemMachine.provide({ actors: recordingActors(ACTORS, calls) as never }),
          path.steps,
          input,
        )
        expect(snapshot.value).toEqual(path.state.value)
        for (const c of calls) expect(c.input).toEqual({ code: 'K7MQ2XPA' })
        const redeems = calls.filter((c) => c.actor === 'redeemCoupon').length
        const activeShown = path.steps.some(
          (s) => s.event.type === 'xstate.done.actor.loadCoupon' && s.event.output.state === 'active',
        )
        if (redeems > 0) expect(activeShown).toBe(true)
      }
    }
  })

  it('opens on the QR code’s code at once; a typed malformed code cannot be looked for', () => {
    const opened = replay(couponRedeemMachine.provide({ actors: recordingActors(ACTORS, []) as never }), [], {
      code: 'K7MQ2XPA',
    })
    expect(opened.value).toBe('loading')
    const typed = replay(
      couponRedeemMachine.provide({ actors: recordingActors(ACTORS, []) as never }),
      [{ event: { type: 'coupon.type', value: 'k7mq-2xp0' } }, { event: { type: 'coupon.find' } }],
      { code: null },
    )
    expect(typed.value).toBe('idle')
    expect(toCouponRedeemView(typed).canFind).toBe(false)
  })

  it('a claimed coupon offers no redemption; a refused one is read again to say why', () => {
    const actors = recordingActors(ACTORS, []) as never
    const claimed = replay(
      couponRedeemMachine.provide({ actors }),
      [{ event: { type: 'xstate.done.actor.loadCoupon', output: { ...COUPON, state: 'claimed' } } }],
      { code: 'K7MQ2XPA' },
    )
    expect(toCouponRedeemView(claimed)).toMatchObject({ canRedeem: false, coupon: { state: 'claimed' } })
    const refused = replay(
      couponRedeemMachine.provide({ actors }),
      [
        { event: { type: 'xstate.done.actor.loadCoupon', output: COUPON } },
        { event: { type: 'coupon.redeem' } },
        {
          event: {
            type: 'xstate.error.actor.redeemCoupon',
            error: new ApiError(409, 'COUPON_ALREADY_CLAIMED', 'x'),
          },
        },
      ],
      { code: 'K7MQ2XPA' },
    )
    expect(refused.value).toBe('loading')
    expect(toCouponRedeemView(refused).refusal).toBe('COUPON_ALREADY_CLAIMED')
  })
})
