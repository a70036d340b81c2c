import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type MessagesContext,
  messagesListMachine,
  toMessagesView,
} from '../../machines/messages-list/messages-list.list'
import { DEFAULT_MESSAGES_QUERY } from '../../machines/messages-list/query'
import type { MessageRow } from '../../src/domain/messages'
import { MessagesPage } from '../../src/features/messages/MessagesPage'

const CAMPAIGN = { id: '66666666-6666-4666-8666-000000000001', name: 'Soldes d’hiver' }
const ROWS: MessageRow[] = [
  {
    id: '77777777-7777-4777-8777-000000000001',
    channel: 'sms',
    recipient: '+33612345678',
    subject: 'DUPONT',
    body: 'Maison Dupont : -20 % ce week-end\nhttps://dupont.example/soldes\nSTOP SMS: repondez STOP',
    origin: 'campaign',
    campaign: CAMPAIGN,
    status: 'DELIVERED_LOCALLY',
    createdAt: '2026-11-24T09:00:00.000Z',
  },
  {
    id: '77777777-7777-4777-8777-000000000002',
    channel: 'push',
    // A push names its client (never the app address it went to).
    recipient: 'Zoé Martin',
    subject: 'Happy hour',
    body: 'Deux pour un jusqu’à 19 h',
    origin: 'other',
    campaign: null,
    status: 'SENT',
    createdAt: '2026-11-23T17:30:00.000Z',
  },
  {
    id: '77777777-7777-4777-8777-000000000003',
    channel: 'sms',
    recipient: '+33698765432',
    subject: 'DUPONT',
    body: 'Maison Dupont : +12 points, solde 140 points.',
    origin: 'scanConfirmation',
    campaign: null,
    status: 'DELIVERED_LOCALLY',
    createdAt: '2026-11-23T11:05:00.000Z',
  },
]

function at(list: 'loading' | 'ready' | 'failed', over: Partial<MessagesContext> = {}) {
  const context: MessagesContext = {
    params: { franchiseId: '11111111-1111-4111-8111-111111111111' },
    query: DEFAULT_MESSAGES_QUERY,
    searchInput: '',
    requestId: 1,
    rows: ROWS,
    total: ROWS.length,
    extra: { campaigns: [CAMPAIGN] },
    error: null,
    errorStatus: null,
    ...over,
  }
  return toMessagesView(messagesListMachine.resolveState({ value: { list, search: 'idle' }, context }))
}

const meta = {
  title: 'Pages/Messages sent',
  component: MessagesPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {} },
} satisfies Meta<typeof MessagesPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }
export const Refreshing: Story = { args: { view: at('loading') } }
export const NothingSentYet: Story = { args: { view: at('ready', { rows: [], total: 0 }) } }
export const NoResult: Story = {
  args: {
    view: at('ready', { rows: [], total: 0, query: { ...DEFAULT_MESSAGES_QUERY, channel: 'push' } }),
  },
}
export const Failed: Story = {
  args: { view: at('failed', { rows: [], total: 0, error: 'messages.errors.load' }) },
}
