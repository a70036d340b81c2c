// What a chart shows, independent of ECharts (so the page builds it without loading the charts
// chunk), and its translation into an ECharts option (used inside the chunk only).
import { token } from 'styled-system/tokens'

export type ChartSeries = { name: string; values: number[]; kind?: 'bar' | 'line'; stack?: string }
export type ChartSpec = {
  kind: 'bar' | 'line'
  categories: string[]
  series: ChartSeries[]
  /** Formats an axis value or tooltip number per locale. */
  format?: (n: number) => string
}

/**
 * The text and line colours per theme: the fg.muted, fg.default and border.default tokens' values
 * (ECharts paints SVG attributes, which cannot read the CSS variables). Its defaults are dark grey,
 * nearly invisible on the dark theme's background.
 */
export const CHART_COLOURS = {
  light: {
    text: token('colors.slate.600'),
    strong: token('colors.slate.900'),
    line: token('colors.slate.200'),
  },
  dark: {
    text: token('colors.slate.300'),
    strong: token('colors.slate.50'),
    line: token('colors.slate.700'),
  },
} as const

export function toEChartsOption(spec: ChartSpec, theme: 'light' | 'dark' = 'light') {
  const format = spec.format ?? ((n: number) => String(n))
  const c = CHART_COLOURS[theme]
  const axis = {
    axisLabel: { color: c.text },
    axisLine: { lineStyle: { color: c.line } },
    splitLine: { lineStyle: { color: c.line } },
  }
  return {
    animation: false,
    textStyle: { color: c.text },
    grid: { left: 8, right: 8, top: spec.series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
    ...(spec.series.length > 1
      ? { legend: { top: 0, textStyle: { color: c.strong }, inactiveColor: c.line } }
      : {}),
    xAxis: { type: 'category', data: spec.categories, axisTick: { alignWithLabel: true }, ...axis },
    yAxis: { type: 'value', ...axis, axisLabel: { color: c.text, formatter: (v: number) => format(v) } },
    series: spec.series.map((s) => ({
      name: s.name,
      type: s.kind ?? spec.kind,
      data: s.values,
      ...(s.stack ? { stack: s.stack } : {}),
      ...((s.kind ?? spec.kind) === 'line' ? { smooth: true, showSymbol: false } : {}),
    })),
  }
}
