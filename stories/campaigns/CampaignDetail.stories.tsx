import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type CampaignDetailContext,
  campaignDetailMachine,
} from '../../machines/campaign-detail/campaign-detail.machine'
import { toCampaignDetailView } from '../../machines/campaign-detail/campaign-detail.view'
import { CampaignDetailPage } from '../../src/features/campaigns/CampaignDetailPage'
import {
  CAMPAIGN_ID,
  RECIPIENTS,
  SCHEDULED,
  SENDING,
  SENT,
  STATS,
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
  recipientQuery: { page: 1, size: 10, status: null },
  infoError: null,
}
type Value = {
  info: string | { ready: string }
  stats: string
  coupon: string
  recipients: string
  action: string
}
const ready: Value = {
  info: { ready: 'settled' },
  stats: 'ready',
  coupon: 'ready',
  recipients: 'ready',
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
export const WithNews: Story = {
  args: {
    view: at(
      {},
      {
        info: {
          ...SENT,
          content: 'NEWS',
          newsId: '9b2f6a3e-7c41-4d5e-8f60-1a2b3c4d5e6f',
          news: {
            title: 'Soirée dégustation',
            message: 'Vendredi, trois vins à découvrir.',
            startDate: '2026-12-04',
            endDate: '2026-12-06',
            dateCreated: '2026-11-20T10:00:00.000Z',
          },
        },
      },
    ),
  },
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
