import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type PosActivity,
  type PosIntegrationContext,
  posIntegrationMachine,
} from '../../machines/pos-integration/pos-integration.machine'
import { toPosIntegrationView } from '../../machines/pos-integration/pos-integration.view'
import { accountToForm, emptyPosForm, type PosAccount } from '../../src/domain/pos'
import { PosIntegrationDialog } from '../../src/features/pos/PosIntegrationDialog'
import { PosIntegrationSection } from '../../src/features/pos/PosIntegrationSection'

const STORE = '22222222-2222-4222-8222-000000000010'
const ACCOUNT: PosAccount = {
  id: '33333333-3333-4333-8333-000000000001',
  franchiseId: '11111111-1111-4111-8111-111111111111',
  storeId: STORE,
  type: 'LOCAL',
  providerStoreId: 'DUPONT-MARAIS',
  posType: 'Caisse comptoir',
  canSync: true,
  canManageCurrentSale: false,
  canRedeemLoyaltyOffer: true,
  hasClickAndCollect: false,
  resetDelay: 180,
  linkReceiptDelay: 86400,
  receiptDeletionDelay: 0,
  webhookSecret: '9f2c4e1ab0d3c5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5',
  webhookUrl: 'http://localhost:3000/api/pos/webhook/33333333-3333-4333-8333-000000000001',
  lastWebhookAt: '2026-11-21T09:55:00.000Z',
}
const minutesAgo = (m: number) => new Date(Date.UTC(2026, 10, 21, 10, 0) - m * 60_000).toISOString()
const ACTIVITY: PosActivity = {
  status: { configured: true, lastWebhookAt: minutesAgo(5), state: 'OK' },
  products: [
    ['BAG-TRAD', 'Baguette tradition', 130],
    ['CROISS', 'Croissant', 120],
    ['PAIN-CHOC', 'Pain au chocolat', 140],
    ['ECL-CHOC', 'Éclair au chocolat', 350],
    ['SAND-JB', 'Sandwich jambon-beurre', 550],
    ['CAFE', 'Café', 150],
  ].map(([id, name, priceCents]) => ({
    id: id as string,
    name: name as string,
    priceCents: priceCents as number,
    currencyCode: 'EUR',
  })),
  orders: [
    [
      'R-1005',
      7,
      [
        ['CROISS', 'Croissant', 3, 120],
        ['BAG-TRAD', 'Baguette tradition', 2, 130],
      ],
    ],
    ['R-1004', 19, [['ECL-CHOC', 'Éclair au chocolat', 2, 350]]],
    [
      'R-1003',
      31,
      [
        ['SAND-JB', 'Sandwich jambon-beurre', 1, 550],
        ['CAFE', 'Café', 1, 150],
      ],
    ],
  ].map(([receiptId, ago, lines], i) => {
    const l = (lines as [string, string, number, number][]).map(
      ([productId, name, quantity, unitPriceCents]) => ({
        productId,
        name,
        quantity,
        unitPriceCents,
      }),
    )
    return {
      id: `44444444-4444-4444-8444-00000000000${i}`,
      storeId: STORE,
      receiptId: receiptId as string,
      lines: l,
      totalCents: l.reduce((n, x) => n + x.quantity * x.unitPriceCents, 0),
      currencyCode: 'EUR',
      orderedAt: minutesAgo(ago as number),
      receivedAt: minutesAgo(ago as number),
      linkedAt: i === 2 ? minutesAgo(20) : null,
      linkedClientId: null,
    }
  }),
}

function at(open: string, over: Partial<PosIntegrationContext> = {}) {
  const values = over.account === null ? emptyPosForm() : accountToForm(ACCOUNT)
  const context: PosIntegrationContext = {
    storeId: STORE,
    account: ACCOUNT,
    values,
    initial: values,
    submitted: false,
    touched: [],
    activity: ACTIVITY,
    error: null,
    ...over,
  }
  return toPosIntegrationView(posIntegrationMachine.resolveState({ value: { open }, context }))
}

const meta = {
  title: 'Pages/Stores/POS integration',
  component: PosIntegrationDialog,
  parameters: { layout: 'padded' },
  args: { view: at('editing'), send: () => {} },
} satisfies Meta<typeof PosIntegrationDialog>

export default meta
type Story = StoryObj<typeof meta>

/** A connected store: the account, the webhook address and secret, status, last orders and products. */
export const Connected: Story = {}

/** The store has no account (the search answered NOT_FOUND): an empty form to connect it. */
export const NotConnected: Story = {
  args: {
    view: at('editing', {
      account: null,
      activity: {
        status: { configured: false, lastWebhookAt: null, state: 'NOT_CONFIGURED' },
        products: [],
        orders: [],
      },
    }),
  },
}

/** Connect was pressed with the form incomplete: every error shows. */
export const FieldErrors: Story = {
  args: {
    view: at('editing', {
      account: null,
      submitted: true,
      values: { ...emptyPosForm(), linkReceiptDelay: '10', resetDelay: 'abc' },
      activity: {
        status: { configured: false, lastWebhookAt: null, state: 'NOT_CONFIGURED' },
        products: [],
        orders: [],
      },
    }),
  },
}

/** Reading the account. */
export const Loading: Story = { args: { view: at('loading', { activity: null }) } }

/** The account could not be read (other than NOT_FOUND): fetch-integration-failed and a retry. */
export const Failed: Story = {
  args: { view: at('failed', { activity: null, error: 'pos.errors.fetch-integration-failed' }) },
}

/** Saving: the dialog cannot be dismissed. */
export const Saving: Story = {
  args: { view: at('saving', { values: { ...accountToForm(ACCOUNT), linkReceiptDelay: '3600' } }) },
}

/** Regenerating the secret is confirmed first. */
export const ConfirmRegenerate: Story = { args: { view: at('confirmingRegenerate') } }

/** The till has not called for more than a day. */
export const Stale: Story = {
  args: {
    view: at('editing', {
      activity: {
        ...ACTIVITY,
        status: { configured: true, lastWebhookAt: minutesAgo(60 * 30), state: 'STALE' },
      },
    }),
  },
}

/** The section at the bottom of the store screen, before the dialog opens (nothing is read yet). */
export const Section: StoryObj<typeof PosIntegrationSection> = {
  render: () => <PosIntegrationSection storeId={STORE} />,
}
