// Points expiry (issue 23): a franchise setting, off by default. INACTIVITY: the whole balance expires
// N months after the client's last visit (its creation when it never came). BATCH: each earning (any
// positive ledger row) expires N months after the local day it was earned; spends (redeem, debit,
// expiry) consume the oldest batch first (FIFO), so what remains of the batches is a suffix of the
// earnings. A nightly job writes one `expiry` ledger row per client and day; a reminder can go through
// the campaign engine REMINDER_DAYS_BEFORE days before. All days are the franchise's local 'YYYY-MM-DD'.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  object,
  refine,
  size,
  string,
  type,
} from 'superstruct'
import { CHANNELS, type Channel } from './campaigns'

export const EXPIRY_MODES = ['OFF', 'INACTIVITY', 'BATCH'] as const
export type ExpiryMode = (typeof EXPIRY_MODES)[number]
/** From one month to five years. */
export const EXPIRY_MONTHS = { min: 1, max: 60 } as const
export const DEFAULT_EXPIRY_MONTHS = 12
export const REMINDER_DAYS_BEFORE = 30
/** The nightly run: at this local hour or the first tick after (a stopped server catches up). */
export const EXPIRY_RUN_HOUR = 2
/** A push notification's title (the campaign editor's limit). */
export const REMINDER_TITLE_MAX = 65
export const REMINDER_MESSAGE_MAX = 500

/** The idempotency reference of a client's expiry row on a local day. */
export const expiryReference = (clientId: string, day: string) => `expiry:${clientId}:${day}`

/** `day` plus `months` calendar months; the 31st of a shorter month is its last day (as PostgreSQL). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const total = y * 12 + (m - 1) + months
  const year = Math.floor(total / 12)
  const month = total % 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/**
 * The last day whose points (earned or last visited on it) have expired by `day`: the latest X with
 * X + months ≤ day. Several days may reach the same end of a month (31 January + 1 month = 28
 * February), so it steps past them.
 */
export function lastDayExpiredBy(day: string, months: number): string {
  let x = addMonths(day, -months)
  while (addMonths(addDays(x, 1), months) <= day) x = addDays(x, 1)
  return x
}

const Months = refine(
  integer(),
  'months',
  (v) => (v >= EXPIRY_MONTHS.min && v <= EXPIRY_MONTHS.max) || `must be from 1 to ${EXPIRY_MONTHS.max}`,
)

/** PUT /api/v2/franchises/{id}/points-expiry: the whole setting. */
export const ExpirySettingsBody = object({
  mode: enums(EXPIRY_MODES),
  months: Months,
  reminder: object({
    enabled: boolean(),
    channel: enums(CHANNELS),
    title: size(string(), 0, REMINDER_TITLE_MAX),
    message: size(string(), 0, REMINDER_MESSAGE_MAX),
  }),
})
export type ExpirySettingsBody = Infer<typeof ExpirySettingsBody>

export const ExpirySettingsResponse = type({
  franchiseId: string(),
  mode: enums(EXPIRY_MODES),
  months: integer(),
  reminder: type({
    enabled: boolean(),
    channel: enums(CHANNELS),
    title: string(),
    message: string(),
  }),
  /** The last local day the nightly run covered (null: never ran). */
  lastRunDay: nullable(string()),
  /** False for a store owner: read-only. */
  canEdit: boolean(),
})
export type ExpirySettingsResponse = Infer<typeof ExpirySettingsResponse>

/** GET /api/v2/franchises/{fid}/clients/{id}/points-expiry: what will expire, and when. */
export const ClientExpiryResponse = type({
  mode: enums(EXPIRY_MODES),
  months: integer(),
  balance: integer(),
  /** Points and the local day they expire on, soonest first (one entry in INACTIVITY mode). */
  upcoming: array(type({ points: integer(), expiresOn: string() })),
})
export type ClientExpiryResponse = Infer<typeof ClientExpiryResponse>

// ——— The franchise page's draft (text as typed) and its checks, shared by the machine and the server ———

export type ExpiryDraft = {
  mode: ExpiryMode
  months: string
  reminderEnabled: boolean
  channel: Channel
  title: string
  message: string
}
export const expiryDraftOf = (s: ExpirySettingsResponse): ExpiryDraft => ({
  mode: s.mode,
  months: String(s.months),
  reminderEnabled: s.reminder.enabled,
  channel: s.reminder.channel,
  title: s.reminder.title,
  message: s.reminder.message,
})

export const expiryBodyOf = (d: ExpiryDraft): ExpirySettingsBody => ({
  mode: d.mode,
  months: /^\d+$/.test(d.months.trim()) ? Number(d.months.trim()) : DEFAULT_EXPIRY_MONTHS,
  reminder: {
    enabled: d.reminderEnabled,
    channel: d.channel,
    title: d.title.trim(),
    message: d.message.trim(),
  },
})

export const sameExpiry = (a: ExpiryDraft, b: ExpiryDraft) =>
  JSON.stringify(expiryBodyOf(a)) === JSON.stringify(expiryBodyOf(b))
