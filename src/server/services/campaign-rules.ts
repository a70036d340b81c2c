// The §5 rules of a campaign editor's input (SPEC §5 Campaign and SMS sender; issue 18): the author,
// the filters within the caller's stores, the coupon of a coupon content, http(s) links, the start in
// the 08:00–20:00 window of the franchise's time zone, the SMS text, the sender id and the merchant's
// subscription. Each failure names its field.
import type { CampaignInput } from '../../domain/campaign-contract'
import { localClock, localInstant, SENDING_WINDOW } from '../../domain/campaigns'
import { checkSenderId } from '../../domain/sender-id'
import { smsCountedLink } from '../../domain/short-links'
import { checkSmsText, optOutMention } from '../../domain/sms'
import type { Db } from '../db/client'
import type { campaigns, franchises } from '../db/schema'
import { badRequest, forbidden } from '../errors'
import { audienceSelect } from './campaign-audience'
import { type NewsPlan, planNews } from './campaign-news'
import { targetFilters } from './campaign-queries'
import type { Tenant } from './scope'
import { retailerSubscription } from './subscriptions'

type Franchise = typeof franchises.$inferSelect
type Row = typeof campaigns.$inferSelect

const invalid = (field: string, reason: string, message: string, extra: Record<string, unknown> = {}) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${field}: ${message}`, {
    field,
    reason,
    in: 'body',
    ...extra,
  })

const notification = 'communicationCampaign.notification'
const COUPON_OF = { COUPON_AMOUNT: 'flat', COUPON_PERCENT: 'percentage', COUPON_PRODUCT: 'product' } as const

/** §5 "Creating needs a known user id": the caller, or for staff the merchant (or, on edit, the author). */
export function assertAuthor(tenant: Tenant, f: Franchise, userId: string, author?: string | null) {
  const expected = tenant.kind === 'staff' ? f.userId : tenant.userId
  if (userId === expected || (author && userId === author)) return
  throw invalid('userId', 'UNKNOWN_USER', "must be the caller's id (staff: the merchant's)")
}

function httpUrl(value: string | null | undefined, field: string): string | null {
  if (!value) return null
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || !['http:', 'https:'].includes(url.protocol))
    throw invalid(field, 'NOT_A_URL', 'not an http(s) URL')
  return value
}

function couponOf(input: CampaignInput): Row['coupon'] {
  const coupon = input.coupon ?? null
  if (input.content === 'NEWS') {
    if (coupon) throw invalid('coupon', 'COUPON_NOT_EXPECTED', 'a news campaign carries no coupon')
    return null
  }
  const type = COUPON_OF[input.content]
  if (!coupon) throw invalid('coupon', 'COUPON_REQUIRED', `a ${input.content} campaign needs a coupon`)
  if (coupon.type !== type)
    throw invalid('coupon.type', 'COUPON_TYPE', `must be ${type} for ${input.content}`)
  const value = coupon.value ?? null
  if (type === 'percentage' && (value === null || value > 100))
    throw invalid('coupon.value', 'PERCENT_RANGE', 'a percentage from 0 to 100')
  if (type === 'flat' && value === null)
    throw invalid('coupon.value', 'AMOUNT_REQUIRED', 'an amount in cents')
  return { ...coupon, value: type === 'product' ? null : value }
}

/** §5 SMS text: GSM-7 or UCS-2 length with the link and the opt-out mention; emoji named with positions. */
function assertSmsText(text: string, link: string | null, f: Franchise) {
  const check = checkSmsText(text, { ...(link ? { link } : {}), optOut: optOutMention(f.codeAlpha3) })
  if (check.isValid) return
  const where = (list: { char: string; position: number }[]) =>
    list.map((o) => `"${o.char}" at ${o.position}`).join(', ')
  const message = check.emoji.length
    ? `emoji are not allowed in an SMS: ${where(check.emoji)}`
    : text.trim() === ''
      ? 'the SMS text is empty'
      : `the SMS is ${check.length} characters with its link and opt-out mention, ${check.limit} at most (${check.encoding})${
          check.nonGsm.length ? `; these characters make it UCS-2: ${where(check.nonGsm)}` : ''
        }`
  throw badRequest('SMS_TEXT_NOT_VALID', `Invalid body: ${notification}.message: ${message}`, {
    field: `${notification}.message`,
    in: 'body',
    encoding: check.encoding,
    length: check.length,
    limit: check.limit,
    emoji: check.emoji,
    nonGsm: check.nonGsm,
  })
}

/** What sending an SMS campaign needs from the franchise: a valid sender id and an active subscription. */
export async function assertCanSendSms(db: Db, f: Franchise) {
  const sender = checkSenderId(f.senderId)
  if (!sender.valid)
    throw badRequest('SENDER_ID_NOT_VALID', "The franchise's SMS sender id is not valid", {
      field: 'senderId',
      reason: sender.code,
    })
  // The merchant's subscription (it covers its store owners): staff acting for it meet the same rule.
  const subscribed = f.userId ? (await retailerSubscription(db, f.userId)).isSubscribedRetailer : false
  if (!subscribed) throw forbidden('SMS campaigns need an active subscription', 'SUBSCRIPTION_REQUIRED')
}

export type Prepared = {
  values: Omit<typeof campaigns.$inferInsert, 'franchiseId'>
  startAt: Date | null
  /** The news a NEWS campaign links or creates (campaign-news.ts). */
  news: NewsPlan
}

/**
 * The §5 checks of an editor's input, and the columns it sets (the start: only when `schedule`).
 * `withNews` false: an automation's message, checked like a campaign but with no news item of its own
 * (the campaigns it makes are the server's).
 */
export async function prepare(
  db: Db,
  tenant: Tenant,
  f: Franchise,
  input: CampaignInput,
  {
    now,
    schedule,
    publicUrl,
    currentNewsId = null,
    withNews = true,
  }: {
    now: Date
    schedule: boolean
    publicUrl: string
    currentNewsId?: string | null
    withNews?: boolean
  },
): Promise<Prepared> {
  const cc = input.communicationCampaign
  const filters = await targetFilters(
    db,
    tenant,
    f,
    cc.campaignFilters,
    'communicationCampaign.campaignFilters',
  )
  // Builds the audience query once: a filter the engine cannot apply yet is refused now, not at send time.
  audienceSelect(f.id, input.channel, filters, { today: localClock(now, f.timezone).day, now })
  const coupon = couponOf(input)
  const news: NewsPlan = withNews
    ? await planNews(db, tenant, f.id, input, filters, currentNewsId)
    : { kind: 'none' }
  const link = httpUrl(cc.notification.link, `${notification}.link`)
  const imageUrl = httpUrl(cc.notification.imageUrl, `${notification}.imageUrl`)
  let startAt: Date | null = null
  if (schedule && cc.isScheduled) {
    if (!input.startTime)
      throw invalid('startTime', 'START_TIME_REQUIRED', 'a scheduled campaign needs its start')
    const [h, m] = input.startTime.hour.split(':').map(Number) as [number, number]
    if (h < SENDING_WINDOW.openHour || h >= SENDING_WINDOW.closeHour)
      throw invalid('startTime.hour', 'OUTSIDE_SENDING_WINDOW', 'campaigns are sent from 08:00 to 20:00')
    startAt = localInstant(input.startTime.date, h, f.timezone, m)
    // The minute being chosen is not past yet.
    if (startAt.getTime() < now.getTime() - 60_000)
      throw invalid('startTime', 'START_IN_THE_PAST', 'the start is in the past')
  }
  let endAt: Date | null = null
  if (input.endDate) {
    const [y, m, d] = input.endDate.split('-').map(Number) as [number, number, number]
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
    endAt = new Date(localInstant(next, 0, f.timezone).getTime() - 1)
    if (endAt < (startAt ?? now)) throw invalid('endDate', 'END_BEFORE_START', 'the end is before the start')
  }
  if (input.channel === 'SMS') {
    // Counted with the short link each recipient gets in its place (src/domain/short-links.ts).
    assertSmsText(
      cc.notification.message,
      smsCountedLink({ link, content: input.content }, publicUrl) ?? null,
      f,
    )
    await assertCanSendSms(db, f)
  }
  return {
    startAt,
    news,
    values: {
      name: cc.name,
      type: cc.type,
      content: input.content,
      channel: input.channel,
      title: cc.notification.title,
      message: cc.notification.message,
      imageUrl,
      link,
      filters,
      coupon,
      holdoutPercent: input.holdoutPercent ?? 0,
      endAt,
    },
  }
}
