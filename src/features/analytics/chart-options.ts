// What a chart shows, independent of ECharts (so the page builds it without loading the charts
// chunk), and its translation into an ECharts option (used inside the chunk only).
export type ChartSeries = { name: string; values: number[]; kind?: 'bar' | 'line'; stack?: string }
export type ChartSpec = {
  kind: 'bar' | 'line'
  categories: string[]
  series: ChartSeries[]
  /** Formats an axis value or tooltip number per locale. */
  format?: (n: number) => string
}

export function toEChartsOption(spec: ChartSpec) {
  const format = spec.format ?? ((n: number) => String(n))
  return {
    animation: false,
    grid: { left: 8, right: 8, top: spec.series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
    ...(spec.series.length > 1 ? { legend: { top: 0 } } : {}),
    xAxis: { type: 'category', data: spec.categories, axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
    series: spec.series.map((s) => ({
      name: s.name,
      type: s.kind ?? spec.kind,
      data: s.values,
      ...(s.stack ? { stack: s.stack } : {}),
      ...((s.kind ?? spec.kind) === 'line' ? { smooth: true, showSymbol: false } : {}),
    })),
  }
}
