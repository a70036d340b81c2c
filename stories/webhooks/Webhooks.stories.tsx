import type { Meta, StoryObj } from '@storybook/react-vite'
import { type WebhooksContext, webhooksMachine } from '../../machines/webhooks/webhooks.machine'
import { toWebhooksView } from '../../machines/webhooks/webhooks.view'
import type { WebhookDelivery, WebhookEndpoint } from '../../src/domain/webhooks'
import { WebhooksPanel } from '../../src/features/webhooks/WebhooksSection'

const FID = '11111111-1111-4111-8111-111111111111'
const ENDPOINTS: WebhookEndpoint[] = [
  {
    id: '55555555-5555-4555-8555-000000000001',
    franchiseId: FID,
    url: 'https://crm.maison-dupont.fr/hooks/loyalty',
    description: 'CRM',
    events: ['client.created', 'points.moved', 'reward.redeemed'],
    enabled: true,
    secretHint: 'whsec_Zk3q…',
    previousSecretExpiresAt: '2026-11-26T10:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
  },
  {
    id: '55555555-5555-4555-8555-000000000002',
    franchiseId: FID,
    url: 'https://erp.example.com/in/campaigns',
    description: '',
    events: ['campaign.finished'],
    enabled: false,
    secretHint: 'whsec_p0Rt…',
    previousSecretExpiresAt: null,
    createdAt: '2026-11-10T09:00:00.000Z',
  },
]
const d = (n: number, over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: `66666666-6666-4666-8666-00000000000${n}`,
  eventId: `77777777-7777-4777-8777-00000000000${n}`,
  eventType: 'points.moved',
  status: 'SUCCEEDED',
  attempts: 1,
  responseStatus: 200,
  durationMs: 84,
  error: null,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-25T10:00:00.000Z',
  createdAt: `2026-11-25T10:0${n}:00.000Z`,
  ...over,
})
const DELIVERIES: WebhookDelivery[] = [
  d(4, { eventType: 'webhook.test', status: 'PENDING', attempts: 0, responseStatus: null, durationMs: null }),
  d(3, {
    status: 'RETRYING',
    attempts: 2,
    responseStatus: 500,
    error: 'HTTP 500',
    nextAttemptAt: '2026-11-25T10:05:00.000Z',
  }),
  d(2, { status: 'FAILED', attempts: 8, responseStatus: null, error: 'timeout', durationMs: 10000 }),
  d(1, { eventType: 'client.created' }),
]

function at(value: string | Record<string, string>, over: Partial<WebhooksContext> = {}) {
  const context: WebhooksContext = {
    franchiseId: FID,
    endpoints: ENDPOINTS,
    selectedId: null,
    form: {
      url: '',
      description: '',
      events: ['client.created', 'points.moved', 'reward.redeemed', 'campaign.finished'],
    },
    submitted: false,
    secret: null,
    deliveries: [],
    error: null,
    ...over,
  }
  return toWebhooksView(webhooksMachine.resolveState({ value, context }))
}
const one = ENDPOINTS[0]!.id

const meta = {
  title: 'Pages/Franchise/Webhooks',
  component: WebhooksPanel,
  parameters: { layout: 'padded' },
  args: { view: at('list'), send: () => {} },
} satisfies Meta<typeof WebhooksPanel>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { view: at('loading', { endpoints: [] }) } }
export const LoadFailed: Story = {
  args: { view: at('failed', { endpoints: [], error: 'webhooks.errors.load' }) },
}
export const Empty: Story = { args: { view: at('list', { endpoints: [] }) } }
/** Two endpoints: one enabled during a rotation overlap, one disabled. */
export const List: Story = {}
export const Adding: Story = {
  args: { view: at('editing', { form: { url: 'https://', description: '', events: [] } }) },
}
export const FormErrors: Story = {
  args: {
    view: at('editing', {
      submitted: true,
      form: { url: 'http://crm.example.com', description: '', events: [] },
    }),
  },
}
export const RefusedByServer: Story = {
  args: {
    view: at('editing', {
      selectedId: one,
      form: { url: 'https://10.0.0.8/hooks', description: 'CRM', events: ['client.created'] },
      error: 'webhooks.errors.WEBHOOK_URL_PRIVATE',
    }),
  },
}
export const Saving: Story = {
  args: {
    view: at('saving', {
      form: { url: 'https://crm.example.com', description: '', events: ['client.created'] },
    }),
  },
}
/** After a creation or a rotation: the secret, once. */
export const SecretShown: Story = {
  args: { view: at('showingSecret', { selectedId: one, secret: 'whsec_Zk3qV1m8Yc2o9TtQpX4nB7rLwE0sHdJf' }) },
}
export const Toggling: Story = { args: { view: at('toggling', { selectedId: one }) } }
export const ConfirmingDelete: Story = { args: { view: at('confirmingDelete', { selectedId: one }) } }
export const Deleting: Story = { args: { view: at('deleting', { selectedId: one }) } }
export const ConfirmingRotate: Story = { args: { view: at('confirmingRotate', { selectedId: one }) } }
export const Rotating: Story = { args: { view: at('rotating', { selectedId: one }) } }
export const Testing: Story = { args: { view: at('testing', { selectedId: one }) } }
export const DeliveriesLoading: Story = { args: { view: at({ deliveries: 'loading' }, { selectedId: one }) } }
/** The log: pending test, a retry scheduled, a failure after 24 h, a success. */
export const Deliveries: Story = {
  args: { view: at({ deliveries: 'shown' }, { selectedId: one, deliveries: DELIVERIES }) },
}
export const DeliveriesEmpty: Story = { args: { view: at({ deliveries: 'shown' }, { selectedId: one }) } }
export const DeliveriesFailed: Story = {
  args: { view: at({ deliveries: 'failed' }, { selectedId: one, error: 'webhooks.errors.load' }) },
}
