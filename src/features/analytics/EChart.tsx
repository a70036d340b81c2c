// The charts chunk: ECharts through its core entry with only the charts and components the
// dashboard draws, so the bundle carries no more of ECharts than it uses. Loaded lazily (see Chart.tsx).
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import ReactEChartsCore from 'echarts-for-react/esm/core'
import { useDocumentTheme } from '../../ui/theme/useDocumentTheme'
import { useDrawTurn } from '../../ui/useDrawTurn'
import type { ChartSpec } from './chart-options'
import { toEChartsOption } from './chart-options'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

export default function EChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const theme = useDocumentTheme()
  // The dashboard's charts draw one after another, each in its own tasks (src/ui/useDrawTurn.ts).
  const [mayDraw, drawn] = useDrawTurn()
  return (
    <div role="img" aria-label={label} data-chart={spec.kind} style={{ height: 240 }}>
      {mayDraw && (
        <ReactEChartsCore
          echarts={echarts}
          option={toEChartsOption(spec, theme)}
          notMerge
          opts={{ renderer: 'svg' }}
          style={{ height: 240, width: '100%' }}
          onChartReady={drawn}
        />
      )}
    </div>
  )
}
