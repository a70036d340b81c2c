// The campaign editor's draft (issue 19; SPEC §3 Campaign, §4 Campaign, §5 Campaign and Coupon, §9): the
// form as typed, each step's rules, and the CampaignInput it becomes. Pure, shared by the editor machine,
// its screens and the tests. Error values are message-id suffixes (`communication.errors.<code>`).
import { isIsoDay } from './analytics'
import {
  type AudienceForm,
  audienceFormOf,
  EMPTY_AUDIENCE,
  type FieldErrors,
  numberOf,
  readAudience,
  withRuleErrors,
} from './audience-filters'
import type { Campaign, CampaignInput, CouponInput } from './campaign-contract'
import {
  EMPTY_NEWS,
  type NewsForm,
  newNews,
  newsErrors,
  newsFormOf,
  newsInputOf,
} from './campaign-news-draft'
import {
  type CampaignFilters,
  type Channel,
  localClock,
  localInstant,
  SENDING_WINDOW,
  type SendDelay,
  sendingRulesFor,
  sendMoment,
} from './campaigns'
import { checkSenderId } from './sender-id'
import { smsCountedLink } from './short-links'
import { checkSmsText, composeSms, type SmsTextCheck } from './sms'

export { type FieldErrors, NUMBER_FILTERS, type NumberFilter, type TextFilter } from './audience-filters'

export const EDITOR_STEPS = ['target', 'content', 'date', 'preview'] as const
export type EditorStep = (typeof EDITOR_STEPS)[number]

export type FilterForm = AudienceForm & {
  /** §5: the whole franchise, or some stores (never both). */
  scope: 'franchise' | 'stores'
  storeIds: string[]
}

export const EMPTY_FILTERS: FilterForm = { scope: 'franchise', storeIds: [], ...EMPTY_AUDIENCE }

export type CouponKind = 'NEWS' | 'COUPON_AMOUNT' | 'COUPON_PERCENT' | 'COUPON_PRODUCT'
export type CouponForm = {
  value: string
  header: string
  productDescription: string
  termsOfUse: string
  validityValue: string
  validityUnit: 'days' | 'weeks' | 'months'
}
export const EMPTY_COUPON: CouponForm = {
  value: '',
  header: '',
  productDescription: '',
  termsOfUse: '',
  validityValue: '1',
  validityUnit: 'weeks',
}

/** A campaign image: a file chosen here (uploaded on save) or an URL already stored. */
export type DraftImage = { file: File; preview: string } | { url: string } | null

export type ScheduleForm = { mode: 'now' | 'later'; date: string; hour: string; endDate: string }

export type CampaignDraft = {
  name: string
  channel: Channel
  filters: FilterForm
  content: CouponKind
  coupon: CouponForm
  title: string
  message: string
  link: string
  image: DraftImage
  schedule: ScheduleForm
  /** A NEWS campaign's news item: linked or created (campaign-news-draft.ts). */
  news: NewsForm
}

export const EMPTY_DRAFT: CampaignDraft = {
  name: '',
  channel: 'SMS',
  filters: EMPTY_FILTERS,
  content: 'NEWS',
  coupon: EMPTY_COUPON,
  title: '',
  message: '',
  link: '',
  image: null,
  schedule: { mode: 'now', date: '', hour: '10:00', endDate: '' },
  news: EMPTY_NEWS,
}

/** A new campaign's draft: EMPTY_DRAFT with its news item running from the franchise's `today`. */
export const newDraft = (today: string): CampaignDraft => ({ ...EMPTY_DRAFT, news: newNews(today) })

/** §9 push notification lengths (what a lock screen shows in full). */
export const PUSH_LIMITS = { title: 65, message: 240 } as const
export const NAME_MAX = 120

// ——— Target ———

/** The filters as the calls take them, and the fields that are not numbers or days. */
export function readFilters(f: FilterForm): { filters: CampaignFilters; errors: FieldErrors } {
  const { filters, errors } = readAudience(f)
  return {
    filters:
      f.scope === 'stores' ? { storeIds: f.storeIds, ...filters } : { wholeFranchise: true, ...filters },
    errors,
  }
}

/** The filters' errors by field: the typing's, then the §5 rules of src/domain (filterErrors). */
export function filterFormErrors(f: FilterForm): FieldErrors {
  const errors = withRuleErrors(readFilters(f))
  if (f.scope === 'stores' && f.storeIds.length === 0) errors.storeIds ??= 'storesRequired'
  return errors
}

/** The target step's errors: the filters' and the campaign's name. */
export function targetErrors(d: Pick<CampaignDraft, 'filters' | 'name'>): FieldErrors {
  const errors = filterFormErrors(d.filters)
  if (d.name.trim() === '') errors.name = 'required'
  else if (d.name.trim().length > NAME_MAX) errors.name = 'tooLong'
  return errors
}

// ——— Content ———

const isCoupon = (c: CouponKind) => c !== 'NEWS'

export type SmsContext = { senderId: string | null; optOut: string }

/**
 * The link the SMS carries: each recipient's short link on `publicUrl` when the campaign has a link
 * or a coupon (src/domain/short-links.ts, as the server counts it), else none; without a public URL
 * (tests, stories) the merchant's own link.
 */
function smsLinkOf(d: Pick<CampaignDraft, 'link' | 'content'>, publicUrl: string): string | undefined {
  const link = d.link.trim()
  if (!publicUrl) return link || undefined
  return smsCountedLink({ link, content: d.content }, publicUrl)
}

/** The SMS check of the draft's message (the link counted, the opt-out mention appended). */
export function smsCheckOf(
  d: Pick<CampaignDraft, 'message' | 'link' | 'content'>,
  optOut: string,
  publicUrl = '',
): SmsTextCheck {
  const link = smsLinkOf(d, publicUrl)
  return checkSmsText(d.message, { ...(link ? { link } : {}), optOut })
}

/**
 * §5, §9: a campaign SMS is one SMS (160 GSM-7 characters, 70 with special ones), the link and the
 * opt-out mention included: past it the editor goes no further, whatever else the step lacks.
 */
export function isSmsTooLong(
  d: Pick<CampaignDraft, 'channel' | 'message' | 'link' | 'content'>,
  optOut: string,
  publicUrl = '',
): boolean {
  return d.channel === 'SMS' && !smsCheckOf(d, optOut, publicUrl).isLengthValid
}

/** The coupon value as sent: cents for an amount, per cent, none for a product. */
function couponValue(kind: CouponKind, text: string): number | null | 'invalid' {
  if (kind === 'COUPON_PRODUCT') return null
  const n = numberOf(text, kind === 'COUPON_PERCENT')
  if (n === undefined || n === 'NaN') return 'invalid'
  if (kind === 'COUPON_AMOUNT') return n < 0 ? 'invalid' : Math.round(n * 100)
  return n < 0 || n > 100 ? 'invalid' : n
}

export function contentErrors(d: CampaignDraft, optOut: string, publicUrl = ''): FieldErrors {
  const errors: FieldErrors = {}
  if (d.link.trim() && !/^https?:\/\/\S+$/i.test(d.link.trim())) errors.link = 'url'
  if (d.channel === 'SMS') {
    const check = smsCheckOf(d, optOut, publicUrl)
    if (d.message.trim() === '') errors.message = 'required'
    else if (check.emoji.length > 0) errors.message = 'emoji'
    else if (!check.isLengthValid) errors.message = 'smsTooLong'
  } else {
    if (d.title.trim() === '') errors.title = 'required'
    else if (d.title.trim().length > PUSH_LIMITS.title) errors.title = 'tooLong'
    if (d.message.trim() === '') errors.message = 'required'
    else if (d.message.length > PUSH_LIMITS.message) errors.message = 'tooLong'
  }
  if (isCoupon(d.content)) {
    const c = d.coupon
    if (couponValue(d.content, c.value) === 'invalid')
      errors.couponValue = d.content === 'COUPON_PERCENT' ? 'percent' : 'amount'
    if (c.header.trim() === '') errors.couponHeader = 'required'
    else if (c.header.trim().length > 80) errors.couponHeader = 'tooLong'
    if (d.content === 'COUPON_PRODUCT' && c.productDescription.trim() === '')
      errors.couponProduct = 'required'
    const v = numberOf(c.validityValue, true)
    if (typeof v !== 'number' || v < 1 || v > 366) errors.couponValidity = 'validity'
  }
  if (d.content === 'NEWS') Object.assign(errors, newsErrors(d.news))
  return errors
}

// ——— Date ———

/** A wall-clock 'HH:MM'. */
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/

/** §9 sending window: a start at or after 08:00 and before 20:00 in the franchise's time zone. */
export function isInWindow(hour: string): boolean {
  const [h = -1, m = 0] = hour.split(':').map(Number)
  const minutes = h * 60 + m
  return minutes >= SENDING_WINDOW.openHour * 60 && minutes < SENDING_WINDOW.closeHour * 60
}

/**
 * The date step's errors: a scheduled start needs a day and an hour, inside the window, not in the past
 * of the franchise's clock; an end is after the start. A sent campaign keeps its start (§4): no rule.
 */
export function dateErrors(s: ScheduleForm, timezone: string, now: Date, isSent: boolean): FieldErrors {
  const errors: FieldErrors = {}
  if (s.endDate && !isIsoDay(s.endDate)) errors.endDate = 'invalidDate'
  if (isSent || s.mode === 'now') return errors
  if (!isIsoDay(s.date)) errors.date = 'invalidDate'
  if (!HOUR.test(s.hour)) errors.hour = 'invalidHour'
  else if (!isInWindow(s.hour)) errors.hour = 'outsideWindow'
  if (!errors.date && !errors.hour) {
    const c = localClock(now, timezone)
    const local = `${c.day} ${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`
    if (`${s.date} ${s.hour}` <= local) errors.date = 'past'
  }
  if (!errors.date && s.endDate && isIsoDay(s.endDate) && s.endDate < s.date)
    errors.endDate = 'endBeforeStart'
  return errors
}

/** The franchise's quiet days as the editor knows them (its settings: the rule and the holidays). */
export type QuietDays = { smsQuietDays: boolean; publicHolidays: readonly string[] }

/** When the draft will really go out, as the franchise's wall clock, and why it is held back if so. */
export type DraftSendMoment = { day: string; hour: string; delay: SendDelay | null }

/**
 * When the draft's campaign really goes out (sendMoment, the engine's rule): its start, or now, held
 * back to the next opening outside 08:00-20:00 and, for SMS, on Sundays and public holidays; null
 * without a valid start yet, or for a sent campaign.
 */
export function draftSendMoment(
  d: Pick<CampaignDraft, 'channel' | 'schedule'>,
  o: { timezone: string; quiet: QuietDays; now: Date; isSent: boolean },
): DraftSendMoment | null {
  if (o.isSent) return null
  const s = d.schedule
  let start = o.now
  if (s.mode === 'later') {
    if (!isIsoDay(s.date) || !HOUR.test(s.hour)) return null
    const [h, m] = s.hour.split(':').map(Number) as [number, number]
    start = localInstant(s.date, h, o.timezone, m)
  }
  const holidays = new Set(o.quiet.publicHolidays)
  const rules = sendingRulesFor(
    d.channel,
    { timezone: o.timezone, smsQuietDays: o.quiet.smsQuietDays },
    (day) => holidays.has(day),
  )
  const { at, delay } = sendMoment(start, rules)
  const c = localClock(at, o.timezone)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { day: c.day, hour: `${pad(c.hour)}:${pad(c.minute)}`, delay }
}

// ——— Sending an SMS at all ———

export type SmsReadiness = 'ready' | 'noSubscription' | 'noSenderId'

/** §6: SMS needs the subscription and a valid sender id; the page says which one is missing. */
export function smsReadiness(isSubscribed: boolean, senderId: string | null): SmsReadiness {
  if (!isSubscribed) return 'noSubscription'
  return checkSenderId(senderId).valid ? 'ready' : 'noSenderId'
}

// ——— What is sent ———

function couponOf(d: CampaignDraft): CouponInput | null {
  if (!isCoupon(d.content)) return null
  const value = couponValue(d.content, d.coupon.value)
  const text = (s: string) => (s.trim() ? s.trim() : null)
  return {
    type: d.content === 'COUPON_AMOUNT' ? 'flat' : d.content === 'COUPON_PERCENT' ? 'percentage' : 'product',
    value: value === 'invalid' ? null : value,
    header: d.coupon.header.trim(),
    productDescription: text(d.coupon.productDescription),
    termsOfUse: text(d.coupon.termsOfUse),
    validity: { value: Number(d.coupon.validityValue), unit: d.coupon.validityUnit },
  }
}

/**
 * The body of the create and update calls. An edit of a sent campaign keeps its start (`original`):
 * §4, it is never re-sent and its start time is not changed.
 */
export function toCampaignInput(
  d: CampaignDraft,
  o: { userId: string; imageUrl: string | null; original: Campaign | null },
): CampaignInput {
  const sent = o.original?.isSent ?? false
  const scheduled = sent ? o.original!.isScheduled : d.schedule.mode === 'later'
  const startTime = sent
    ? o.original!.startTime
    : scheduled
      ? { date: d.schedule.date, hour: d.schedule.hour }
      : null
  const link = d.link.trim()
  return {
    userId: o.userId,
    channel: d.channel,
    content: d.content,
    communicationCampaign: {
      name: d.name.trim(),
      type: 'MANUAL_CAMPAIGN',
      notification: {
        title: d.channel === 'SMS' ? '' : d.title.trim(),
        message: d.channel === 'SMS' ? d.message.trim() : d.message,
        imageUrl: d.channel === 'PUSH' ? o.imageUrl : null,
        // §5: an empty link is sent as absent.
        link: link ? link : null,
      },
      isScheduled: scheduled,
      campaignFilters: readFilters(d.filters).filters,
    },
    coupon: couponOf(d),
    startTime,
    endDate: d.schedule.endDate ? d.schedule.endDate : null,
    ...newsInputOf(d.content, d.news),
  }
}

/** The audience calls' body. */
export const audienceOf = (d: Pick<CampaignDraft, 'channel' | 'filters'>) => ({
  channel: d.channel,
  campaignFilters: readFilters(d.filters).filters,
})

const text = (n: number | undefined | null) => (n === undefined || n === null ? '' : String(n))

/**
 * A stored campaign as the editor's draft (an edit starts from it); its end instant read as a day of
 * `timezone` (the franchise's: the end is the last instant of that local day). `today` (the franchise's
 * day): where the news item of a campaign that has none would start.
 */
export function draftOf(c: Campaign, timezone: string, today: string): CampaignDraft {
  const f = c.communicationCampaign.campaignFilters
  const n = c.communicationCampaign.notification
  const filters: FilterForm = {
    scope: f.storeIds?.length ? 'stores' : 'franchise',
    storeIds: f.storeIds ?? [],
    ...audienceFormOf(f),
  }
  const coupon: CouponForm = c.coupon
    ? {
        value:
          c.coupon.type === 'flat'
            ? text(c.coupon.value === null || c.coupon.value === undefined ? null : c.coupon.value / 100)
            : text(c.coupon.value),
        header: c.coupon.header,
        productDescription: c.coupon.productDescription ?? '',
        termsOfUse: c.coupon.termsOfUse ?? '',
        validityValue: String(c.coupon.validity.value),
        validityUnit: c.coupon.validity.unit,
      }
    : EMPTY_COUPON
  return {
    name: c.communicationCampaign.name,
    channel: c.channel,
    filters,
    content: c.content,
    coupon,
    title: n.title,
    message: n.message,
    link: n.link ?? '',
    image: n.imageUrl ? { url: n.imageUrl } : null,
    schedule: {
      mode: c.isScheduled ? 'later' : 'now',
      date: c.startTime?.date ?? '',
      hour: c.startTime?.hour ?? '10:00',
      endDate: c.endDate ? localClock(new Date(c.endDate), timezone).day : '',
    },
    news: newsFormOf(c, today),
  }
}

/** The SMS as the customer reads it: the text, the link, the opt-out mention (composeSms). */
export function smsPreview(
  d: Pick<CampaignDraft, 'message' | 'link' | 'content'>,
  optOut: string,
  publicUrl = '',
) {
  const link = smsLinkOf(d, publicUrl)
  return composeSms(d.message, { ...(link ? { link } : {}), optOut })
}
