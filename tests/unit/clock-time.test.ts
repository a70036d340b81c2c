// Wall-clock times on the language's clock (issue 24): the summaries say what the time inputs say.
import { describe, expect, it } from 'vitest'
import { clockTime, parseClockTime } from '../../src/ui/i18n/format'

describe('clockTime', () => {
  it('uses 12 hours in English and 24 hours in French', () => {
    expect(clockTime('08:00', 'en')).toMatch(/^8:00\sAM$/)
    expect(clockTime('18:30', 'en')).toMatch(/^6:30\sPM$/)
    expect(clockTime('00:15', 'en')).toMatch(/^12:15\sAM$/)
    expect(clockTime('08:00', 'fr')).toBe('08:00')
    expect(clockTime('18:30', 'fr')).toBe('18:30')
  })

  it('leaves anything that is not a time as it is', () => {
    expect(clockTime('', 'en')).toBe('')
    expect(clockTime('soon', 'fr')).toBe('soon')
  })

  it('reads a typed time on either clock, and nothing that is not a whole time', () => {
    expect(parseClockTime('20:00')).toBe('20:00')
    expect(parseClockTime('8:05')).toBe('08:05')
    expect(parseClockTime('20h30')).toBe('20:30')
    expect(parseClockTime('8:00 PM')).toBe('20:00')
    expect(parseClockTime('8:00\u202fpm')).toBe('20:00')
    expect(parseClockTime('12:30 a.m.')).toBe('00:30')
    expect(parseClockTime('12:30 PM')).toBe('12:30')
    for (const partial of ['', '2', '20', '20:', '20:0', '24:00', '13:00 PM', '9:60', 'soon'])
      expect(parseClockTime(partial)).toBeNull()
  })

  it('reads back what it writes', () => {
    for (const locale of ['en', 'fr'])
      for (const time of ['00:00', '08:30', '12:00', '23:59'])
        expect(parseClockTime(clockTime(time, locale))).toBe(time)
  })
})
