// Automated marketing rules (SPEC §3, §4; issue 20): the draft a type resets to, the birthday rule with
// 29 February in other years and N days before, the days a run covers (catch-up), the day a lost
// episode starts, a new customer's delay, and the input's shape.
import { validate } from 'superstruct'
import { describe, expect, it } from 'vitest'
import {
  AutomationInput,
  addDays,
  automationKey,
  birthdayIn,
  birthdayTargets,
  CATCH_UP_DAYS,
  contentOf,
  DEFAULT_NEW_CUSTOMER_DELAY,
  isLeapYear,
  lostEpisodeStart,
  newCustomerDueDay,
  nextRunAt,
  percentOf,
  resetToType,
  runDays,
  runTimeOfDay,
} from '../../src/domain/automations'
import { localInstant } from '../../src/domain/campaigns'
import { customerLocale, franchiseLocale } from '../../src/domain/locale'
import { optOutMention } from '../../src/domain/sms'

describe('reset to a type', () => {
  it('is a birthday draft by default, PUSH, inactive, no coupon, one day of new-customer delay', () => {
    const d = resetToType()
    expect(d).toMatchObject({ type: 'BIRTHDAY', channel: 'PUSH', isActive: false, coupon: null, filters: {} })
    expect(d.timing).toEqual({ daysBefore: 0, delayDays: 1 })
    expect(DEFAULT_NEW_CUSTOMER_DELAY).toBe(1)
  })
  it('gives each type its own text and keeps the active switch asked for', () => {
    const lost = resetToType('LOST_CUSTOMER', true)
    expect(lost.type).toBe('LOST_CUSTOMER')
    expect(lost.isActive).toBe(true)
    expect(lost.message).not.toBe(resetToType('NEW_CUSTOMER').message)
  })
})

describe('birthdays', () => {
  it('knows leap years', () => {
    expect([2024, 2000, 2028].map(isLeapYear)).toEqual([true, true, true])
    expect([2025, 1900, 2100].map(isLeapYear)).toEqual([false, false, false])
  })
  it('celebrates 29 February on 28 February in other years, on the 29th in leap years', () => {
    expect(birthdayIn('1992-02-29', 2027)).toBe('2027-02-28')
    expect(birthdayIn('1992-02-29', 2028)).toBe('2028-02-29')
    expect(birthdayIn('1980-07-14', 2027)).toBe('2027-07-14')
  })
  it('looks up 28 and 29 February on 28 February of a non-leap year, only the 28th in a leap year', () => {
    expect(birthdayTargets('2027-02-28')).toEqual({ monthDays: ['02-28', '02-29'], occasion: '2027' })
    expect(birthdayTargets('2028-02-28')).toEqual({ monthDays: ['02-28'], occasion: '2028' })
    expect(birthdayTargets('2028-02-29')).toEqual({ monthDays: ['02-29'], occasion: '2028' })
  })
  it('N days before: the target is N days later, and its year is the occasion (across New Year)', () => {
    expect(birthdayTargets('2026-12-29', 3)).toEqual({ monthDays: ['01-01'], occasion: '2027' })
    expect(birthdayTargets('2027-02-25', 3)).toEqual({ monthDays: ['02-28', '02-29'], occasion: '2027' })
  })
  it('every birth day of a year is looked up exactly once over that year', () => {
    for (const year of [2027, 2028]) {
      const seen = new Map<string, number>()
      for (let d = `${year}-01-01`; d <= `${year}-12-31`; d = addDays(d, 1))
        for (const md of birthdayTargets(d).monthDays) seen.set(md, (seen.get(md) ?? 0) + 1)
      expect(seen.size).toBe(366)
      expect([...seen.values()].every((n) => n === 1)).toBe(true)
    }
  })
})

describe('the days a run covers', () => {
  it('is today after yesterday’s run, nothing on a rerun', () => {
    expect(runDays('2026-11-24', '2026-11-25')).toEqual(['2026-11-25'])
    expect(runDays('2026-11-25', '2026-11-25')).toEqual([])
  })
  it('catches up missed days, at most 7 days back, and starts today when never run', () => {
    expect(runDays('2026-11-22', '2026-11-25')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25'])
    const days = runDays('2026-10-01', '2026-11-25')
    expect(days).toHaveLength(CATCH_UP_DAYS)
    expect(days.at(-1)).toBe('2026-11-25')
    expect(runDays(null, '2026-11-25')).toHaveLength(CATCH_UP_DAYS)
  })
})

describe('lost customers and new customers', () => {
  const paris = 'Europe/Paris'
  it('a lost episode starts the local day the qualification period ends after the last visit', () => {
    const last = new Date('2026-03-10T22:30:00Z') // 23:30 in Paris: the next local day once summer time starts
    expect(lostEpisodeStart(last, { value: 30, unit: 'days' }, paris)).toBe('2026-04-10')
    expect(lostEpisodeStart(last, { value: 2, unit: 'weeks' }, paris)).toBe('2026-03-24')
    expect(lostEpisodeStart(last, { value: 3, unit: 'months' }, paris)).toBe('2026-06-11')
  })
  it('months clamp to the end of a shorter month, as PostgreSQL adds them', () => {
    expect(lostEpisodeStart(new Date('2026-01-31T12:00:00Z'), { value: 1, unit: 'months' }, paris)).toBe(
      '2026-02-28',
    )
  })
  it('a new customer is due its delay after the first visit’s day (1 day by default)', () => {
    expect(newCustomerDueDay('2026-11-24')).toBe('2026-11-25')
    expect(newCustomerDueDay('2026-11-24', 7)).toBe('2026-12-01')
  })
})

describe('wire shapes and figures', () => {
  const body = {
    title: 'Anniversaire',
    isActive: true,
    message: 'Joyeux anniversaire !',
    type: 'BIRTHDAY',
    communicationCampaignType: 'PUSH',
    communicationCampaign: { name: 'Anniversaire', notification: { title: 'Hi' }, campaignFilters: {} },
    coupon: { type: 'percentage', value: 10, header: '-10 %', validity: { value: 1, unit: 'months' } },
    timing: { daysBefore: 3 },
  }
  it('takes the §3 shape and names a failing field', () => {
    expect(validate(body, AutomationInput)[0]).toBeUndefined()
    const [err] = validate({ ...body, timing: { daysBefore: 31 } }, AutomationInput)
    expect(err?.path).toEqual(['timing', 'daysBefore'])
    expect(validate({ ...body, type: 'MANUAL_CAMPAIGN' }, AutomationInput)[0]?.path).toEqual(['type'])
  })
  it('maps a coupon to its campaign content, keys an occasion, and rounds percentages', () => {
    expect([contentOf(null), contentOf({ type: 'percentage' }), contentOf({ type: 'flat' })]).toEqual([
      'NEWS',
      'COUPON_PERCENT',
      'COUPON_AMOUNT',
    ])
    expect(automationKey('a', 'c', '2027')).toBe('automation:a:c:2027')
    expect(percentOf(1, 3)).toBe(33.3)
    expect(percentOf(1, 0)).toBe(0)
  })
})

// Issue 34: when the run happens, said by the screens from the job's own rule.
describe('the next run', () => {
  const TZ = 'Europe/Paris'
  const at = (day: string, hour: number, minute = 0) => localInstant(day, hour, TZ, minute)
  it('is today at 10:00 before it, the next tick when today’s is due, else tomorrow at 10:00', () => {
    expect(nextRunAt(at('2026-11-24', 8), TZ, '2026-11-23')).toEqual(at('2026-11-24', 10))
    expect(nextRunAt(at('2026-11-24', 11, 7), TZ, '2026-11-23')).toEqual(at('2026-11-24', 11, 15))
    expect(nextRunAt(at('2026-11-24', 11, 7), TZ, '2026-11-24')).toEqual(at('2026-11-25', 10))
    expect(nextRunAt(at('2026-11-24', 8), TZ, null)).toEqual(at('2026-11-24', 10))
    // Across the change to summer time, still 10:00 there.
    expect(nextRunAt(at('2027-03-27', 12), TZ, '2027-03-27')).toEqual(at('2027-03-28', 10))
  })
  it('reads 10:00 in the zone it is shown in', () => {
    const time = new Intl.DateTimeFormat('fr', { timeZone: 'America/New_York', timeStyle: 'short' })
    expect(time.format(new Date(runTimeOfDay({ hour: 10, timezone: 'America/New_York' })))).toBe('10:00')
  })
})

// Issue 34: customers read their own language, in the text and its opt-out line.
describe('the customers’ language', () => {
  it('is the page’s, else the franchise’s; the defaults and the opt-out line follow the franchise’s', () => {
    expect(customerLocale('en', 'FRA')).toBe('en')
    expect(customerLocale(null, 'FRA')).toBe('fr')
    expect(customerLocale('de', 'USA')).toBe('en')
    expect(franchiseLocale('GLP')).toBe('fr')
    expect(resetToType('BIRTHDAY', false, 'fr').message).toBe(
      'Joyeux anniversaire ! Un petit cadeau vous attend en magasin.',
    )
    expect(resetToType('BIRTHDAY', false, 'en').message).toMatch(/^Happy birthday!/)
    // A French-speaking country without its own mention: the French one, not the English fallback.
    expect(optOutMention('GLP')).toBe(optOutMention('FRA'))
    expect(optOutMention('AUS')).toBe(optOutMention('GBR'))
  })
})
