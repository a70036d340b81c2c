// The news rules of src/domain/news.ts (issue 19): displayed status, §5 offers at once, field rules.
import { describe, expect, it } from 'vitest'
import {
  emptyNewsDraft,
  inputOf,
  isInSlot,
  isLive,
  limitConflicts,
  newsErrors,
  newsStatus,
  priceCentsOf,
} from '../../src/domain/news'

const item = (startDate: string, endDate: string, over = {}) => ({
  startDate,
  endDate,
  customersOnly: false,
  isStopped: false,
  ...over,
})

describe('displayed status', () => {
  const today = '2026-06-15'
  it('stopped wins, then the dates, then customers only, then a year-long period', () => {
    expect(newsStatus(item('2026-06-01', '2026-06-30', { isStopped: true }), today)).toBe('unpublished')
    expect(newsStatus(item('2026-06-16', '2026-06-30'), today)).toBe('upcoming')
    expect(newsStatus(item('2026-06-01', '2026-06-14'), today)).toBe('expired')
    expect(newsStatus(item('2026-06-15', '2026-06-15'), today)).toBe('published')
    expect(newsStatus(item('2026-06-01', '2026-06-30', { customersOnly: true }), today)).toBe('premium')
    // 365 days both ends included is annual; 364 is not.
    expect(newsStatus(item('2026-01-01', '2026-12-31'), today)).toBe('annual')
    expect(newsStatus(item('2026-01-02', '2026-12-31'), today)).toBe('published')
    expect(['published', 'premium', 'annual'].every((s) => isLive(s as never))).toBe(true)
    expect(isLive('upcoming')).toBe(false)
  })
})

describe('§5 offers at once', () => {
  const run = (id: string, storeIds: string[], startDate: string, endDate: string) => ({
    id,
    storeIds,
    startDate,
    endDate,
  })
  it('counts the offers running on the same day in the same store', () => {
    const a = run('a', ['s1'], '2026-01-01', '2026-01-10')
    const b = run('b', [], '2026-01-05', '2026-01-20')
    const c = run('c', ['s2'], '2026-01-01', '2026-01-31')
    // s1 on the 8th: a and b run → a third is refused at a limit of 2, listing them.
    expect(
      limitConflicts({ storeIds: ['s1'], startDate: '2026-01-08', endDate: '2026-01-08' }, [a, b, c], 2),
    ).toEqual([a, b])
    // s2 on the 8th: b and c. s3: b only.
    expect(
      limitConflicts({ storeIds: ['s3'], startDate: '2026-01-08', endDate: '2026-01-08' }, [a, b, c], 2),
    ).toEqual([])
    // a and c never meet b on the same day in s1 after the 10th.
    expect(
      limitConflicts({ storeIds: ['s1'], startDate: '2026-01-11', endDate: '2026-01-12' }, [a, b, c], 2),
    ).toEqual([])
    // Franchise-wide: every store counts; s2 on the 5th has b and c.
    expect(
      limitConflicts({ storeIds: [], startDate: '2026-01-05', endDate: '2026-01-05' }, [a, b, c], 2),
    ).toEqual([a, b])
    // Periods that only touch the candidate's edges apart (A Jan 1–10, B Jan 20–30) never run together.
    const d = run('d', ['s1'], '2026-01-20', '2026-01-30')
    expect(
      limitConflicts({ storeIds: ['s1'], startDate: '2026-01-01', endDate: '2026-01-31' }, [a, d], 2),
    ).toEqual([])
  })
})

describe('happy hour slot and the form rules', () => {
  it('tells whether a time is in the slot, across midnight too', () => {
    expect(isInSlot('18:00', '20:00', '19:59')).toBe(true)
    expect(isInSlot('18:00', '20:00', '20:00')).toBe(false)
    expect(isInSlot('22:00', '02:00', '01:00')).toBe(true)
    expect(isInSlot('22:00', '02:00', '12:00')).toBe(false)
  })

  it('reads prices in cents and checks the draft field by field', () => {
    expect(priceCentsOf('4,5')).toBe(450)
    expect(priceCentsOf('12.05')).toBe(1205)
    expect(priceCentsOf('')).toBeNull()
    expect(priceCentsOf('-1')).toBeUndefined()
    expect(priceCentsOf('1.234')).toBeUndefined()
    const draft = emptyNewsDraft('2026-06-15')
    expect(newsErrors({ ...draft, name: 'Apéro' })).toEqual({})
    expect(
      newsErrors({
        ...draft,
        name: ' ',
        price: 'x',
        endDate: '2026-06-14',
        happyHourStart: '18:00',
        happyHourEnd: '18:00',
      }),
    ).toEqual({ name: 'nameRequired', price: 'price', endDate: 'endBeforeStart', happyHourEnd: 'sameTimes' })
    // A news item has no times: none are checked, none are sent.
    const news = { ...draft, name: 'Galette', type: 'news' as const, happyHourStart: '' }
    expect(newsErrors(news)).toEqual({})
    expect(inputOf(news)).toMatchObject({ happyHourStart: null, happyHourEnd: null, priceCents: null })
  })
})
