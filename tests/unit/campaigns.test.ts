// Campaign rules (SPEC §5, §9; issue 18): the audience filters' rules and the sending window, with its
// edges across daylight-saving changes in Europe/Paris and America/New_York.

import { validate } from 'superstruct'
import { describe, expect, it } from 'vitest'
import {
  CampaignFilters,
  FILTER_RANGES,
  filterErrors,
  isInSendingWindow,
  localClock,
  nextSendingOpening,
  sendingWindowClose,
} from '../../src/domain/campaigns'

const STORE = '0190a3b2-1234-7abc-8def-0123456789ab'

describe('campaign filters', () => {
  it('accepts every §3 filter', () => {
    const [error] = validate(
      {
        storeIds: [STORE],
        minAge: 18,
        maxAge: 65,
        gender: 'women',
        minLoyaltyPoints: 0,
        maxLoyaltyPoints: 500,
        minCollectedPoints: 10,
        minAverageBasket: 5.5,
        maxWeeklyAverageBasket: 40,
        startPassageDate: '2026-01-01',
        endPassageDate: '2026-06-30',
        minNbPassageTransactions: 2,
        zipOrPostcodes: ['75004', ' 69002 '],
        radius: { km: 5, center: { storeId: STORE } },
        originProviderId: 'pos-1',
        clientsAcquiredFrom: ['STORE', 'EMARKETING'],
        clientsTypes: ['LOST_CUSTOMER'],
      },
      CampaignFilters,
      { coerce: true },
    )
    expect(error).toBeUndefined()
  })

  it('refuses a radius of 0 or beyond 200 km and an unknown client type', () => {
    for (const bad of [
      { radius: { km: 0, center: { postcode: '75004' } } },
      { radius: { km: 201, center: { postcode: '75004' } } },
      { clientsTypes: ['VIP'] },
    ])
      expect(validate(bad, CampaignFilters)[0]).toBeDefined()
  })

  it('names a negative bound and a min above its max', () => {
    expect(filterErrors({ minLoyaltyPoints: -1 })).toEqual([{ field: 'minLoyaltyPoints', code: 'NEGATIVE' }])
    expect(filterErrors({ minAge: 40, maxAge: 30 })).toEqual([{ field: 'minAge', code: 'MIN_ABOVE_MAX' }])
    expect(filterErrors({ minAverageBasket: 10, maxAverageBasket: 10 })).toEqual([])
    expect(filterErrors({ minNbPassageTransactions: 3, maxNbPassageTransactions: 1 })).toContainEqual({
      field: 'minNbPassageTransactions',
      code: 'MIN_ABOVE_MAX',
    })
  })

  it('checks every range: each bound not negative, min not above max, equal bounds allowed', () => {
    for (const [lo, hi] of FILTER_RANGES) {
      // The range's own errors (counting visits also asks for a period, checked below).
      const of = (f: Partial<CampaignFilters>) =>
        filterErrors(f).filter((e) => e.field === lo || e.field === hi)
      expect(of({ [lo]: -1 }), lo).toEqual([{ field: lo, code: 'NEGATIVE' }])
      expect(of({ [hi]: -0.01 }), hi).toEqual([{ field: hi, code: 'NEGATIVE' }])
      // Both negative: each named, no comparison of two wrong values.
      expect(of({ [lo]: -1, [hi]: -2 }), lo).toEqual([
        { field: lo, code: 'NEGATIVE' },
        { field: hi, code: 'NEGATIVE' },
      ])
      expect(of({ [lo]: 3, [hi]: 2 }), lo).toEqual([{ field: lo, code: 'MIN_ABOVE_MAX' }])
      expect(of({ [lo]: 2, [hi]: 2 }), lo).toEqual([])
      expect(of({ [lo]: 0, [hi]: 0 }), lo).toEqual([])
    }
  })

  it('refuses a visit period that is not a calendar day, and one that starts on its end day', () => {
    for (const day of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1']) {
      const [error] = validate({ startPassageDate: day }, CampaignFilters)
      expect(error?.path, day).toEqual(['startPassageDate'])
    }
    expect(filterErrors({ startPassageDate: '2026-01-01', endPassageDate: '2026-01-01' })).toEqual([
      { field: 'startPassageDate', code: 'PERIOD_START_AFTER_END' },
    ])
    expect(filterErrors({ endPassageDate: '2026-01-01' })).toEqual([
      { field: 'startPassageDate', code: 'PERIOD_INCOMPLETE' },
    ])
    expect(filterErrors({ maxNbPassageTransactions: 0 })).toEqual([
      { field: 'startPassageDate', code: 'PERIOD_INCOMPLETE' },
    ])
  })

  it('needs a whole visit period, start before end, when visits are counted', () => {
    expect(filterErrors({ minNbPassageTransactions: 2 })).toEqual([
      { field: 'startPassageDate', code: 'PERIOD_INCOMPLETE' },
    ])
    expect(filterErrors({ startPassageDate: '2026-02-01' })).toEqual([
      { field: 'endPassageDate', code: 'PERIOD_INCOMPLETE' },
    ])
    expect(filterErrors({ startPassageDate: '2026-02-01', endPassageDate: '2026-01-01' })).toEqual([
      { field: 'startPassageDate', code: 'PERIOD_START_AFTER_END' },
    ])
    expect(filterErrors({ startPassageDate: '2026-01-01', endPassageDate: '2026-02-01' })).toEqual([])
  })

  it('refuses the franchise and a store chosen together', () => {
    expect(filterErrors({ wholeFranchise: true, storeIds: [STORE] })).toEqual([
      { field: 'storeIds', code: 'FRANCHISE_AND_STORE' },
    ])
    expect(filterErrors({ wholeFranchise: true, storeIds: [] })).toEqual([])
  })
})

const paris = { timezone: 'Europe/Paris', quietDays: false }
const newYork = { timezone: 'America/New_York', quietDays: false }
const at = (iso: string) => new Date(iso)

describe('sending window', () => {
  it('opens at 08:00 and closes at 20:00 local time, winter and summer (Paris)', () => {
    // Winter: UTC+1.
    expect(isInSendingWindow(at('2026-01-14T06:59:59Z'), paris)).toBe(false)
    expect(isInSendingWindow(at('2026-01-14T07:00:00Z'), paris)).toBe(true)
    expect(isInSendingWindow(at('2026-01-14T18:59:59Z'), paris)).toBe(true)
    expect(isInSendingWindow(at('2026-01-14T19:00:00Z'), paris)).toBe(false)
    // Summer: UTC+2.
    expect(isInSendingWindow(at('2026-07-14T05:59:59Z'), paris)).toBe(false)
    expect(isInSendingWindow(at('2026-07-14T06:00:00Z'), paris)).toBe(true)
    expect(isInSendingWindow(at('2026-07-14T18:00:00Z'), paris)).toBe(false)
  })

  it('finds the next opening across the spring and autumn changes (Paris)', () => {
    // Saturday 28 March 2026, 21:00 local (UTC+1); the clocks go forward that night.
    expect(nextSendingOpening(at('2026-03-28T20:00:00Z'), paris).toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    )
    // Saturday 24 October 2026, 22:00 local (UTC+2); the clocks go back that night.
    expect(nextSendingOpening(at('2026-10-24T20:00:00Z'), paris).toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    )
    // Inside the window: now.
    const now = at('2026-10-26T10:00:00Z')
    expect(nextSendingOpening(now, paris)).toBe(now)
  })

  it('finds the next opening across the changes in New York', () => {
    // Saturday 7 March 2026, 23:30 local (UTC-5); DST starts on Sunday 8 March at 2:00.
    expect(nextSendingOpening(at('2026-03-08T04:30:00Z'), newYork).toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    )
    // Sunday 1 November 2026 at 1:30 local, the hour that happens twice: 08:00 EST that day.
    expect(nextSendingOpening(at('2026-11-01T05:30:00Z'), newYork).toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    )
    expect(sendingWindowClose(at('2026-11-01T15:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-02T01:00:00.000Z',
    )
  })

  it('skips Sundays and public holidays when the quiet days rule is on', () => {
    const holidays = new Set(['2026-12-25'])
    const rules = { timezone: 'Europe/Paris', quietDays: true, isHoliday: (d: string) => holidays.has(d) }
    // Saturday 20:30 → Monday 08:00.
    expect(nextSendingOpening(at('2026-03-28T19:30:00Z'), rules).toISOString()).toBe(
      '2026-03-30T06:00:00.000Z',
    )
    // Christmas Eve (Thursday) after 20:00 → Christmas is skipped → Saturday 26 at 08:00.
    expect(nextSendingOpening(at('2026-12-24T19:30:00Z'), rules).toISOString()).toBe(
      '2026-12-26T07:00:00.000Z',
    )
    expect(isInSendingWindow(at('2026-12-25T10:00:00Z'), rules)).toBe(false)
    expect(isInSendingWindow(at('2026-12-27T10:00:00Z'), rules)).toBe(false)
    expect(isInSendingWindow(at('2026-12-27T10:00:00Z'), paris)).toBe(true)
  })

  it('closes a window at 20:00 local of the day it opened', () => {
    expect(sendingWindowClose(at('2026-07-14T10:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-07-14T18:00:00.000Z',
    )
    expect(localClock(at('2026-07-14T22:30:00Z'), 'Europe/Paris')).toMatchObject({
      day: '2026-07-15',
      hour: 0,
    })
  })
})
