import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type CampaignDetailContext,
  campaignDetailMachine,
} from '../../machines/campaign-detail/campaign-detail.machine'
import { toCampaignDetailView } from '../../machines/campaign-detail/campaign-detail.view'
import { CampaignDetailPage } from '../../src/features/campaigns/CampaignDetailPage'
import {
  CAMPAIGN_ID,
  NEWS_ITEM,
  RECIPIENTS,
  SCHEDULED,
  SENDING,
  SENT,
  STATS,
  WITH_NEWS,
} from '../../tests/support/campaign-screens'

const COUPON = {
  type: 'percentage' as const,
  value: 15,
  header: '15 % sur tout',
  validity: { value: 2, unit: 'weeks' as const },
  issued: 12,
  redeemed: 2,
}
const context: CampaignDetailContext = {
  campaignId: CAMPAIGN_ID,
  info: SENT,
  stats: STATS,
  coupon: COUPON,
  recipients: RECIPIENTS,
  news: null,
  recipientQuery: { page: 1, size: 10, status: null },
  infoError: null,
}
type Value = {
  info: string | { ready: string }
  stats: string
  coupon: string
  recipients: string
  news: string
  action: string
}
const ready: Value = {
  info: { ready: 'settled' },
  stats: 'ready',
  coupon: 'ready',
  recipients: 'ready',
  news: 'idle',
  action: 'idle',
}
const at = (over: Partial<Value> = {}, ctx: Partial<CampaignDetailContext> = {}) =>
  toCampaignDetailView(
    campaignDetailMachine.resolveState({ value: { ...ready, ...over }, context: { ...context, ...ctx } }),
  )

const meta = {
  title: 'Pages/Campaigns/Detail',
  component: CampaignDetailPage,
  parameters: { layout: 'padded' },
  args: { view: at(), send: () => {}, currency: 'EUR' },
} satisfies Meta<typeof CampaignDetailPage>

export default meta
type Story = StoryObj<typeof meta>

export const Finished: Story = {}
/** A NEWS campaign: its news item's name, period and status, to the news page. */
export const WithNews: Story = {
  args: { view: at({ news: 'ready', coupon: 'none' }, { info: WITH_NEWS, news: NEWS_ITEM, coupon: null }) },
}
export const NewsLoading: Story = {
  args: { view: at({ news: 'loading', coupon: 'none' }, { info: WITH_NEWS, coupon: null }) },
}
export const NewsFailed: Story = {
  args: { view: at({ news: 'failed', coupon: 'none' }, { info: WITH_NEWS, coupon: null }) },
}
export const Loading: Story = {
  args: {
    view: at(
      { info: 'loading', stats: 'loading', coupon: 'loading', recipients: 'loading' },
      { info: null, stats: null, coupon: null, recipients: null },
    ),
  },
}
/** A send under way: its progress is refreshed while it runs. */
export const Sending: Story = { args: { view: at({ info: { ready: 'watching' } }, { info: SENDING }) } }
export const Paused: Story = {
  args: {
    view: at(
      {},
      { info: { ...SENDING, dispatchStatus: 'PAUSED', pauseReason: 'Outside the sending hours' } },
    ),
  },
}
export const Scheduled: Story = { args: { view: at({ coupon: 'none' }, { info: SCHEDULED, coupon: null }) } }
/** Scheduled on a Sunday at 10:00 (Paris): the SMS waits for Monday 08:00, and the detail says so. */
export const ScheduledOnSunday: Story = {
  args: {
    view: at(
      { coupon: 'none' },
      {
        info: {
          ...SCHEDULED,
          startTime: { date: '2026-11-29', hour: '10:00' },
          startDate: '2026-11-29T09:00:00.000Z',
          sendsAt: '2026-11-30T07:00:00.000Z',
        },
        coupon: null,
      },
    ),
  },
}
export const ConfirmCancel: Story = {
  args: { view: at({ action: 'confirmingCancel' }, { info: SCHEDULED }) },
}
export const Cancelling: Story = { args: { view: at({ action: 'cancelling' }, { info: SCHEDULED }) } }
/** Each part fails alone, with its retry. */
export const PartsFailed: Story = {
  args: {
    view: at(
      { stats: 'failed', coupon: 'failed', recipients: 'failed' },
      { stats: null, coupon: null, recipients: null },
    ),
  },
}
export const NotFound: Story = {
  args: { view: at({ info: 'failed' }, { info: null, infoError: 'communication.errors.notFound' }) },
}
