// Points expiry (issue 23): a franchise setting, off by default. INACTIVITY: the whole balance expires
// N months after the client's last visit (its creation when it never came). BATCH: each earning (any
// positive ledger row) expires N months after the local day it was earned; spends (redeem, debit,
// expiry) consume the oldest batch first (FIFO), so what remains of the batches is a suffix of the
// earnings. A nightly job writes one `expiry` ledger row per client and day; a reminder can go through
// the campaign engine REMINDER_DAYS_BEFORE days before. All days are the franchise's local 'YYYY-MM-DD'.
import {
  array,
  boolean,
  coerce,
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
import { CHANNELS, type Channel, localClock, localInstant } from './campaigns'

export const EXPIRY_MODES = ['OFF', 'INACTIVITY', 'BATCH'] as const
export type ExpiryMode = (typeof EXPIRY_MODES)[number]
/** From one month to five years. */
export const EXPIRY_MONTHS = { min: 1, max: 60 } as const
export const DEFAULT_EXPIRY_MONTHS = 12
export const REMINDER_DAYS_BEFORE = 30
/**
 * The nightly run: from this local hour, on the first tick of the night (a server stopped at 02:00
 * catches up later that night), never by day: a run missed all night is the next night's.
 */
export const EXPIRY_RUN_HOUR = 2
export const EXPIRY_RUN_END_HOUR = 6
/** The queue's tick (jobs/expiry.ts): a run due inside the night window starts within this. */
export const EXPIRY_TICK_MINUTES = 15
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

/** The local day of the first night run after `now`: today before 02:00, else tomorrow. */
export function firstRunDayAfter(now: Date, timezone: string): string {
  const c = localClock(now, timezone)
  return c.hour < EXPIRY_RUN_HOUR ? c.day : addDays(c.day, 1)
}

/**
 * The day from which points may expire under a rule: its first run (firstRunDay, set when the mode
 * or the months are saved), or, when the reminder is on, the reminder's lead time after it, so that
 * clients already past the delay are reminded first (null: a rule older than this, no wait).
 */
export const expiryStartsOn = (firstRunDay: string | null, reminds: boolean): string | null =>
  firstRunDay === null ? null : reminds ? addDays(firstRunDay, REMINDER_DAYS_BEFORE) : firstRunDay

/**
 * The next night run at `now`: 02:00 local on the next day not run yet and not before the rule's
 * first run; tonight's run still due inside the night window starts at the next tick.
 */
export function nextExpiryRun(
  now: Date,
  timezone: string,
  s: { lastRunDay: string | null; firstRunDay: string | null },
): { day: string; at: Date } {
  const c = localClock(now, timezone)
  const done = (d: string) => (s.lastRunDay !== null && d <= s.lastRunDay) || (s.firstRunDay ?? d) > d
  if (c.hour < EXPIRY_RUN_END_HOUR && !done(c.day)) {
    if (c.hour < EXPIRY_RUN_HOUR) return { day: c.day, at: localInstant(c.day, EXPIRY_RUN_HOUR, timezone) }
    const tick = EXPIRY_TICK_MINUTES * 60_000
    return { day: c.day, at: new Date(Math.ceil(now.getTime() / tick) * tick) }
  }
  let day = addDays(c.day, 1)
  while (done(day)) day = s.firstRunDay !== null && day < s.firstRunDay ? s.firstRunDay : addDays(day, 1)
  return { day, at: localInstant(day, EXPIRY_RUN_HOUR, timezone) }
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

/** GET /api/v2/franchises/{id}/points-expiry/preview: the setting as drafted, not saved yet. */
export const ExpiryPreviewQuery = object({
  mode: enums(EXPIRY_MODES),
  months: coerce(Months, string(), (v) => (/^\d+$/.test(v.trim()) ? Number(v) : Number.NaN)),
  /** The reminder's channel, NONE when it is off. */
  reminder: enums(['NONE', ...CHANNELS]),
})
export type ExpiryPreviewQuery = Infer<typeof ExpiryPreviewQuery>

const Figures = type({ clients: integer(), points: integer() })
/** What saving the draft would do, and what the next night run will do under it. */
export const ExpiryPreview = type({
  timezone: string(),
  /** The next night run (an instant) and its local day; null while expiry is off. */
  nextRunAt: nullable(string()),
  nextRunDay: nullable(string()),
  /** What that run expires. */
  expiring: Figures,
  /** The clients that run reminds (the reminder on). */
  reminding: integer(),
  /** The clients past the delay at that run, their points, and the local day they lose them. */
  overdue: type({ clients: integer(), points: integer(), expiresOn: nullable(string()) }),
})
export type ExpiryPreview = Infer<typeof ExpiryPreview>

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

/** The preview's query of a draft (GET …/points-expiry/preview). */
export const previewQueryOf = (d: ExpiryDraft): Record<keyof ExpiryPreviewQuery, string> => {
  const body = expiryBodyOf(d)
  return {
    mode: body.mode,
    months: String(body.months),
    reminder: body.reminder.enabled ? body.reminder.channel : 'NONE',
  }
}

/** Whether saving the draft changes what expires, and when: the owner confirms it with its figures. */
export const changesExpiryRule = (d: ExpiryDraft, saved: ExpiryDraft) => {
  const [a, b] = [expiryBodyOf(d), expiryBodyOf(saved)]
  return (
    a.mode !== 'OFF' &&
    (a.mode !== b.mode || a.months !== b.months || a.reminder.enabled !== b.reminder.enabled)
  )
}
