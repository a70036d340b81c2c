// The campaign calls' wire shapes (SPEC §3 Campaign, §7 "Campaigns and news"; issues 18 and 19): what
// the editor sends, what the server answers. One source for the server's parsing, the browser's
// checking of answers and the screens' types.
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { IsoDay } from './analytics'
import { CAMPAIGN_CONTENTS, CAMPAIGN_STATES, CAMPAIGN_TYPES, CampaignFilters, CHANNELS } from './campaigns'
import { COUPON_STATES } from './clients'
import { Id } from './ids'
import { DESCRIPTION_MAX, NAME_MAX } from './news'

export const COUPON_TYPES = ['flat', 'percentage', 'product'] as const
export const VALIDITY_UNITS = ['days', 'weeks', 'months'] as const
/** The engine's progress of a campaign (campaigns.dispatch). */
export const DISPATCH_STATES = ['IDLE', 'QUEUED', 'SENDING', 'PAUSED', 'SENT', 'CANCELLED'] as const
/** §3: the statuses the history and the detail show. */
export const DISPLAY_STATUSES = ['finished', 'in progress', 'scheduled', 'canceled', 'error'] as const
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number]

/** A wall-clock start in the franchise's time zone (§3 startTime {date, hour}). */
export const StartTime = object({ date: IsoDay, hour: pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/) })

/** §3 Coupon as a campaign issues it to each recipient; value in cents (flat), per cent, or absent (product). */
export const CouponInput = object({
  type: enums(COUPON_TYPES),
  value: optional(nullable(min(integer(), 0))),
  header: size(trimmed(string()), 1, 80),
  productDescription: optional(nullable(size(trimmed(string()), 0, 200))),
  termsOfUse: optional(nullable(size(trimmed(string()), 0, 1000))),
  validity: object({ value: max(min(integer(), 1), 366), unit: enums(VALIDITY_UNITS) }),
})
export type CouponInput = Infer<typeof CouponInput>

/** An optional text where an empty one means absent (§5: empty links are stored as absent). */
const absentWhenEmpty = (maxLength: number) =>
  optional(
    coerce(nullable(size(trimmed(string()), 1, maxLength)), string(), (v) => (v.trim() === '' ? null : v)),
  )

export const Notification = object({
  title: size(trimmed(string()), 0, 65),
  message: size(string(), 1, 1000),
  /** An http(s) URL (already uploaded through the storage call) or absent. */
  imageUrl: absentWhenEmpty(2000),
  /** An http(s) URL; empty links are sent (or taken) as absent (§5). */
  link: absentWhenEmpty(2000),
})

/**
 * The news a NEWS campaign creates when saved (§3 Campaign.news): its period, and its own title and
 * message when isNewsDifferentFromCampaign (else the campaign's title and message are taken).
 */
export const CampaignNewsInput = object({
  title: optional(nullable(size(trimmed(string()), 1, NAME_MAX))),
  message: optional(nullable(size(string(), 0, DESCRIPTION_MAX))),
  startDate: IsoDay,
  endDate: IsoDay,
})
export type CampaignNewsInput = Infer<typeof CampaignNewsInput>

/** The body of POST api/v2/franchises/{id}/communication-campaigns and PUT …/communication-campaigns/{id}. */
export const CampaignInput = object({
  /** §5: creating needs a known user id (the author; must be the caller or, for staff, the merchant). */
  userId: Id,
  channel: enums(CHANNELS),
  content: enums(CAMPAIGN_CONTENTS),
  communicationCampaign: object({
    name: size(trimmed(string()), 1, 120),
    type: enums(CAMPAIGN_TYPES),
    notification: Notification,
    isScheduled: boolean(),
    campaignFilters: CampaignFilters,
  }),
  coupon: optional(nullable(CouponInput)),
  /** Required when isScheduled; inside 08:00–20:00 local. */
  startTime: optional(nullable(StartTime)),
  endDate: optional(nullable(IsoDay)),
  /** Per cent of the audience kept as a control group (0–50). */
  holdoutPercent: optional(max(min(integer(), 0), 50)),
  /**
   * A NEWS campaign's news (§3, issue 19): `newsId` links an existing one of its franchise; `news`
   * creates one when saved; a NEWS campaign must do one or the other (400 NEWS_REQUIRED), except an
   * edit of one that has its news already, which keeps it when it sends neither.
   */
  newsId: optional(nullable(Id)),
  news: optional(nullable(CampaignNewsInput)),
  /** The created news has its own title and message (`news.title`, `news.message`). */
  isNewsDifferentFromCampaign: optional(boolean()),
})
export type CampaignInput = Infer<typeof CampaignInput>

/** POST …/communication-campaigns/cost and …/notified-users bodies. */
export const AudienceInput = object({ channel: enums(CHANNELS), campaignFilters: CampaignFilters })
export type AudienceInput = Infer<typeof AudienceInput>

export const CampaignCost = type({ totalPrice: number(), nbUsers: integer(), unitPrice: number() })
export type CampaignCost = Infer<typeof CampaignCost>

/**
 * The server's public address (its configured PUBLIC_URL): every recipient's short link starts with it
 * (short-links.ts shortLinkUrl). The editor previews and counts an SMS on it, as the sender writes it,
 * never on the address the browser happens to use (issue 34: 127.0.0.1 shown, localhost sent).
 */
export const ShortLinkBase = type({ publicUrl: string() })
export type ShortLinkBase = Infer<typeof ShortLinkBase>

/** Recipient counts by delivery status (the progress of a send). */
export const CampaignProgress = type({
  pending: integer(),
  sending: integer(),
  sent: integer(),
  error: integer(),
  skipped: integer(),
  cancelled: integer(),
  holdout: integer(),
})
export type CampaignProgress = Infer<typeof CampaignProgress>

/** GET api/v2/communication-campaigns/{id} (and each row of the history). */
export const Campaign = type({
  id: Id,
  franchiseId: Id,
  userId: nullable(Id),
  channel: enums(CHANNELS),
  content: enums(CAMPAIGN_CONTENTS),
  state: enums(CAMPAIGN_STATES),
  dispatchStatus: enums(DISPATCH_STATES),
  pauseReason: nullable(string()),
  displayStatus: enums(DISPLAY_STATUSES),
  communicationCampaign: type({
    name: string(),
    type: enums(CAMPAIGN_TYPES),
    userId: nullable(Id),
    notification: type({
      title: string(),
      message: string(),
      imageUrl: nullable(string()),
      link: nullable(string()),
    }),
    isScheduled: boolean(),
    campaignFilters: CampaignFilters,
    dateCreated: string(),
  }),
  coupon: nullable(CouponInput),
  startTime: nullable(StartTime),
  /** ISO instants: the start (scheduled or sent-now) and the optional end. */
  startDate: nullable(string()),
  endDate: nullable(string()),
  sentAt: nullable(string()),
  /**
   * Not sent yet: when it really goes out (ISO), its start or the engine's next opening after it
   * (08:00-20:00, SMS held on Sundays and public holidays when the franchise keeps them).
   */
  sendsAt: nullable(string()),
  isScheduled: boolean(),
  isSent: boolean(),
  holdoutPercent: integer(),
  newsId: nullable(Id),
  isNewsDifferentFromCampaign: boolean(),
  /** §3 Campaign.news: the linked or created news item as it is now (null: none, or deleted). */
  news: nullable(
    type({
      title: string(),
      message: string(),
      startDate: string(),
      endDate: string(),
      dateCreated: string(),
    }),
  ),
  author: nullable(type({ id: Id, name: string() })),
  progress: CampaignProgress,
})
export type Campaign = Infer<typeof Campaign>

/** GET …/communication-campaigns/{id}/stats; money in cents of the franchise currency. */
export const CampaignStats = type({
  notified: integer(),
  /** Notified recipients whose provider's receipt said delivered (issue 35 §3); 0 without receipts. */
  deliveredPercent: number(),
  openedPercent: number(),
  couponsIssued: integer(),
  couponsRedeemed: integer(),
  conversionPercent: number(),
  turnoverCents: integer(),
  /** With a holdout: the recipients' conversion minus the control group's, in points; else null. */
  upliftPercent: nullable(number()),
  /** When the figures were rolled up. */
  asOf: string(),
})
export type CampaignStats = Infer<typeof CampaignStats>

/** A whole number of a query string (page, size), `dflt` when absent. */
const queryInt = (lo: number, hi: number, dflt: number) =>
  defaulted(
    coerce(min(max(integer(), hi), lo), string(), (v) => Number(v)),
    dflt,
  )

export const CAMPAIGN_PAGE_SIZE = 20

/** The history query (GET api/v2/franchises/{id}/communication-campaigns); pages count from 1. */
export const CampaignHistoryQuery = object({
  page: queryInt(1, 1_000_000, 1),
  size: queryInt(1, 100, CAMPAIGN_PAGE_SIZE),
  status: optional(enums(DISPLAY_STATUSES)),
  channel: optional(enums(CHANNELS)),
  from: optional(IsoDay),
  to: optional(IsoDay),
})
export type CampaignHistoryQuery = Infer<typeof CampaignHistoryQuery>

export const CampaignHistoryRow = type({
  ...Campaign.schema,
  notified: integer(),
  openedPercent: number(),
  conversionPercent: number(),
  turnoverCents: integer(),
})
export type CampaignHistoryRow = Infer<typeof CampaignHistoryRow>

export const CampaignPage = type({
  items: array(CampaignHistoryRow),
  page: integer(),
  size: integer(),
  total: integer(),
})
export type CampaignPage = Infer<typeof CampaignPage>

/** POST api/v2/franchises/{id}/communication-campaigns/notified-users?page&size: who the filters reach. */
export const NotifiedUserPage = type({
  items: array(
    type({
      id: Id,
      firstName: nullable(string()),
      lastName: nullable(string()),
      phone: nullable(string()),
      email: nullable(string()),
    }),
  ),
  page: integer(),
  size: integer(),
  total: integer(),
})
export type NotifiedUserPage = Infer<typeof NotifiedUserPage>

export const RECIPIENT_STATUSES = [
  'PENDING',
  'SENDING',
  'SENT',
  'ERROR',
  'SKIPPED',
  'CANCELLED',
  'HOLDOUT',
] as const

/** The query of …/notified-users (pages count from 1). */
export const NotifiedUsersQuery = object({
  page: queryInt(1, 1_000_000, 1),
  size: queryInt(1, 100, CAMPAIGN_PAGE_SIZE),
})

/** The query of …/{id}/recipients (pages count from 1). */
export const RecipientQuery = object({
  page: queryInt(1, 1_000_000, 1),
  size: queryInt(1, 100, CAMPAIGN_PAGE_SIZE),
  status: optional(enums(RECIPIENT_STATUSES)),
})

/** GET api/v2/communication-campaigns/{id}/recipients?page&size&status: the frozen audience of a send. */
export const RecipientPage = type({
  items: array(
    type({
      clientId: Id,
      firstName: nullable(string()),
      lastName: nullable(string()),
      address: string(),
      status: enums(RECIPIENT_STATUSES),
      sentAt: nullable(string()),
      error: nullable(string()),
    }),
  ),
  page: integer(),
  size: integer(),
  total: integer(),
})
export type RecipientPage = Infer<typeof RecipientPage>

/** The campaign's own coupon as the detail shows it (GET …/{id}/current-coupon). */
export const CampaignCoupon = type({
  ...CouponInput.schema,
  issued: integer(),
  redeemed: integer(),
})
export type CampaignCoupon = Infer<typeof CampaignCoupon>

/** GET api/v2/users/{id}/communication-campaigns/revenue: the turnover campaigns brought (cents). */
export const CampaignRevenue = type({ revenueCents: integer(), campaigns: integer() })
export type CampaignRevenue = Infer<typeof CampaignRevenue>

/** §3 displayed status of a campaign from its state, its engine's progress and its errors. */
export function displayStatus(c: {
  state: (typeof CAMPAIGN_STATES)[number]
  dispatchStatus: (typeof DISPATCH_STATES)[number]
  isScheduled: boolean
  errors: number
  sent: number
}): DisplayStatus {
  if (c.state === 'CANCELLED' || c.dispatchStatus === 'CANCELLED') return 'canceled'
  if (c.dispatchStatus === 'SENT') return c.errors > 0 && c.sent === 0 ? 'error' : 'finished'
  if (c.dispatchStatus === 'PAUSED') return 'in progress'
  if (c.dispatchStatus === 'SENDING') return 'in progress'
  if (c.dispatchStatus === 'QUEUED') return c.isScheduled ? 'scheduled' : 'in progress'
  return c.isScheduled ? 'scheduled' : 'in progress'
}

/**
 * GET api/public/campaign-links/{code}/coupon: the coupon a recipient's short link shows on the public
 * coupon page (issue 18). `counterCode` is the coupon's short code (src/domain/coupons.ts), which the
 * counter redeems, typed or read from the page's QR code.
 */
export const PublicCampaignCoupon = type({
  franchiseName: string(),
  franchiseLogo: nullable(string()),
  type: enums(COUPON_TYPES),
  value: nullable(integer()),
  currencyCode: nullable(string()),
  header: string(),
  productDescription: nullable(string()),
  termsOfUse: nullable(string()),
  expiresAt: string(),
  state: enums(COUPON_STATES),
  counterCode: string(),
})
export type PublicCampaignCoupon = Infer<typeof PublicCampaignCoupon>

/** POST api/v2/communication-campaigns/{id}/opened: the push's open is counted (once). */
export const PushOpened = type({ opened: literal(true) })
export type PushOpened = Infer<typeof PushOpened>
