// The analytics rules shared by the server and the screen: calendar days, periods, months, the
// query structs (bad input names its field), empty cards and the chart option.
import { type Struct, validate } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { ANALYTICS_CARDS, isEmptyCard } from '../../machines/analytics/cards'
import {
  addDays,
  addMonths,
  CouponsRedeemedQuery,
  HistoryQuery,
  isIsoDay,
  monthsBetween,
  TopPostcodeQuery,
} from '../../src/domain/analytics'
import { todayIn } from '../../src/domain/today'
import { CHART_COLOURS, toEChartsOption } from '../../src/features/analytics/chart-options'
import { cardFixtures, EMPTY_FIXTURES } from '../support/analytics-fixtures'

describe('analytics periods', () => {
  it('accepts only calendar days', () => {
    expect(isIsoDay('2026-02-28')).toBe(true)
    expect(isIsoDay('2028-02-29')).toBe(true)
    expect(isIsoDay('2026-02-29')).toBe(false)
    expect(isIsoDay('2026-13-01')).toBe(false)
    expect(isIsoDay('26-01-01')).toBe(false)
  })

  it('moves days and months across boundaries', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01')
    expect(addMonths('2026-03-15', -11)).toBe('2025-04-01')
    expect(monthsBetween('2025-11-20', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
  })

  it("takes today in the franchise's time zone", () => {
    const late = new Date('2026-03-11T23:30:00Z')
    expect(todayIn('Europe/Paris', late)).toBe('2026-03-12')
    expect(todayIn('America/New_York', late)).toBe('2026-03-11')
  })
})

describe('analytics queries', () => {
  const fail = <T, S>(struct: Struct<T, S>, value: object) =>
    validate(value, struct, { coerce: true })[0]?.failures()[0]?.path.join('.')

  it('reads events as a comma list of known names, visits by default', () => {
    expect(validate({ events: 'visits, newClients' }, HistoryQuery, { coerce: true })[1]?.events).toEqual([
      'visits',
      'newClients',
    ])
    expect(validate({}, HistoryQuery, { coerce: true })[1]?.events).toEqual(['visits'])
    expect(fail(HistoryQuery, { events: 'visits,nope' })).toBe('events')
    expect(fail(HistoryQuery, { startDate: '2026-02-30' })).toBe('startDate')
  })

  it('bounds pages, sizes and ranks', () => {
    expect(validate({}, CouponsRedeemedQuery, { coerce: true })[1]).toMatchObject({ page: 1, size: 10 })
    expect(fail(CouponsRedeemedQuery, { size: '101' })).toBe('size')
    expect(fail(CouponsRedeemedQuery, { page: '0' })).toBe('page')
    expect(fail(TopPostcodeQuery, { limitRank: 'x' })).toBe('limitRank')
    expect(validate({}, TopPostcodeQuery, { coerce: true })[1]?.limitRank).toBe(5)
  })
})

describe('analytics cards', () => {
  it('are empty for a new franchise and not with figures', () => {
    const full = cardFixtures()
    for (const card of ANALYTICS_CARDS) {
      expect(isEmptyCard(card, EMPTY_FIXTURES[card]), card).toBe(true)
      expect(isEmptyCard(card, full[card]), card).toBe(false)
    }
  })

  it('draws bars or lines with the categories and series given', () => {
    const option = toEChartsOption({
      kind: 'bar',
      categories: ['Mon', 'Tue'],
      series: [
        { name: 'New', values: [1, 2], stack: 'c' },
        { name: 'Returning', values: [3, 4], stack: 'c', kind: 'line' },
      ],
      format: (n) => `${n}!`,
    })
    expect(option.xAxis.data).toEqual(['Mon', 'Tue'])
    expect(option.series.map((s) => [s.type, s.data, s.stack])).toEqual([
      ['bar', [1, 2], 'c'],
      ['line', [3, 4], 'c'],
    ])
    expect(option.legend).toBeDefined()
    expect(option.yAxis.axisLabel.formatter(5)).toBe('5!')
  })

  it("paints legends and axes in the theme's text colours (readable on the dark background)", () => {
    const spec = {
      kind: 'line' as const,
      categories: ['Jan'],
      series: [
        { name: 'Earned', values: [1] },
        { name: 'Spent', values: [2] },
      ],
    }
    const light = toEChartsOption(spec, 'light')
    const dark = toEChartsOption(spec, 'dark')
    expect(dark.legend?.textStyle.color).toBe(CHART_COLOURS.dark.strong)
    expect(dark.xAxis.axisLabel.color).toBe(CHART_COLOURS.dark.text)
    expect(light.legend?.textStyle.color).toBe(CHART_COLOURS.light.strong)
    // Light text on dark, dark text on light: the dark theme's legend is the lighter colour.
    const lum = (hex: string) => Number.parseInt(hex.slice(1, 3), 16)
    expect(lum(CHART_COLOURS.dark.strong)).toBeGreaterThan(200)
    expect(lum(CHART_COLOURS.light.strong)).toBeLessThan(60)
  })
})
