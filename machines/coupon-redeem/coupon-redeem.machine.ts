// Redeeming a coupon at the counter (issue 34, /pages/coupons/:code): the code the customer shows,
// typed (or typed by a counter's scanner, which reads the QR code's address) or opened from the QR
// code with a phone's camera; the coupon and whose it is, then "Redeem" once it is active. An unknown
// code says so; a failed read or redemption says so and can be tried again.
import { assign, setup } from 'xstate'
import { type CounterCoupon, couponCodeOf } from '../../src/domain/coupons'
import { loadCoupon, redeemCoupon } from './coupon-redeem.actors'

export type CouponRedeemInput = { code: string | null }
export type CouponRedeemContext = {
  /** What is typed in the code field. */
  typed: string
  /** The code of the coupon shown (or being read). */
  code: string | null
  coupon: CounterCoupon | null
  /** Why the redemption was refused (COUPON_ALREADY_CLAIMED …), or null. */
  refusal: string | null
}
export type CouponRedeemEvent =
  | { type: 'coupon.type'; value: string }
  | { type: 'coupon.find' }
  | { type: 'coupon.redeem' }
  | { type: 'coupon.retry' }

const statusOf = (event: unknown) => (event as { error?: { status?: number } }).error?.status
const codeOf = (event: unknown) => (event as { error?: { code?: string } }).error?.code ?? null

export const couponRedeemMachine = setup({
  types: {
    input: {} as CouponRedeemInput,
    context: {} as CouponRedeemContext,
    events: {} as CouponRedeemEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: { loadCoupon, redeemCoupon },

  guards: {
    hasCode: ({ context }) => context.code !== null,
    canFind: ({ context }) => couponCodeOf(context.typed) !== '',
    canRedeem: ({ context }) => context.coupon?.state === 'active',
    isUnknown: ({ event }) => statusOf(event) === 404,
    isRefused: ({ event }) => statusOf(event) === 409,
  },
  actions: {
    setTyped: assign({ typed: ({ event }) => (event as { value: string }).value }),
    takeTyped: assign(({ context }) => ({ code: couponCodeOf(context.typed), coupon: null, refusal: null })),
    setCoupon: assign({ coupon: ({ event }) => (event as unknown as { output: CounterCoupon }).output }),
    setRefusal: assign({ refusal: ({ event }) => codeOf(event) }),
  },
}).createMachine({
  id: 'couponRedeem',
  context: ({ input }) => {
    const code = couponCodeOf(input.code ?? '') || null
    return { typed: input.code ?? '', code, coupon: null, refusal: null }
  },
  initial: 'opening',
  on: {
    'coupon.type': { actions: 'setTyped' },
    'coupon.find': { guard: 'canFind', target: '.loading', actions: 'takeTyped' },
  },
  states: {
    // Opened from the QR code: the address's code is read at once; else the field waits for one.
    opening: { always: [{ guard: 'hasCode', target: 'loading' }, { target: 'idle' }] },
    idle: {},
    loading: {
      invoke: {
        id: 'loadCoupon',
        src: 'loadCoupon',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: { target: 'shown', actions: 'setCoupon' },
        onError: [{ guard: 'isUnknown', target: 'notFound' }, { target: 'failed' }],
      },
    },
    notFound: {},
    failed: { on: { 'coupon.retry': 'loading' } },
    shown: { on: { 'coupon.redeem': { guard: 'canRedeem', target: 'redeeming' } } },
    redeeming: {
      invoke: {
        id: 'redeemCoupon',
        src: 'redeemCoupon',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: { target: 'redeemed', actions: 'setCoupon' },
        onError: [
          // Used or expired meanwhile: read it again to show why.
          { guard: 'isRefused', target: 'loading', actions: 'setRefusal' },
          { target: 'redeemFailed' },
        ],
      },
    },
    redeemed: {},
    redeemFailed: { on: { 'coupon.retry': 'redeeming' } },
  },
})
