// Games, the merchant's side (issue 22; SPEC §3 Game, §5 Game, §7 "Games"): the wire shapes of the
// calls and the §5 rules, one source for the server's checks and the wizard's messages. The wheel
// itself (slices, weights, the public shapes) is game-wheel.ts.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
} from 'superstruct'
import { COUPON_TYPES, VALIDITY_UNITS } from './campaign-contract'
import {
  GAME_ACTIONS,
  GAME_STATUSES,
  GAME_TYPES,
  REWARD_TYPES,
  type RewardType,
  WEIGHT_UNITS,
  weightUnits,
} from './game-wheel'
import { Id } from './ids'
import { isCalendarDay } from './input'

export const GAME_NAME_MAX = 80
export const REWARD_NAME_MAX = 60
/** A wheel stays readable: at most this many rewards (plus the lose slice). */
export const MAX_REWARDS = 8
export const REWARD_POINTS_MAX = 100_000
export const GAME_PAGE_SIZES = [10, 20, 50] as const
export const GAME_LIST_DEFAULTS = { page: 1, size: 10 } as const

const Weight = min(max(number(), 100), 0)

export const GameCouponInput = object({
  /** The coupon's name (its header on the client's coupon). */
  name: size(string(), 1, 80),
  type: enums(COUPON_TYPES),
  /** Cents (flat), per cent (percentage) or absent (product). */
  value: optional(nullable(min(integer(), 0))),
  validity: object({ value: max(min(integer(), 1), 366), unit: enums(VALIDITY_UNITS) }),
})
export type GameCouponInput = Infer<typeof GameCouponInput>

export const GameRewardInput = object({
  /** An existing reward's id (update): kept with its won count; a reward left out is disabled. */
  id: optional(Id),
  name: size(string(), 0, REWARD_NAME_MAX),
  type: enums(REWARD_TYPES),
  points: optional(nullable(min(max(integer(), REWARD_POINTS_MAX), 0))),
  coupon: optional(nullable(GameCouponInput)),
  /** Win probability in per cent (two decimals at most). */
  weight: Weight,
})
export type GameRewardInput = Infer<typeof GameRewardInput>

export const GameStoreInfo = object({
  storeId: Id,
  /** The store's Google review link (the GOOGLE action). */
  googleLink: optional(nullable(size(string(), 0, 500))),
})
export type GameStoreInfo = Infer<typeof GameStoreInfo>

export const GameSettings = object({ canLoose: boolean(), onlyNewClients: boolean() })
export type GameSettings = Infer<typeof GameSettings>
export const DEFAULT_GAME_SETTINGS: GameSettings = { canLoose: true, onlyNewClients: false }

/** POST api/v2/games and its update: a game body. */
export const GameInput = object({
  /** Absent: the caller's franchise. */
  franchiseId: optional(Id),
  name: size(string(), 0, GAME_NAME_MAX),
  type: optional(enums(GAME_TYPES)),
  action: enums(GAME_ACTIONS),
  actionUrl: optional(nullable(size(string(), 0, 500))),
  storeInfos: size(array(GameStoreInfo), 0, 200),
  rewards: size(array(GameRewardInput), 0, MAX_REWARDS),
  /** 'YYYY-MM-DD', the franchise's local day; '' is refused with the §5 message. */
  startDate: size(string(), 0, 10),
  endDate: optional(nullable(size(string(), 0, 10))),
  settings: optional(GameSettings),
})
export type GameInput = Infer<typeof GameInput>

// ——— §5 rules ———

/** An http(s) link (§5 text helpers: "URL starts with http or https"). */
export function isLink(v: string): boolean {
  if (!/^https?:\/\//i.test(v)) return false
  try {
    return !!new URL(v).hostname
  } catch {
    return false
  }
}

/** One broken rule: where (a field path of the body) and the message key (`games.errors.*`). */
export type GameRuleError = { field: string; key: string }

function rewardErrors(r: GameRewardInput, i: number): GameRuleError[] {
  const at = (f: string, key: string) => ({ field: `rewards.${i}.${f}`, key })
  const out: GameRuleError[] = []
  if (r.name.trim() === '') out.push(at('name', 'rewardNameRequired'))
  // Two decimals at most: the draw counts whole hundredths of a per cent.
  if (r.weight <= 0 || Math.abs(r.weight * 100 - weightUnits(r.weight)) > 1e-6)
    out.push(at('weight', 'weightInvalid'))
  const hasPoints = r.type === 'POINTS' || r.type === 'COUPON_POINTS'
  const hasCoupon = r.type === 'COUPON' || r.type === 'COUPON_POINTS'
  if (hasPoints && !(r.points && r.points > 0)) out.push(at('points', 'pointsRequired'))
  if (hasCoupon) {
    const c = r.coupon
    if (!c) out.push(at('coupon', 'couponRequired'))
    else if (c.name.trim() === '') out.push(at('coupon.name', 'couponNameRequired'))
    else if (c.type === 'percentage' && (c.value ?? 0) > 100) out.push(at('coupon.value', 'percentage'))
    else if (c.type !== 'product' && !(c.value && c.value > 0)) out.push(at('coupon.value', 'couponValue'))
  }
  return out
}

/**
 * §5 Game: name, at least one store and a start date are required (the spec's three messages); the
 * start is not after the end; links are valid (each store's Google link for the GOOGLE action, the
 * page for INSTAGRAM and FACEBOOK); at least one reward, each complete; the weights total at most
 * 100 % ("lose" is the rest), exactly 100 % when the game cannot be lost.
 */
export function gameRuleErrors(g: GameInput): GameRuleError[] {
  const out: GameRuleError[] = []
  if (g.name.trim() === '') out.push({ field: 'name', key: 'nameRequired' })
  if (g.storeInfos.length === 0) out.push({ field: 'storeInfos', key: 'storeRequired' })
  if (g.startDate === '') out.push({ field: 'startDate', key: 'startDateRequired' })
  else if (!isCalendarDay(g.startDate)) out.push({ field: 'startDate', key: 'startDateInvalid' })
  const end = g.endDate ?? ''
  if (end !== '' && !isCalendarDay(end)) out.push({ field: 'endDate', key: 'endDateInvalid' })
  else if (end !== '' && isCalendarDay(g.startDate) && end < g.startDate)
    out.push({ field: 'endDate', key: 'endBeforeStart' })
  if (g.action === 'GOOGLE')
    g.storeInfos.forEach((s, i) => {
      if (!s.googleLink || !isLink(s.googleLink))
        out.push({ field: `storeInfos.${i}.googleLink`, key: 'linkInvalid' })
    })
  if ((g.action === 'INSTAGRAM' || g.action === 'FACEBOOK') && !(g.actionUrl && isLink(g.actionUrl)))
    out.push({ field: 'actionUrl', key: 'linkInvalid' })
  if (g.rewards.length === 0) out.push({ field: 'rewards', key: 'rewardRequired' })
  g.rewards.forEach((r, i) => {
    out.push(...rewardErrors(r, i))
  })
  const total = g.rewards.reduce((s, r) => s + weightUnits(r.weight), 0)
  if (total > WEIGHT_UNITS) out.push({ field: 'rewards', key: 'weightsOver100' })
  else if (g.rewards.length > 0 && !(g.settings ?? DEFAULT_GAME_SETTINGS).canLoose && total !== WEIGHT_UNITS)
    out.push({ field: 'rewards', key: 'weightsNot100' })
  return out
}

/** The wizard's steps and the fields each one owns (a step is valid when none of its fields errs). */
export const WIZARD_STEPS = ['wheel', 'rewards', 'duration'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]
export function stepOf(field: string): WizardStep {
  if (field.startsWith('rewards') || field.startsWith('settings')) return 'rewards'
  if (field === 'startDate' || field === 'endDate') return 'duration'
  return 'wheel'
}
export const stepErrors = (g: GameInput, step: WizardStep) =>
  gameRuleErrors(g).filter((e) => stepOf(e.field) === step)

export const emptyGame = (today: string): GameInput => ({
  name: '',
  type: 'WHEEL',
  // The simplest action (no link to give); the merchant picks another on the first step.
  action: 'STORE_OPENING',
  actionUrl: null,
  storeInfos: [],
  rewards: [],
  startDate: today,
  endDate: null,
  settings: { ...DEFAULT_GAME_SETTINGS },
})

export const emptyReward = (type: RewardType = 'POINTS'): GameRewardInput => ({
  name: '',
  type,
  points: type === 'COUPON' ? null : 10,
  coupon:
    type === 'POINTS'
      ? null
      : { name: '', type: 'percentage', value: 10, validity: { value: 1, unit: 'months' } },
  weight: 10,
})

// ——— Answers ———

const Metadata = type({ page: number(), size: number(), total: number() })

export const GameSummary = type({
  id: string(),
  name: string(),
  type: enums(GAME_TYPES),
  action: enums(GAME_ACTIONS),
  status: enums(GAME_STATUSES),
  startDate: string(),
  endDate: nullable(string()),
  participants: number(),
  rewardsGiven: number(),
  dateCreated: string(),
})
export type GameSummary = Infer<typeof GameSummary>

export const GamePage = type({ data: array(GameSummary), metadata: Metadata })
export type GamePage = Infer<typeof GamePage>

export const GameInfo = type({
  id: string(),
  franchiseId: string(),
  name: string(),
  type: enums(GAME_TYPES),
  action: enums(GAME_ACTIONS),
  actionUrl: nullable(string()),
  storeInfos: array(type({ storeId: string(), storeName: string(), googleLink: nullable(string()) })),
  startDate: string(),
  endDate: nullable(string()),
  status: enums(GAME_STATUSES),
  settings: type({ canLoose: boolean(), onlyNewClients: boolean() }),
  participants: number(),
  dateCreated: string(),
})
export type GameInfo = Infer<typeof GameInfo>

export const GameReward = type({
  id: string(),
  name: string(),
  type: enums(REWARD_TYPES),
  points: nullable(number()),
  coupon: nullable(
    type({
      name: string(),
      type: enums(COUPON_TYPES),
      value: nullable(number()),
      validity: type({ value: number(), unit: enums(VALIDITY_UNITS) }),
    }),
  ),
  weight: number(),
  isDisabled: boolean(),
  /** Participants who won it. */
  won: number(),
  /** What the weight predicts among the participants so far. */
  expected: number(),
})
export type GameReward = Infer<typeof GameReward>
export const GameRewards = array(GameReward)

export const GameParticipant = type({
  id: string(),
  clientId: string(),
  firstName: string(),
  phone: nullable(string()),
  storeName: nullable(string()),
  rewardName: nullable(string()),
  playedAt: string(),
})
export type GameParticipant = Infer<typeof GameParticipant>
export const GameParticipantPage = type({ data: array(GameParticipant), metadata: Metadata })
export type GameParticipantPage = Infer<typeof GameParticipantPage>

/** The GAME feature is off for the game's franchise: the API answers 403 with this code. */
export const GAME_FEATURE_CODE = 'GAME_FEATURE_DISABLED'

/**
 * The wizard's draft of an existing game (its edit): the game as it is, its enabled rewards with their
 * ids (kept with their won counts by the update; one left out is disabled).
 */
export function gameInputOf(info: GameInfo, rewards: readonly GameReward[]): GameInput {
  return {
    franchiseId: info.franchiseId,
    name: info.name,
    type: info.type,
    action: info.action,
    actionUrl: info.actionUrl,
    storeInfos: info.storeInfos.map((s) => ({ storeId: s.storeId, googleLink: s.googleLink })),
    rewards: rewards
      .filter((r) => !r.isDisabled)
      .map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        points: r.points,
        coupon: r.coupon
          ? {
              name: r.coupon.name,
              type: r.coupon.type,
              value: r.coupon.value,
              validity: { value: r.coupon.validity.value, unit: r.coupon.validity.unit },
            }
          : null,
        weight: r.weight,
      })),
    startDate: info.startDate,
    endDate: info.endDate,
    settings: { canLoose: info.settings.canLoose, onlyNewClients: info.settings.onlyNewClients },
  }
}
