import { describe, expect, it } from 'vitest'
import {
  addRange,
  copyDay,
  dayError,
  defaultWeek,
  firstWeekError,
  groupWeek,
  normaliseWeek,
  removeRange,
  setRange,
  weekErrors,
} from '../../src/domain/opening-hours'

const r = (open: string, close: string) => ({ open, close })

describe('opening hours', () => {
  it('defaults to 08:00–18:00 every day', () => {
    const w = defaultWeek()
    expect(Object.keys(w)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
    expect(Object.values(w).every((d) => JSON.stringify(d) === JSON.stringify([r('08:00', '18:00')]))).toBe(
      true,
    )
  })

  it('accepts several ranges a day, rejects inverted, overlapping and malformed ones', () => {
    expect(dayError([])).toBeNull()
    expect(dayError([r('08:00', '12:00'), r('14:00', '19:00')])).toBeNull()
    expect(dayError([r('14:00', '19:00'), r('08:00', '12:00')])).toBeNull()
    // Touching ranges do not overlap.
    expect(dayError([r('08:00', '12:00'), r('12:00', '14:00')])).toBeNull()
    expect(dayError([r('18:00', '08:00')])).toBe('inverted')
    expect(dayError([r('08:00', '08:00')])).toBe('inverted')
    expect(dayError([r('08:00', '12:00'), r('11:59', '14:00')])).toBe('overlapping')
    expect(dayError([r('08:00', '18:00'), r('09:00', '10:00')])).toBe('overlapping')
    expect(dayError([r('8:00', '12:00')])).toBe('invalidTime')
    expect(dayError([r('24:00', '25:00')])).toBe('invalidTime')
  })

  it('names the failing days', () => {
    const w = {
      ...defaultWeek(),
      wed: [r('10:00', '09:00')],
      sat: [r('08:00', '12:00'), r('10:00', '13:00')],
    }
    expect(weekErrors(w)).toEqual({ wed: 'inverted', sat: 'overlapping' })
    expect(firstWeekError(w)).toEqual({ day: 'wed', code: 'inverted' })
    expect(firstWeekError(defaultWeek())).toBeNull()
  })

  it('edits ranges: add after the last one, change, remove, copy to other days', () => {
    let w = defaultWeek()
    w = addRange(w, 'mon')
    expect(w.mon).toEqual([r('08:00', '18:00'), r('19:00', '20:00')])
    w = setRange(w, 'mon', 0, 'close', '12:00')
    expect(w.mon[0]).toEqual(r('08:00', '12:00'))
    w = removeRange(w, 'mon', 1)
    expect(w.mon).toEqual([r('08:00', '12:00')])
    w = removeRange(w, 'tue', 0)
    expect(w.tue).toEqual([])
    expect(addRange(w, 'tue').tue).toEqual([r('08:00', '18:00')])
    w = copyDay(w, 'mon', ['wed', 'thu', 'mon'])
    expect(w.wed).toEqual([r('08:00', '12:00')])
    expect(w.thu).not.toBe(w.mon)
  })

  it('groups days with identical ranges into open-week groups and a closed group', () => {
    const w = normaliseWeek({
      mon: [],
      tue: [r('08:00', '19:30')],
      wed: [r('08:00', '19:30')],
      thu: [r('08:00', '19:30')],
      fri: [r('08:00', '19:30')],
      sat: [r('14:30', '19:30'), r('08:00', '13:00')],
      sun: [r('08:00', '13:00')],
    })
    expect(groupWeek(w)).toEqual({
      open: [
        { days: ['tue', 'wed', 'thu', 'fri'], ranges: [r('08:00', '19:30')] },
        { days: ['sat'], ranges: [r('08:00', '13:00'), r('14:30', '19:30')] },
        { days: ['sun'], ranges: [r('08:00', '13:00')] },
      ],
      closed: ['mon'],
    })
    expect(groupWeek(defaultWeek()).open).toHaveLength(1)
  })

  it('reads a partial stored week as closed on the missing days', () => {
    expect(normaliseWeek({ mon: [r('09:00', '10:00')] }).sun).toEqual([])
    expect(normaliseWeek(null).mon).toEqual([])
  })
})
