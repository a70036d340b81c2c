// formatDate in a time zone keeps each zone's offset per quarter hour (src/domain/dates.ts): every
// instant must still fall on the day @date-fns/tz gives it, around summer-time changes, in zones with
// half- and quarter-hour offsets, and before 1980 (where the cache is not used).
import { TZDate } from '@date-fns/tz'
import { describe, expect, it } from 'vitest'
import { formatCents, formatDate, formatDateTime, formatInteger } from '../../src/domain/dates'

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham']

describe('formatDate in a time zone', () => {
  // Every 41 min 7 s over three years in five zones (~85,000 instants): the step is no multiple of a
  // quarter-hour, so the probes fall at every minute of the hour around each change of time. A finer
  // step took 4 s alone and over 6 s beside the end-to-end browsers (a timeout in a full run).
  it('gives every instant the day of its zone, the quarter-hour cache included', { timeout: 30_000 }, () => {
    const wrong: string[] = []
    for (const zone of ZONES)
      for (const [from, to] of [
        [Date.UTC(1970, 0, 1), Date.UTC(1971, 0, 1)],
        [Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1)],
      ] as const)
        for (let ms = from; ms < to; ms += 41 * 60_000 + 7_000) {
          const d = new TZDate(ms, zone)
          const day = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
          if (formatDate(new Date(ms), 'fr', zone) !== day)
            wrong.push(`${zone} ${new Date(ms).toISOString()}`)
        }
    expect(wrong).toEqual([])
  })

  it('writes the day of the change of time and the numbers as each language does', () => {
    // 30 March 2025, 00:59:59 UTC is 01:59:59 in Paris; an hour later, 03:59:59 (summer time).
    expect(formatDateTime(new Date(Date.UTC(2025, 2, 30, 0, 59, 59)), 'fr', 'Europe/Paris')).toBe(
      '30/03/2025 01:59',
    )
    expect(formatDate(new Date(Date.UTC(2025, 2, 29, 23, 0)), 'en', 'Europe/Paris')).toBe('03/30/2025')
    expect(formatDate(new Date(Date.UTC(2025, 2, 29, 22, 59)), 'en', 'Europe/Paris')).toBe('03/29/2025')
    expect(formatInteger(1234567, 'en')).toBe('1,234,567')
    expect(formatCents(123456, 'en')).toBe('1,234.56')
    expect(formatCents(-5, 'fr')).toBe('-0,05')
  })
})
