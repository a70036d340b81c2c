// The chart chunk's stand-in in the ui tests (ECharts itself is drawn in the e2e test): an element
// that lists its series. The shared setup (ui-setup.ts) mocks the chunk with it for every file.
import type { ChartSpec } from '../../src/features/analytics/chart-options'

export default function EChartStandIn({ spec, label }: { spec: ChartSpec; label: string }) {
  return (
    <div role="img" aria-label={label} data-chart="drawn">
      {spec.series.map((s) => `${s.name}: ${s.values.reduce((a, b) => a + b, 0)}`).join('; ')}
    </div>
  )
}
