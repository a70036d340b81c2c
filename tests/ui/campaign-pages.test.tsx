// Every state of the campaign pages as its story shows it renders (stories/campaigns), and says what that
// state must say.
import { screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { EMPTY_COUPON, EMPTY_DRAFT } from '../../src/domain/campaign-draft'
import { CouponSummary } from '../../src/features/campaigns/Summaries'
import * as detail from '../../stories/campaigns/CampaignDetail.stories'
import * as editor from '../../stories/campaigns/CampaignEditor.stories'
import * as history from '../../stories/campaigns/CampaignHistory.stories'
import { renderUi } from './render'

type StoryModule = Record<string, { args?: Record<string, unknown> }> & {
  default: { component: ComponentType<never>; args: Record<string, unknown> }
}
function renderStory(module: unknown, name: string) {
  const m = module as StoryModule
  const Component = m.default.component as ComponentType<Record<string, unknown>>
  return renderUi(<Component {...m.default.args} {...(m[name]?.args ?? {})} />)
}
const names = (module: object) => Object.keys(module).filter((k) => k !== 'default')

describe('campaign pages: every story renders', () => {
  const modules = { editor, history, detail }
  it.each([
    ...names(editor).map((n) => ['editor', n] as const),
    ...names(history).map((n) => ['history', n] as const),
    ...names(detail).map((n) => ['detail', n] as const),
  ])('%s %s', (area, name) => {
    const { unmount } = renderStory(modules[area], name)
    unmount()
  })
})

describe('campaign pages: what some states say', () => {
  it('the target step shows the rule errors on their fields', async () => {
    renderStory(editor, 'TargetRuleErrors')
    expect(
      await screen.findByText('The minimum (40) must not be above the maximum (30).'),
    ).toBeInTheDocument()
    expect(screen.getByText('Give both the start and the end of the visit period.')).toBeInTheDocument()
  })

  it('the history shows each displayed status and its figures', () => {
    renderStory(history, 'Ready')
    for (const s of ['Scheduled', 'In progress', 'Finished', 'Canceled', 'Error'])
      expect(screen.getAllByText(s).length).toBeGreaterThan(0)
    expect(screen.getAllByText('41.7 %').length).toBeGreaterThan(0)
  })

  it('the detail of a running send shows its progress counts', () => {
    renderStory(detail, 'Sending')
    expect(screen.getByTestId('progress')).toHaveTextContent('3 sent · 9 pending · 0 failed')
  })

  it('the detail of a NEWS campaign names its news item, its period and its status', () => {
    renderStory(detail, 'WithNews')
    const link = screen.getByRole('link', { name: 'Soldes' })
    expect(link).toHaveAttribute('href', '/pages/news')
    expect(screen.getByTestId('campaign-news')).toHaveTextContent(
      'Soldes (11/21/2026 – 11/27/2026) Published',
    )
  })

  it("the news item loads and fails on its own; the campaign's answer names it meanwhile", () => {
    renderStory(detail, 'NewsFailed')
    const dd = screen.getByTestId('campaign-news')
    expect(dd).toHaveTextContent('Soldes (11/21/2026 – 11/27/2026)')
    expect(dd).toHaveTextContent('The news item could not be loaded.')
    expect(screen.getAllByRole('button', { name: /retry/i })).toHaveLength(1)
  })

  it('the detail says when a held-back campaign really goes out, and reads its end as a fact', () => {
    renderStory(detail, 'ScheduledOnSunday')
    expect(screen.getByTestId('sends-at')).toHaveTextContent(
      /11\/30\/2026.*no marketing SMS on Sundays and public holidays/,
    )
    expect(screen.getByText('Goes out')).toBeInTheDocument()
    expect(screen.getByText('End date')).toBeInTheDocument()
    expect(screen.queryByText('End date (optional)')).not.toBeInTheDocument()
  })

  it('the coupon says its validity in words of the right number, in English and French', () => {
    const draft = (validityValue: string) => ({
      ...EMPTY_DRAFT,
      content: 'COUPON_PERCENT' as const,
      coupon: { ...EMPTY_COUPON, value: '10', header: '10 %', validityValue, validityUnit: 'weeks' as const },
    })
    const one = renderUi(<CouponSummary draft={draft('1')} currency="EUR" />)
    expect(screen.getByTestId('coupon-preview')).toHaveTextContent('Valid 1 week')
    expect(screen.getByTestId('coupon-preview')).not.toHaveTextContent('weeks')
    one.unmount()
    const three = renderUi(<CouponSummary draft={draft('3')} currency="EUR" />)
    expect(screen.getByTestId('coupon-preview')).toHaveTextContent('Valid 3 weeks')
    three.unmount()
    renderUi(<CouponSummary draft={draft('1')} currency="EUR" />, { locale: 'fr' })
    expect(screen.getByTestId('coupon-preview')).toHaveTextContent('Valable 1 semaine')
  })

  it('a detail part that failed offers its own retry', () => {
    renderStory(detail, 'PartsFailed')
    expect(screen.getAllByRole('button', { name: /retry/i })).toHaveLength(3)
  })
})
