// The campaign editor's draft rules (src/domain/campaign-draft.ts): filters as typed, the §5 rules, the
// sending window in the franchise's time zone, and the body the calls get.
import { assert as check } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { CampaignInput } from '../../src/domain/campaign-contract'
import {
  contentErrors,
  dateErrors,
  EMPTY_DRAFT,
  EMPTY_FILTERS,
  isSmsTooLong,
  newDraft,
  readFilters,
  smsCheckOf,
  smsPreview,
  smsReadiness,
  targetErrors,
  toCampaignInput,
} from '../../src/domain/campaign-draft'
import { optOutMention } from '../../src/domain/sms'

const USER = '22222222-2222-4222-8222-222222222222'
const optOut = optOutMention('FRA')

describe('filters as typed', () => {
  it('reads numbers (comma or dot), days and postcodes; empty fields do not filter', () => {
    const { filters, errors } = readFilters({
      ...EMPTY_FILTERS,
      minAverageBasket: '12,5',
      minAge: '18',
      zipOrPostcodes: '75004, 69002 ;13001',
      clientsTypes: ['REGULAR_CUSTOMER'],
    })
    expect(errors).toEqual({})
    expect(filters).toEqual({
      wholeFranchise: true,
      minAverageBasket: 12.5,
      minAge: 18,
      zipOrPostcodes: ['75004', '69002', '13001'],
      clientsTypes: ['REGULAR_CUSTOMER'],
    })
  })

  it('names the field that is not a number, and applies the §5 rules of src/domain', () => {
    const f = {
      ...EMPTY_FILTERS,
      minAge: '1.5',
      minLoyaltyPoints: '-3',
      minCollectedPoints: '90',
      maxCollectedPoints: '10',
    }
    expect(targetErrors({ name: 'x', filters: f })).toEqual({
      minAge: 'notANumber',
      minLoyaltyPoints: 'NEGATIVE',
      minCollectedPoints: 'MIN_ABOVE_MAX',
    })
    expect(targetErrors({ name: ' ', filters: { ...EMPTY_FILTERS, minNbPassageTransactions: '2' } })).toEqual(
      {
        name: 'required',
        startPassageDate: 'PERIOD_INCOMPLETE',
      },
    )
    expect(targetErrors({ name: 'x', filters: { ...EMPTY_FILTERS, scope: 'stores' } })).toEqual({
      storeIds: 'storesRequired',
    })
  })
})

describe('content rules', () => {
  // A new NEWS campaign's draft: its news item created from the franchise's today.
  const draft = { ...newDraft('2026-11-24'), name: 'Soldes', message: 'Soldes' }
  it('counts the link in the SMS and refuses emoji', () => {
    expect(contentErrors(draft, optOut)).toEqual({})
    expect(contentErrors({ ...draft, message: 'Soldes 🎉' }, optOut)).toEqual({ message: 'emoji' })
    expect(
      contentErrors({ ...draft, message: 'a'.repeat(120), link: `https://x.test/${'b'.repeat(20)}` }, optOut),
    ).toEqual({
      message: 'smsTooLong',
    })
    expect(contentErrors({ ...draft, message: 'a'.repeat(120) }, optOut)).toEqual({})
  })
  it('counts the short link each recipient gets, not the merchant’s URL, on the public address', () => {
    const site = 'https://app.loyalty.test'
    const short = `${site}/r/xxxxxxxxxxxx`
    const long = `https://x.test/${'b'.repeat(80)}`
    // Room for the message: 160 less the short link, its separator and the opt-out mention.
    const room = 161 - smsCheckOf({ ...draft, message: 'a', link: long }, optOut, site).length
    const fits = { ...draft, message: 'a'.repeat(room), link: long }
    expect(contentErrors(fits, optOut, site)).toEqual({})
    expect(contentErrors(fits, optOut)).toEqual({ message: 'smsTooLong' })
    expect(contentErrors({ ...fits, message: 'a'.repeat(room + 1) }, optOut, site)).toEqual({
      message: 'smsTooLong',
    })
    expect(smsPreview(fits, optOut, site)).toContain(short)
    expect(smsPreview(fits, optOut, site)).not.toContain('x.test')
    // A coupon without a link still carries one (its coupon page); plain text carries none.
    const coupon = { ...draft, content: 'COUPON_PRODUCT' as const }
    expect(smsPreview(coupon, optOut, site)).toContain(short)
    expect(smsPreview(draft, optOut, site)).not.toContain('/r/')
  })
  it('holds an SMS to one SMS, and says what is added to the text and the room it leaves', () => {
    const site = 'https://app.loyalty.test'
    const withLink = { ...draft, link: 'https://x.test/promo' }
    const check = smsCheckOf({ ...withLink, message: 'Soldes' }, optOut, site)
    // The short link, the opt-out mention and the line breaks before each: 160 less them is the room.
    expect(check.fixed).toEqual({
      length: `${site}/r/xxxxxxxxxxxx`.length + optOut.length + 2,
      link: `${site}/r/xxxxxxxxxxxx`,
      optOut,
    })
    expect(check.room).toBe(160 - check.fixed.length)
    expect(isSmsTooLong({ ...withLink, message: 'a'.repeat(check.room) }, optOut, site)).toBe(false)
    expect(isSmsTooLong({ ...withLink, message: 'a'.repeat(check.room + 1) }, optOut, site)).toBe(true)
    // With a character outside GSM-7 the whole message is UCS-2: 70, the fixed part counted in it.
    const ucs = smsCheckOf({ ...draft, message: '“a”' }, optOut)
    expect(ucs).toMatchObject({ limit: 70, room: 70 - optOut.length - 1 })
    expect(isSmsTooLong({ ...draft, message: `“${'a'.repeat(ucs.room - 1)}` }, optOut)).toBe(false)
    expect(isSmsTooLong({ ...draft, message: `“${'a'.repeat(ucs.room)}` }, optOut)).toBe(true)
    // A push has no SMS to fit.
    expect(isSmsTooLong({ ...draft, channel: 'PUSH', message: 'a'.repeat(200) }, optOut)).toBe(false)
  })
  it('checks the coupon: flat not negative, percent 0-100, a header and a validity', () => {
    const coupon = { ...draft.coupon, header: '10 %', value: '101' }
    expect(contentErrors({ ...draft, content: 'COUPON_PERCENT', coupon }, optOut)).toEqual({
      couponValue: 'percent',
    })
    expect(
      contentErrors({ ...draft, content: 'COUPON_PERCENT', coupon: { ...coupon, value: '100' } }, optOut),
    ).toEqual({})
    expect(
      contentErrors({ ...draft, content: 'COUPON_AMOUNT', coupon: { ...coupon, value: '-1' } }, optOut),
    ).toEqual({
      couponValue: 'amount',
    })
    expect(
      contentErrors(
        { ...draft, content: 'COUPON_PRODUCT', coupon: { ...coupon, header: '', validityValue: '0' } },
        optOut,
      ),
    ).toEqual({ couponHeader: 'required', couponProduct: 'required', couponValidity: 'validity' })
  })
})

describe('the sending window (§9) in the franchise’s time zone', () => {
  const now = new Date('2026-11-25T09:00:00Z')
  const at = (date: string, hour: string) => ({ mode: 'later' as const, date, hour, endDate: '' })
  it('accepts 08:00 to 19:59 local, refuses the rest and the past', () => {
    expect(dateErrors(at('2026-12-01', '08:00'), 'Europe/Paris', now, false)).toEqual({})
    expect(dateErrors(at('2026-12-01', '19:59'), 'Europe/Paris', now, false)).toEqual({})
    expect(dateErrors(at('2026-12-01', '20:00'), 'Europe/Paris', now, false)).toEqual({
      hour: 'outsideWindow',
    })
    expect(dateErrors(at('2026-12-01', '07:30'), 'Europe/Paris', now, false)).toEqual({
      hour: 'outsideWindow',
    })
    // 10:00 in Paris is 09:00 UTC: 09:59 that day has passed, 10:01 has not.
    expect(dateErrors(at('2026-11-25', '09:59'), 'Europe/Paris', now, false)).toEqual({ date: 'past' })
    expect(dateErrors(at('2026-11-25', '10:01'), 'Europe/Paris', now, false)).toEqual({})
    // In New York it is 04:00: 09:00 the same day is still to come.
    expect(dateErrors(at('2026-11-25', '09:00'), 'America/New_York', now, false)).toEqual({})
    expect(
      dateErrors({ ...at('2026-12-01', '10:00'), endDate: '2026-11-30' }, 'Europe/Paris', now, false),
    ).toEqual({
      endDate: 'endBeforeStart',
    })
    expect(dateErrors(at('2020-01-01', '23:00'), 'Europe/Paris', now, true)).toEqual({})
  })
})

describe('the body of the calls', () => {
  it('sends an empty link as absent, a schedule as start time, and passes the contract', () => {
    const body = toCampaignInput(
      {
        ...EMPTY_DRAFT,
        name: ' Soldes ',
        message: 'Soldes',
        link: '  ',
        content: 'COUPON_AMOUNT',
        coupon: { ...EMPTY_DRAFT.coupon, value: '5,5', header: '5,50 €' },
        schedule: { mode: 'later', date: '2026-12-01', hour: '10:00', endDate: '' },
      },
      { userId: USER, imageUrl: null, original: null },
    )
    check(body, CampaignInput)
    expect(body).toMatchObject({
      communicationCampaign: { name: 'Soldes', isScheduled: true, notification: { link: null, title: '' } },
      coupon: { type: 'flat', value: 550 },
      startTime: { date: '2026-12-01', hour: '10:00' },
    })
  })

  it('knows what SMS lacks', () => {
    expect(smsReadiness(false, 'DUPONT')).toBe('noSubscription')
    expect(smsReadiness(true, 'A B')).toBe('noSenderId')
    expect(smsReadiness(true, 'DUPONT')).toBe('ready')
  })
})
