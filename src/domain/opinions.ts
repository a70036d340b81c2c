// Store opinions and satisfaction (SPEC §3 Store opinion, §7 "Stores", issue 6): the shapes both sides
// check, and the arithmetic of an average and a distribution.
import {
  array,
  defaulted,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { Id } from './ids'

export const RATINGS = [1, 2, 3, 4, 5] as const
export type Rating = (typeof RATINGS)[number]
export const OPINION_COMMENT_MAX = 1000
export const OPINION_REPLY_MAX = 1000
/** How many opinions the satisfaction page shows as "recent". */
export const RECENT_OPINIONS = 10
export const OPINION_PAGE_SIZE = 10

export const RatingStruct = min(max(integer(), 5), 1)

/** What a customer sends from the public scan page. */
export const OpinionInput = object({
  rating: RatingStruct,
  comment: defaulted(trimmed(size(string(), 0, OPINION_COMMENT_MAX)), ''),
  clientId: optional(Id),
})
export type OpinionInput = Infer<typeof OpinionInput>

/** The merchant's reply; replying again replaces it. */
export const ReplyInput = object({
  reply: refine(
    trimmed(size(string(), 0, OPINION_REPLY_MAX)),
    'reply',
    (v) => v.length > 0 || 'must not be empty',
  ),
})
export type ReplyInput = Infer<typeof ReplyInput>

/** The reply as the dialog holds it: what may be saved. */
export function replyProblem(text: string): 'empty' | 'tooLong' | null {
  const t = text.trim()
  if (!t) return 'empty'
  if (t.length > OPINION_REPLY_MAX) return 'tooLong'
  return null
}

export const Opinion = type({
  id: string(),
  storeId: string(),
  storeName: string(),
  clientId: nullable(string()),
  /** The client who left it, when the opinion is tied to one. */
  clientName: nullable(string()),
  rating: number(),
  comment: string(),
  reply: nullable(string()),
  repliedAt: nullable(string()),
  createdAt: string(),
})
export type Opinion = Infer<typeof Opinion>

export const OpinionPage = type({
  data: array(Opinion),
  metadata: type({ page: number(), size: number(), total: number() }),
})
export type OpinionPage = Infer<typeof OpinionPage>

export const Distribution = type({ 1: number(), 2: number(), 3: number(), 4: number(), 5: number() })
export type Distribution = Record<Rating, number>

export const RatingSummary = type({
  /** null when there is no opinion yet. */
  average: nullable(number()),
  count: number(),
  distribution: Distribution,
})
export type RatingSummary = { average: number | null; count: number; distribution: Distribution }

export const StoreSatisfaction = type({
  storeId: string(),
  storeName: string(),
  average: nullable(number()),
  count: number(),
  distribution: Distribution,
})
export type StoreSatisfaction = RatingSummary & { storeId: string; storeName: string }

/** GET api/v2/stores/opinions: each store of the caller, the total over them, and the latest opinions. */
export const Satisfaction = type({
  stores: array(StoreSatisfaction),
  total: RatingSummary,
  recent: array(Opinion),
})
export type Satisfaction = { stores: StoreSatisfaction[]; total: RatingSummary; recent: Opinion[] }

export const emptyDistribution = (): Distribution => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })

/** The count and average (one decimal) of a distribution. */
export function summarise(distribution: Distribution): RatingSummary {
  let count = 0
  let sum = 0
  for (const r of RATINGS) {
    count += distribution[r]
    sum += r * distribution[r]
  }
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, distribution }
}

/** Adds distributions (the franchise-wide total of its stores). */
export function addDistributions(list: Distribution[]): Distribution {
  const total = emptyDistribution()
  for (const d of list) for (const r of RATINGS) total[r] += d[r]
  return total
}

/** A bar's share of the whole, 0–100 (for the distribution bars). */
export const share = (n: number, count: number) => (count ? Math.round((n / count) * 100) : 0)

export const isRating = (v: unknown): v is Rating => RATINGS.includes(v as Rating)

/** The customer's name as the merchant sees it (null when the opinion is anonymous). */
export function clientName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first?.trim(), last?.trim()].filter(Boolean).join(' ')
  return name || null
}
