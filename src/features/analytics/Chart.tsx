// A chart on the dashboard: the ECharts chunk is imported only when a chart is first drawn (a card
// with data that has come near the window), never with the page itself; until then the card shows a
// placeholder of the chart's size. On a phone the dashboard is a column of cards: the charts further
// down are drawn as they scroll in, not all at once while the first screen is still loading. A chunk
// that cannot load (offline, a new deployment) fails the chart alone, not the page.
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { useInView } from '../../ui/useInView'
import type { ChartSpec } from './chart-options'

const EChart = lazy(() => import('./EChart'))

class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

export function Chart({ spec, label }: { spec: ChartSpec; label: string }) {
  const intl = useIntl()
  const [ref, inView] = useInView<HTMLDivElement>()
  const loading = (
    <div ref={ref} role="status" className={placeholder}>
      {intl.formatMessage({ id: 'analytics.chart.loading' })}
    </div>
  )
  if (!inView) return loading
  return (
    <ChartBoundary
      fallback={
        <p role="alert" className={placeholder}>
          {intl.formatMessage({ id: 'analytics.errors.load' })}
        </p>
      }
    >
      <Suspense fallback={loading}>
        <EChart spec={spec} label={label} />
      </Suspense>
    </ChartBoundary>
  )
}

const placeholder = css({
  height: '240px',
  display: 'grid',
  placeItems: 'center',
  color: 'fg.muted',
  textStyle: 'sm',
})
