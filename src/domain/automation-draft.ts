// The automated-marketing editor's form (issue 20): the text fields as typed, read from an automation,
// reset to a type (§4), checked with the campaign editor's rules (§5: SMS text, coupon, filters), and
// turned into the §3 body of the save. The audience filters are the campaign editor's form
// (audience-filters.ts): the same fields, rules and error codes.
import {
  type AudienceForm,
  audienceErrors,
  audienceFormOf,
  type FieldErrors,
  readAudience,
} from './audience-filters'
import {
  type Automation,
  type AutomationInput,
  type AutomationType,
  resetToType,
  TIMING_LIMITS,
} from './automations'
import type { CampaignFilters, Channel } from './campaigns'
import type { Locale } from './locale'
import { checkSmsText, type SmsTextCheck } from './sms'

export type CouponChoice = '' | 'flat' | 'percentage' | 'product'
export type ValidityUnit = 'days' | 'weeks' | 'months'

export type AutomationForm = {
  title: string
  isActive: boolean
  channel: Channel
  message: string
  notificationTitle: string
  link: string
  couponType: CouponChoice
  couponValue: string
  couponHeader: string
  validityValue: string
  validityUnit: ValidityUnit
  /** None: the whole franchise. */
  storeIds: string[]
  /** The other audience filters, as the campaign editor types them. */
  filters: AudienceForm
  daysBefore: string
  delayDays: string
}
export type AutomationTextField = Exclude<keyof AutomationForm, 'isActive' | 'storeIds' | 'filters'>
/**
 * The form's errors: the automation's own fields' (automatedMarketing.errors.<code>) and, under
 * `filters`, the audience filters' by field (communication.errors.<code>, as in the campaign editor).
 */
export type AutomationFormErrors = Partial<Record<Exclude<keyof AutomationForm, 'filters'>, string>> & {
  filters?: FieldErrors
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** The form of a saved automation (a flat coupon's cents shown in units). */
export function formOf(
  a: Pick<
    Automation,
    | 'title'
    | 'isActive'
    | 'communicationCampaignType'
    | 'message'
    | 'communicationCampaign'
    | 'coupon'
    | 'timing'
  >,
): AutomationForm {
  const filters = a.communicationCampaign.campaignFilters
  const c = a.coupon
  return {
    title: a.title,
    isActive: a.isActive,
    channel: a.communicationCampaignType,
    message: a.message,
    notificationTitle: a.communicationCampaign.notification.title,
    link: a.communicationCampaign.notification.link ?? '',
    couponType: c?.type ?? '',
    couponValue: c?.type === 'flat' ? text((c.value ?? 0) / 100) : text(c?.value),
    couponHeader: c?.header ?? '',
    validityValue: text(c?.validity.value ?? 1),
    validityUnit: c?.validity.unit ?? 'months',
    storeIds: filters.storeIds ?? [],
    // An automation saved with a minimum of points (minLoyaltyPoints) shows it as the range's min.
    filters: audienceFormOf(filters),
    daysBefore: text(a.timing.daysBefore),
    delayDays: text(a.timing.delayDays),
  }
}

/** §4: the form reset to a type's defaults (birthday unless told otherwise), in the franchise's language. */
export function resetForm(type: AutomationType = 'BIRTHDAY', locale?: Locale): AutomationForm {
  const d = resetToType(type, false, locale)
  return formOf({
    title: d.title,
    isActive: d.isActive,
    communicationCampaignType: d.channel,
    message: d.message,
    coupon: d.coupon,
    timing: d.timing,
    communicationCampaign: {
      type: 'NOTIFICATION',
      name: d.title,
      userId: null,
      dateCreated: '',
      notification: d.notification,
      campaignFilters: d.filters,
    },
  })
}

const number = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')))
const whole = (s: string, lo: number, hi: number) => {
  const n = number(s)
  return n !== null && Number.isInteger(n) && n >= lo && n <= hi
}

/** The SMS check of the message (with the link and the opt-out mention), as the server counts it. */
export const smsCheckOfForm = (f: Pick<AutomationForm, 'message' | 'link'>, optOut: string): SmsTextCheck =>
  checkSmsText(f.message, { ...(f.link.trim() ? { link: f.link.trim() } : {}), optOut })

/** The §5 rules over the form: message ids' last segment per field (the filters' under `filters`). */
export function formErrors(f: AutomationForm, type: AutomationType, optOut: string): AutomationFormErrors {
  const e: AutomationFormErrors = {}
  if (!f.title.trim()) e.title = 'required'
  if (!f.message.trim()) e.message = 'required'
  else if (f.channel === 'SMS' && !smsCheckOfForm(f, optOut).isValid) e.message = 'smsText'
  if (f.link.trim() && !/^https?:\/\/\S+$/.test(f.link.trim())) e.link = 'url'
  if (f.couponType) {
    const v = number(f.couponValue)
    if (f.couponType === 'percentage' && (v === null || Number.isNaN(v) || v < 0 || v > 100))
      e.couponValue = 'percent'
    if (f.couponType === 'flat' && (v === null || Number.isNaN(v) || v < 0)) e.couponValue = 'amount'
    if (!f.couponHeader.trim()) e.couponHeader = 'required'
    if (!whole(f.validityValue, 1, 366)) e.validityValue = 'validity'
  }
  const filters = audienceErrors(f.filters)
  if (Object.keys(filters).length) e.filters = filters
  if (type === 'BIRTHDAY' && !whole(f.daysBefore, 0, TIMING_LIMITS.daysBefore)) e.daysBefore = 'daysBefore'
  if (type === 'NEW_CUSTOMER' && !whole(f.delayDays, 1, TIMING_LIMITS.delayDays)) e.delayDays = 'delayDays'
  return e
}

/** The §3 body of PUT api/v2/users/{id}/automated-marketings/{id}. */
export function inputOf(f: AutomationForm, type: AutomationType, franchiseId: string): AutomationInput {
  const value = number(f.couponValue)
  const filters: CampaignFilters = {
    ...(f.storeIds.length ? { storeIds: f.storeIds } : {}),
    ...readAudience(f.filters).filters,
  }
  return {
    franchiseId,
    title: f.title.trim(),
    isActive: f.isActive,
    message: f.message,
    type,
    communicationCampaignType: f.channel,
    communicationCampaign: {
      type: 'NOTIFICATION',
      name: f.title.trim(),
      notification: { title: f.notificationTitle.trim(), link: f.link.trim() || null },
      campaignFilters: filters,
    },
    coupon: f.couponType
      ? {
          type: f.couponType,
          value:
            f.couponType === 'product'
              ? null
              : f.couponType === 'flat'
                ? Math.round((value ?? 0) * 100)
                : value,
          header: f.couponHeader.trim(),
          validity: { value: Number(f.validityValue), unit: f.validityUnit },
        }
      : null,
    timing: {
      daysBefore: type === 'BIRTHDAY' ? Number(f.daysBefore) : 0,
      delayDays: type === 'NEW_CUSTOMER' ? Number(f.delayDays) : 1,
    },
  }
}

/** Whether two forms differ (the unsaved-change confirmation). */
export const isSameForm = (a: AutomationForm, b: AutomationForm) => JSON.stringify(a) === JSON.stringify(b)
