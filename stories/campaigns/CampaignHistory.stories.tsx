import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type CampaignHistoryContext,
  campaignHistoryMachine,
} from '../../machines/campaign-history/campaign-history.machine'
import { toCampaignHistoryView } from '../../machines/campaign-history/campaign-history.view'
import { DEFAULT_HISTORY_QUERY } from '../../machines/campaign-history/query'
import { CampaignHistoryPage } from '../../src/features/campaigns/CampaignHistoryPage'
import { FRANCHISE, row, SCHEDULED, SENDING, SENT } from '../../tests/support/campaign-screens'

const ROWS = [
  row(SCHEDULED, {
    id: '66666666-6666-4666-8666-000000000001',
    notified: 0,
    openedPercent: 0,
    conversionPercent: 0,
    turnoverCents: 0,
  }),
  row(SENDING, { id: '66666666-6666-4666-8666-000000000002' }),
  row(SENT),
  row({ ...SENT, displayStatus: 'canceled' }, { id: '66666666-6666-4666-8666-000000000003' }),
  row({ ...SENT, displayStatus: 'error', channel: 'PUSH' }, { id: '66666666-6666-4666-8666-000000000004' }),
]
function at(value: string, over: Partial<CampaignHistoryContext> = {}) {
  const context: CampaignHistoryContext = {
    franchiseId: FRANCHISE,
    query: DEFAULT_HISTORY_QUERY,
    searchInput: '',
    requestId: 1,
    rows: ROWS,
    total: 23,
    errorCode: null,
    ...over,
  }
  return toCampaignHistoryView(campaignHistoryMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Campaigns/History',
  component: CampaignHistoryPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {}, currency: 'EUR' },
} satisfies Meta<typeof CampaignHistoryPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }
export const Filtered: Story = {
  args: {
    view: at('ready', {
      query: { ...DEFAULT_HISTORY_QUERY, status: 'scheduled', channel: 'SMS' },
      rows: [ROWS[0]!],
      total: 1,
    }),
  },
}
export const Empty: Story = { args: { view: at('ready', { rows: [], total: 0 }) } }
export const NoResult: Story = {
  args: { view: at('ready', { query: { ...DEFAULT_HISTORY_QUERY, status: 'error' }, rows: [], total: 0 }) },
}
export const InvertedPeriod: Story = {
  args: {
    view: at('invertedPeriod', {
      query: { ...DEFAULT_HISTORY_QUERY, from: '2026-11-30', to: '2026-11-01' },
      rows: [],
      total: 0,
    }),
  },
}
export const Failed: Story = { args: { view: at('failed', { rows: [], total: 0, errorCode: 500 }) } }
