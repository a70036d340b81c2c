// The gift wheel (issue 22; SPEC §3 Game, §4 Game, §9 "reward weights"): what the wheel is made of and
// how it is drawn, shared by the merchant's preview, the public play page and the server. Kept apart
// from games.ts (the merchant's input rules) so that the public page's chunk carries only this.
//
// A weight is a reward's win probability in per cent, with up to two decimals. The draw works on whole
// hundredths of a per cent (WEIGHT_UNITS = 10,000 for 100 %): no floating point in the draw, and "lose"
// is exactly the remainder.
import { array, boolean, enums, type Infer, nullable, number, string, type } from 'superstruct'
import { ShownCoupon } from './coupons'
import type { Locale } from './locale'
import { PHONE_CODE } from './phone-codes'
import { smsName } from './scan'
import { todayIn } from './today'

export const GAME_TYPES = ['WHEEL'] as const
export const GAME_ACTIONS = ['GOOGLE', 'INSTAGRAM', 'FACEBOOK', 'STORE_OPENING'] as const
export type GameAction = (typeof GAME_ACTIONS)[number]
export const REWARD_TYPES = ['POINTS', 'COUPON', 'COUPON_POINTS'] as const
export type RewardType = (typeof REWARD_TYPES)[number]
/** §4 Game: what the history and the detail show. */
export const GAME_STATUSES = ['ACTIVE', 'ENDED', 'DISABLED'] as const
export type GameStatus = (typeof GAME_STATUSES)[number]

/** 100 % in the draw's units (hundredths of a per cent). */
export const WEIGHT_UNITS = 10_000
/** A weight in per cent → whole draw units. */
export const weightUnits = (weight: number) => Math.round(weight * 100)

/** Today in the franchise's zone ('YYYY-MM-DD'): a game's days are the franchise's local days. */
export const gameToday = todayIn

/**
 * §4 Game: disabled by the merchant, ended after its last day (inclusive), else active (a game whose
 * first day is still to come is active and says so on its play page: see `hasStarted`).
 */
export function gameStatus(g: { isDisabled: boolean; endDate: string | null }, today: string): GameStatus {
  if (g.isDisabled) return 'DISABLED'
  if (g.endDate !== null && g.endDate < today) return 'ENDED'
  return 'ACTIVE'
}
export const hasStarted = (g: { startDate: string }, today: string) => g.startDate <= today

/** The share of "lose" in units: what the rewards leave of 100 %. */
export function loseUnits(weights: readonly number[]): number {
  return Math.max(0, WEIGHT_UNITS - weights.reduce((sum, w) => sum + weightUnits(w), 0))
}

// ——— The wheel's slices ———

export type WheelReward = { id: string; name: string; weight: number }
export type Slice = {
  /** The reward's id, or null for the lose slice. */
  rewardId: string | null
  label: string
  /** Units of WEIGHT_UNITS. */
  units: number
  /** Degrees, clockwise from the top (the pointer). */
  start: number
  end: number
}

/**
 * The slices of a wheel, sized by weight, in the rewards' order, then the lose slice (the remainder)
 * when there is one (a draft without weights yet is all "lose").
 */
export function wheelSlices(rewards: readonly WheelReward[], loseLabel: string): Slice[] {
  const parts = rewards.map((r) => ({
    rewardId: r.id as string | null,
    label: r.name,
    units: weightUnits(r.weight),
  }))
  const lose = loseUnits(rewards.map((r) => r.weight))
  if (lose > 0) parts.push({ rewardId: null, label: loseLabel, units: lose })
  // Over 100 % (an invalid draft) the slices share the circle in proportion.
  const total = Math.max(
    WEIGHT_UNITS,
    parts.reduce((s, p) => s + Math.max(0, p.units), 0),
  )
  let at = 0
  return parts.map((p) => {
    const sweep = (360 * Math.max(0, p.units)) / total
    const slice = { ...p, start: at, end: at + sweep }
    at += sweep
    return slice
  })
}

/** The slice a result lands on: the reward's, or the lose slice (null). */
export const sliceIndexOf = (slices: readonly Slice[], rewardId: string | null) =>
  slices.findIndex((s) => s.rewardId === rewardId)

/**
 * The wheel's final rotation (degrees, clockwise) so that the pointer at the top stops on the slice:
 * a few whole turns, then the slice's point at `at` (0..1 across it; the middle by default) under the
 * pointer. The result decides the angle, never the other way round.
 */
export function landingRotation(slice: Pick<Slice, 'start' | 'end'>, turns = 5, at = 0.5): number {
  const point = slice.start + (slice.end - slice.start) * Math.min(0.9, Math.max(0.1, at))
  return turns * 360 + ((360 - point) % 360)
}

/** An SVG path of a slice of a circle centred on (c, c) of radius r, from `start` to `end` degrees. */
export function slicePath(c: number, r: number, start: number, end: number): string {
  if (end - start >= 359.999) return `M ${c} ${c - r} A ${r} ${r} 0 1 1 ${c - 0.001} ${c - r} Z`
  const point = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180
    return `${(c + r * Math.cos(rad)).toFixed(3)} ${(c + r * Math.sin(rad)).toFixed(3)}`
  }
  const large = end - start > 180 ? 1 : 0
  return `M ${c} ${c} L ${point(start)} A ${r} ${r} 0 ${large} 1 ${point(end)} Z`
}

/** Expected wins of a reward among `participants` plays, from its weight. */
export const expectedWins = (weight: number, participants: number) =>
  Math.round((participants * weightUnits(weight)) / WEIGHT_UNITS)

// ——— The public play page's wire shapes ———

export const PublicGame = type({
  id: string(),
  name: string(),
  action: enums(GAME_ACTIONS),
  /** Instagram or Facebook page to follow (those actions). */
  actionUrl: nullable(string()),
  status: enums(GAME_STATUSES),
  hasStarted: boolean(),
  startDate: string(),
  endDate: nullable(string()),
  onlyNewClients: boolean(),
  franchise: type({
    name: string(),
    logo: nullable(string()),
    codeAlpha3: string(),
    theme: type({ primaryColor: string(), secondaryColor: string(), tertiaryColor: string() }),
  }),
  stores: array(type({ id: string(), name: string(), googleLink: nullable(string()) })),
  rewards: array(type({ id: string(), name: string(), type: enums(REWARD_TYPES), weight: number() })),
})
export type PublicGame = Infer<typeof PublicGame>

export const SpinResult = type({
  participantId: string(),
  /** Null: the lose slice. */
  rewardId: nullable(string()),
  rewardName: nullable(string()),
  rewardType: nullable(enums(REWARD_TYPES)),
  points: nullable(number()),
  /** The coupon won (COUPON and COUPON_POINTS rewards), with the code to give at the counter. */
  coupon: nullable(ShownCoupon),
  /** True when this phone had already played: the same result as the first time. */
  replayed: boolean(),
  playedAt: string(),
})
export type SpinResult = Infer<typeof SpinResult>

/** The lose slice's default label key (the page translates it). */
export const LOSE_LABEL_KEY = 'games.wheel.lose'

/**
 * The one-time code SMS of the play page (issue 34): says it is a confirmation code, for which game,
 * how long it lasts, in the customer's language. Transactional: no opt-out line.
 */
export function gameCodeSmsText(
  locale: Locale,
  m: { franchiseName: string; gameName: string; code: string },
): string {
  const name = smsName(m.franchiseName)
  const game = smsName(m.gameName)
  return locale === 'fr'
    ? `${name} : ${m.code} est votre code de confirmation pour jouer à ${game}. Il expire dans ${PHONE_CODE.ttlMinutes} minutes. Ne le partagez pas.`
    : `${name}: ${m.code} is your confirmation code to play ${game}. It expires in ${PHONE_CODE.ttlMinutes} minutes. Do not share it.`
}
