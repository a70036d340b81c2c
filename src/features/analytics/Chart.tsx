// A chart on the dashboard: the ECharts chunk is imported only when a chart is first drawn (a card
// with data), never with the page itself; until it arrives the card shows a placeholder. A chunk
// that cannot load (offline, a new deployment) fails the chart alone, not the page.
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
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
  return (
    <ChartBoundary
      fallback={
        <p role="alert" className={placeholder}>
          {intl.formatMessage({ id: 'analytics.errors.load' })}
        </p>
      }
    >
      <Suspense
        fallback={
          <div role="status" className={placeholder}>
            {intl.formatMessage({ id: 'analytics.chart.loading' })}
          </div>
        }
      >
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
