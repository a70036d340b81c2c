// A dashboard chart is drawn only once its card comes near the window (src/ui/useInView.ts): before,
// the card shows the chart's placeholder and the charts chunk is not asked for; once seen, the chart
// stays drawn. jsdom has no IntersectionObserver: a fake one lets the test say when the card is seen.
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Chart } from '../../src/features/analytics/Chart'
import type { ChartSpec } from '../../src/features/analytics/chart-options'
import { renderUi } from './render'

type Seen = (entries: { isIntersecting: boolean }[]) => void
let observers: { seen: Seen; disconnected: boolean; margin: string | undefined }[] = []

beforeEach(() => {
  observers = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof observers)[number]
      constructor(seen: Seen, options?: { rootMargin?: string }) {
        this.record = { seen, disconnected: false, margin: options?.rootMargin }
        observers.push(this.record)
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true
      }
    },
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const spec: ChartSpec = { kind: 'line', categories: ['1', '2'], series: [] }

describe('a dashboard chart', () => {
  it('waits for its card to come near the window, then stays drawn', async () => {
    renderUi(<Chart spec={spec} label="Visits per day" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading the chart')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    const live = observers.filter((o) => !o.disconnected)
    expect(live).toHaveLength(1)
    // Drawn a little before it scrolls in.
    expect(live[0]!.margin).toBe('200px 0px')

    // Still out of the window: nothing changes.
    act(() => live[0]!.seen([{ isIntersecting: false }]))
    expect(screen.queryByRole('img')).not.toBeInTheDocument()

    act(() => live[0]!.seen([{ isIntersecting: true }]))
    expect(await screen.findByRole('img', { name: 'Visits per day' })).toBeInTheDocument()
    // Seen once is enough: nothing watches it any more.
    expect(observers.every((o) => o.disconnected)).toBe(true)
  })
})
