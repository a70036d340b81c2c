// The counter's redeem page (machines/coupon-redeem, issue 34): the code of the address or the one
// typed (as shown, or the QR code's address a scanner types), the coupon, and "Redeem" only while it
// is active; unknown codes, failures and refusals say so.
import { describe, expect, it } from 'vitest'
import { couponRedeemMachine, toCouponRedeemView } from '../../machines/coupon-redeem'
import { ApiError } from '../../src/api/client'
import type { CounterCoupon } from '../../src/domain/coupons'
import {
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
  replayEachPath,
} from '../support/model'

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
      replayEachPath(couponRedeemMachine, paths, {
        actors: ACTORS,
        input,
        check: ({ events, last, snapshot, calls }) => {
          const view = toCouponRedeemView(snapshot)
          for (const c of calls) expect(c.input).toEqual({ code: 'K7MQ2XPA' })
          const redeems = calls.filter((c) => c.actor === 'redeemCoupon').length
          const activeShown = events.some(
            (e) => e.type === 'xstate.done.actor.loadCoupon' && e.output.state === 'active',
          )
          if (redeems > 0) expect(activeShown).toBe(true)
          switch (last?.type) {
            case undefined:
              expect(view.isLoading).toBe(input.code !== null)
              expect(calls).toHaveLength(input.code !== null ? 1 : 0)
              break
            case 'coupon.type':
              expect(view.typed).toBe(last.value)
              // The QR code's address holds a whole code; a typed code with a 0 (not in the alphabet) does not.
              expect(view.canFind).toBe(last.value.startsWith('https://'))
              break
            case 'coupon.find':
              expect(view.isLoading).toBe(true)
              expect(calls.at(-1)?.actor).toBe('loadCoupon')
              break
            case 'coupon.redeem':
              expect(view.isRedeeming).toBe(true)
              expect(calls.at(-1)?.actor).toBe('redeemCoupon')
              break
            case 'coupon.retry': {
              const failed = events.findLast((e) => e.type.startsWith('xstate.error.actor.'))!
              const actor = failed.type.slice('xstate.error.actor.'.length)
              expect(calls.at(-1)?.actor).toBe(actor)
              expect(actor === 'loadCoupon' ? view.isLoading : view.isRedeeming).toBe(true)
              break
            }
            case 'xstate.done.actor.loadCoupon':
              expect(view.coupon).toEqual(last.output)
              expect(view.canRedeem).toBe(last.output.state === 'active')
              break
            case 'xstate.error.actor.loadCoupon':
              expect(view.coupon).toBeNull()
              expect(view.isNotFound).toBe(last.error.status === 404)
              expect(view.isFailed).toBe(last.error.status !== 404)
              break
            case 'xstate.done.actor.redeemCoupon':
              expect(view).toMatchObject({ isRedeemed: true, canRedeem: false, coupon: last.output })
              break
            case 'xstate.error.actor.redeemCoupon':
              // A refusal (used meanwhile) reloads the coupon to show its state; a failure offers a retry.
              if (last.error.status === 409) {
                expect(view.isLoading).toBe(true)
                expect(view.refusal).not.toBeNull()
                expect(calls.at(-1)?.actor).toBe('loadCoupon')
              } else expect(view).toMatchObject({ isRedeemFailed: true, isRedeeming: false })
              break
            default:
              throw new Error(`no expectation for ${last?.type}`)
          }
        },
      })
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
