// One clock (issue 34): Messages sent and campaigns showed the franchise's zone while a client's history,
// a game's "played on" and webhook deliveries showed the browser's, each page formatting instants its own
// way. Every back-office page now formats through useClock() (src/ui/i18n/clock.tsx): this test fails
// when a feature formats a date or time another way.
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatDateTime, formatTime, sameClock, zoneCity } from '../../src/domain/dates'
import { sourceFiles } from '../support/source-files'

const root = resolve(import.meta.dirname, '../..')
const featuresDir = join(root, 'src/features')

/**
 * The customers' public pages (the scan page, a campaign's coupon page) are outside the back office:
 * no franchise session, the customer's own device clock.
 */
const PUBLIC_AREAS = new Set(['scan', 'campaign-coupon'])

/** Ways of turning an instant into text that bypass the clock. */
const OTHER_WAYS: readonly RegExp[] = [
  /\.toLocale(?:Date|Time)?String\(/,
  /\bIntl\.DateTimeFormat\s*\(/,
  /<Formatted(?:Date|Time)(?:Parts)?\b/,
  /\bformat(?:Date|Time|DateTime)(?:ToParts)?\(/,
  /\buseFormatDate\b/,
  /import\s*\{[^}]*\bformat\b[^}]*\}\s*from\s*'date-fns/,
]

/** "line: text" of each line of `code` that formats a time another way. */
const otherWays = (code: string) =>
  code
    .split('\n')
    .flatMap((line, i) => (OTHER_WAYS.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []))

describe('one clock', () => {
  it('recognises each other way of formatting a time', () => {
    const samples = [
      'const a = new Date(x).toLocaleString()',
      'd.toLocaleDateString(locale)',
      'd.toLocaleTimeString()',
      "new Intl.DateTimeFormat('fr', { timeZone }).format(d)",
      'Intl.DateTimeFormat().format(d)',
      '<FormattedDate value={d} />',
      '<FormattedTime value={d} />',
      "intl.formatDate(row.createdAt, { dateStyle: 'medium' })",
      "intl.formatTime(row.createdAt, { timeStyle: 'short' })",
      'formatDateTime(value, locale, zone)',
      'const f = useFormatDate()',
      "import { addDays, format } from 'date-fns'",
    ]
    for (const sample of samples) expect(otherWays(sample), sample).toHaveLength(1)
    expect(otherWays('const { dateTime } = useClock()\nconst o: Intl.DateTimeFormatOptions = {}')).toEqual([])
  })

  it('every back-office page formats dates and times through useClock()', () => {
    const offenders = sourceFiles(featuresDir)
      .filter((file) => !PUBLIC_AREAS.has(relative(featuresDir, file).split(/[/\\]/)[0]!))
      .flatMap((file) => otherWays(readFileSync(file, 'utf8')).map((hit) => `${relative(root, file)}:${hit}`))
    expect(offenders).toEqual([])
  })
})

describe('the clock’s formats', () => {
  // 23:30 UTC on 20 November: already the 21st in Paris (UTC+1), still the 20th in New York (UTC-5).
  const at = new Date('2026-11-20T23:30:00Z')

  it('shows an instant on the day and clock of the zone, in each language', () => {
    expect(formatDateTime(at, 'en', 'Europe/Paris')).toBe('11/21/2026 12:30 AM')
    expect(formatDateTime(at, 'fr', 'Europe/Paris')).toBe('21/11/2026 00:30')
    expect(formatDateTime(at, 'en', 'America/New_York')).toBe('11/20/2026 06:30 PM')
    expect(formatDateTime(at, 'fr', 'America/New_York')).toBe('20/11/2026 18:30')
    expect(formatTime(at, 'fr', 'Europe/Paris', { seconds: true })).toBe('00:30:00')
    expect(formatDateTime('not a date', 'en', 'Europe/Paris')).toBe('')
  })

  it('names a zone by its place and tells whether two zones read the same clock', () => {
    expect(zoneCity('Europe/Paris')).toBe('Paris')
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires')
    expect(zoneCity('UTC')).toBe('UTC')
    expect(sameClock('Europe/Paris', 'Europe/Paris')).toBe(true)
    expect(sameClock('Europe/Paris', 'Europe/Brussels', at)).toBe(true)
    expect(sameClock('Europe/Paris', 'America/New_York', at)).toBe(false)
    // The same offset in winter, not in summer (Europe/London has summer time, Africa/Abidjan not).
    expect(sameClock('Europe/London', 'Africa/Abidjan', at)).toBe(false)
  })
})
