import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type FranchisePanelContext,
  franchisePanelMachine,
} from '../../machines/franchise-panel/franchise-panel.machine'
import { toFranchisePanelView } from '../../machines/franchise-panel/franchise-panel.view'
import { type AuditPage, EMPTY_OWNER_FORM, type FranchisePanel } from '../../src/domain/admin'
import { FranchisePanelPage } from '../../src/features/admin/FranchisePanelPage'

const FRANCHISE = '55555555-5555-4555-8555-000000000001'
const PANEL: FranchisePanel = {
  franchise: {
    id: FRANCHISE,
    name: 'Maison Dupont',
    codeAlpha3: 'FRA',
    currencyCode: 'EUR',
    timezone: 'Europe/Paris',
    senderId: 'DUPONT',
    loyaltyType: 'PASSAGE',
    dateCreated: '2026-03-02T09:00:00.000Z',
  },
  owner: { id: 'o', email: 'owner@demo.test', displayName: 'Claire Dupont', isSubscribedRetailer: true },
  clientCount: 2140,
  passages30Days: 318,
  features: ['GAME'],
  loyaltyModel: { id: 'm', name: 'Carte Dupont', loyaltyType: 'PASSAGE' },
  stores: [
    { id: 's1', name: 'Paris Marais', settings: { hasScannerEnabled: true, hasFullWebAppEnabled: false } },
    { id: 's2', name: 'Lyon Presqu’île', settings: { hasScannerEnabled: false, hasFullWebAppEnabled: true } },
  ],
}
const AUDIT: AuditPage = {
  data: [
    {
      id: 'a1',
      action: 'PATCH /api/v2/loyalties/points',
      target: '/api/v2/loyalties/points',
      createdAt: '2026-11-21T10:12:00.000Z',
      actorEmail: 'owner@demo.test',
      adminEmail: 'admin@demo.test',
      statusCode: 200,
    },
    {
      id: 'a2',
      action: 'PATCH /api/v2/stores/:id/settings',
      target: '/api/v2/stores/s1/settings',
      createdAt: '2026-11-20T16:40:00.000Z',
      actorEmail: 'owner@demo.test',
      adminEmail: 'tech@demo.test',
      statusCode: 200,
    },
  ],
  metadata: { page: 1, size: 10, total: 2 },
}

type Value = { panel: string; audit: string; change: string; senderId: string; owner: string }
function at(over: Partial<FranchisePanelContext> = {}, value: Partial<Value> = {}) {
  const context: FranchisePanelContext = {
    franchiseId: FRANCHISE,
    panel: PANEL,
    errorCode: null,
    audit: AUDIT,
    auditPage: 1,
    change: null,
    senderInput: '',
    senderError: null,
    ownerForm: EMPTY_OWNER_FORM,
    ownerErrors: {},
    ownerError: null,
    ...over,
  }
  return toFranchisePanelView(
    franchisePanelMachine.resolveState({
      value: {
        panel: 'ready',
        audit: 'ready',
        change: 'idle',
        senderId: 'closed',
        owner: 'closed',
        ...value,
      },
      context,
    }),
  )
}

const meta = {
  title: 'Pages/Admin/FranchisePanel',
  component: FranchisePanelPage,
  parameters: { layout: 'padded' },
  args: { view: at(), send: () => {} },
} satisfies Meta<typeof FranchisePanelPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = {
  args: { view: at({ panel: null, audit: null }, { panel: 'loading', audit: 'loading' }) },
}
export const Failed: Story = { args: { view: at({ panel: null, errorCode: 404 }, { panel: 'failed' }) } }
export const NoModelNoStores: Story = {
  args: {
    view: at({
      panel: { ...PANEL, loyaltyModel: null, stores: [] },
      audit: { ...AUDIT, data: [], metadata: { page: 1, size: 10, total: 0 } },
    }),
  },
}
/** A feature toggle runs: every control waits for it. */
export const SavingFeature: Story = {
  args: {
    view: at({ change: { kind: 'feature', feature: 'GAME', isEnabled: false } }, { change: 'saving' }),
  },
}
export const SenderIdInvalid: Story = {
  args: {
    view: at({ senderInput: 'a b', senderError: 'SENDER_ID_CONTAINS_SPACES' }, { senderId: 'editing' }),
  },
}
/** The check itself failed: its status is the error type. */
export const SenderIdCheckFailed: Story = {
  args: { view: at({ senderInput: 'DUPONT', senderError: 'HTTP_503' }, { senderId: 'editing' }) },
}
export const SenderIdChecking: Story = {
  args: { view: at({ senderInput: 'DUPONT' }, { senderId: 'checking' }) },
}
export const AuditFailed: Story = { args: { view: at({ audit: null }, { audit: 'failed' }) } }
const NO_OWNER: FranchisePanel = {
  ...PANEL,
  franchise: { ...PANEL.franchise, name: 'Café Sans Maître', senderId: null },
  owner: null,
  clientCount: 0,
  passages30Days: 0,
  features: [],
  loyaltyModel: null,
  stores: [],
}
const NO_AUDIT: AuditPage = { data: [], metadata: { page: 1, size: 10, total: 0 } }
/** A franchise created without an owner: the Owner area says so and offers to create one. */
export const NoOwner: Story = { args: { view: at({ panel: NO_OWNER, audit: NO_AUDIT }) } }
export const CreateOwner: Story = {
  args: {
    view: at(
      {
        panel: NO_OWNER,
        audit: NO_AUDIT,
        ownerForm: { email: 'cafe@', displayName: '' },
        ownerErrors: { email: 'admin.create.errors.emailInvalid' },
      },
      { owner: 'editing' },
    ),
  },
}
export const CreatingOwner: Story = {
  args: {
    view: at(
      { panel: NO_OWNER, audit: NO_AUDIT, ownerForm: { email: 'cafe@example.test', displayName: 'Zoé' } },
      { owner: 'creating' },
    ),
  },
}
export const CreateOwnerEmailExists: Story = {
  args: {
    view: at(
      {
        panel: NO_OWNER,
        audit: NO_AUDIT,
        ownerForm: { email: 'owner@demo.test', displayName: '' },
        ownerErrors: { email: 'admin.create.errors.emailExists' },
      },
      { owner: 'editing' },
    ),
  },
}
