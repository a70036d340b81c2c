// Sales at the counter and NFC/QR tags (SPEC §1 create-sale dialog, §3 Tag, §5 sale amount, §7 "Tags",
// §9 store currency's native symbol): the shapes both sides check, the amount rule and the countdown
// arithmetic, shared by the server (400 naming `amount`) and the create-sale machine (as you type).
import {
  array,
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
  trimmed,
  type,
  union,
} from 'superstruct'

/** §3 NFC data: seconds injected points stay collectable on a tag. */
export const TAG_RESET_DELAY_MIN = 10
export const TAG_RESET_DELAY_MAX = 86_400
export const TAG_RESET_DELAY_DEFAULT = 180
export const TAG_NAME_MAX = 60
/** A sane ceiling for one sale typed at a counter (100,000.00 in the store's currency). */
export const SALE_AMOUNT_MAX_CENTS = 10_000_000
/** Tags listed per page (a store has a handful). */
export const TAG_PAGE_SIZE = 100
/** How often the tag scanner screen reads the tag's live state. */
export const TAG_SCANNER_POLL_MS = 2_000

/** What a tag carries after an injection (SPEC §3 manualPointsInfo). */
export const ManualPointsInfo = type({
  points: integer(),
  amountCents: integer(),
  currencyCode: string(),
  /** ISO date of the injection; the countdown runs to injectionDate + resetDelay. */
  injectionDate: string(),
  resetDelay: integer(),
})
export type ManualPointsInfo = Infer<typeof ManualPointsInfo>

export const Tag = type({
  id: string(),
  /** The public uid the QR code and the NFC chip carry (the scan page's address). */
  tagId: string(),
  name: string(),
  storeId: string(),
  passages: integer(),
  resetDelay: integer(),
  manualPointsInfo: nullable(ManualPointsInfo),
})
export type Tag = Infer<typeof Tag>

export const TagPage = type({
  data: array(Tag),
  metadata: type({ page: integer(), size: integer(), total: integer() }),
})
export type TagPage = Infer<typeof TagPage>

/** One tag with what the scanner screen shows around it. */
export const TagDetail = type({
  ...Tag.schema,
  storeName: string(),
})
export type TagDetail = Infer<typeof TagDetail>

export const PointsInfoReply = type({ manualPointsInfo: nullable(ManualPointsInfo) })
export type PointsInfoReply = Infer<typeof PointsInfoReply>

const TagName = size(trimmed(string()), 1, TAG_NAME_MAX)
const ResetDelay = min(max(integer(), TAG_RESET_DELAY_MAX), TAG_RESET_DELAY_MIN)

export const TagUpdateInput = object({ name: optional(TagName), resetDelay: optional(ResetDelay) })
export type TagUpdateInput = Infer<typeof TagUpdateInput>
export const TagCreateInput = object({ name: TagName, resetDelay: optional(ResetDelay) })
export type TagCreateInput = Infer<typeof TagCreateInput>
/** The amount is a number (12.5) or the text typed at the counter ("12,50"); `amountToCents` decides. */
export const InjectInput = object({ amount: union([number(), string()]) })

// Digits, then an optional comma or dot with up to two decimals (what may be typed so far).
const PARTIAL_AMOUNT = /^\d{0,8}(?:[.,]\d{0,2})?$/
const FULL_AMOUNT = /^(\d{1,8})(?:[.,](\d{1,2})?)?$|^[.,](\d{1,2})$/

/** Whether a text may stand in the amount field while typing ("", "12", "12,", "12.5"). */
export const isAmountDraft = (text: string) => PARTIAL_AMOUNT.test(text)

/** §5 sale amount: a decimal with a comma or a dot and at most 2 decimals, as cents; null if not one. */
export function amountToCents(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null
    const cents = Math.round(value * 100)
    // More than 2 decimals (12.345) is refused, not rounded.
    return Math.abs(cents - value * 100) < 1e-6 ? cents : null
  }
  const m = FULL_AMOUNT.exec(value.trim())
  if (!m) return null
  const units = Number(m[1] ?? '0')
  const decimals = (m[2] ?? m[3] ?? '').padEnd(2, '0')
  return units * 100 + Number(decimals || '0')
}

/** Why an amount is refused, or null: the server's 400 and the dialog's Validate button agree. */
export function amountError(value: string | number): 'invalid' | 'zero' | 'tooLarge' | null {
  const cents = amountToCents(value)
  if (cents === null) return 'invalid'
  if (cents <= 0) return 'zero'
  if (cents > SALE_AMOUNT_MAX_CENTS) return 'tooLarge'
  return null
}

/** Seconds left before injected points expire (0 once expired), from the injection date. */
export function secondsLeft(info: Pick<ManualPointsInfo, 'injectionDate' | 'resetDelay'>, nowMs: number) {
  const end = Date.parse(info.injectionDate) + info.resetDelay * 1000
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - nowMs) / 1000))
}

/** 185 → "3:05"; an hour or more → "1:02:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`
}

/** §9: money in the store's currency with its native symbol ($12.50, 12,50 €). */
export function formatMoney(amountCents: number, currencyCode: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    currencyDisplay: 'narrowSymbol',
  }).format(amountCents / 100)
}

/** The store screen's path of a tag's scanner (no toolbar, shown to customers). */
export const tagScannerPath = (storeId: string, tagId: string) => `/stores/${storeId}/tags/${tagId}/scanner`

export type TagDraft = { name: string; resetDelay: string }
/** The store screen's tag form: a name and a reset delay in seconds (message ids of the errors). */
export function tagDraftErrors(d: TagDraft): Partial<Record<keyof TagDraft, string>> {
  const errors: Partial<Record<keyof TagDraft, string>> = {}
  const name = d.name.trim()
  if (!name || name.length > TAG_NAME_MAX) errors.name = 'sale.tags.errors.name'
  const delay = Number(d.resetDelay)
  if (!/^\d+$/.test(d.resetDelay.trim()) || delay < TAG_RESET_DELAY_MIN || delay > TAG_RESET_DELAY_MAX)
    errors.resetDelay = 'sale.tags.errors.resetDelay'
  return errors
}
