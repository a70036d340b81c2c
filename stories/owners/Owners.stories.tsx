import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type OwnersListContext,
  ownersListMachine,
  toOwnersListView,
} from '../../machines/owners/owners.list'
import {
  EMPTY_OWNER_FORM,
  type OwnersActionsContext,
  ownersActionsMachine,
} from '../../machines/owners/owners-actions.machine'
import { toOwnersActionsView } from '../../machines/owners/owners-actions.view'
import { DEFAULT_OWNERS_QUERY } from '../../machines/owners/query'
import type { OwnerRow } from '../../src/domain/owners'
import { OwnersDenied, OwnersPage } from '../../src/features/owners/OwnersPage'

const STORES = [
  { id: '22222222-2222-4222-8222-000000000001', name: 'Maison Dupont — Paris Marais' },
  { id: '22222222-2222-4222-8222-000000000002', name: 'Maison Dupont — Lyon Presqu’île' },
]
const ROWS: OwnerRow[] = [
  {
    id: '44444444-4444-4444-8444-000000000001',
    email: 'julien@maison-dupont.test',
    displayName: 'Julien Marchand',
    stores: [STORES[0]!],
    createdAt: '2026-10-02T09:00:00.000Z',
    hasPassword: true,
    status: 'active',
  },
  {
    id: '44444444-4444-4444-8444-000000000002',
    email: 'nina@maison-dupont.test',
    displayName: '',
    stores: STORES,
    createdAt: '2026-11-20T15:30:00.000Z',
    hasPassword: false,
    status: 'invited',
  },
]

type Dialog =
  | 'closed'
  | 'editing'
  | 'creating'
  | 'confirmingUnlink'
  | 'unlinking'
  | 'editingStores'
  | 'savingStores'
  | 'resending'
function at(
  list: 'loading' | 'ready' | 'failed',
  over: Partial<OwnersListContext> & Partial<OwnersActionsContext> = {},
  dialog: Dialog = 'closed',
) {
  const { stores = STORES, form = EMPTY_OWNER_FORM, formErrors = {}, formError = null, target = null } = over
  const context: OwnersListContext = {
    query: over.query ?? DEFAULT_OWNERS_QUERY,
    searchInput: over.searchInput ?? '',
    params: {},
    rows: over.rows ?? ROWS,
    total: over.total ?? ROWS.length,
    extra: null,
    error: over.error ?? null,
    errorStatus: null,
    requestId: 1,
  }
  const dialogs: OwnersActionsContext = { stores, form, formErrors, formError, target }
  return {
    ...toOwnersListView(ownersListMachine.resolveState({ value: { list, search: 'idle' }, context })),
    ...toOwnersActionsView(ownersActionsMachine.resolveState({ value: dialog, context: dialogs })),
  }
}

const meta = {
  title: 'Pages/Owners',
  component: OwnersPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {} },
} satisfies Meta<typeof OwnersPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }
export const Empty: Story = { args: { view: at('ready', { rows: [], total: 0 }) } }
export const NoResult: Story = {
  args: {
    view: at('ready', {
      rows: [],
      total: 0,
      query: { ...DEFAULT_OWNERS_QUERY, search: 'zoé' },
      searchInput: 'zoé',
    }),
  },
}
export const Failed: Story = {
  args: { view: at('failed', { rows: [], total: 0, error: 'ownersManagement.errors.load' }) },
}
export const NoStores: Story = { args: { view: at('ready', { rows: [], total: 0, stores: [] }) } }
export const CreateDialog: Story = {
  args: {
    view: at(
      'ready',
      {
        form: { email: 'nina@', displayName: '', storeIds: [] },
        formErrors: {
          email: 'ownersManagement.errors.emailInvalid',
          storeIds: 'ownersManagement.errors.storesRequired',
        },
      },
      'editing',
    ),
  },
}
export const CreateEmailExists: Story = {
  args: {
    view: at(
      'ready',
      {
        form: { email: 'julien@maison-dupont.test', displayName: '', storeIds: [STORES[0]!.id] },
        formErrors: { email: 'ownersManagement.errors.emailExists' },
      },
      'editing',
    ),
  },
}
/** Changing an owner's stores: starts from the ones they have. */
export const EditStores: Story = {
  args: {
    view: at(
      'ready',
      {
        target: ROWS[0]!,
        form: { email: ROWS[0]!.email, displayName: '', storeIds: [ROWS[0]!.stores[0]!.id] },
      },
      'editingStores',
    ),
  },
}
export const ResendingInvitation: Story = {
  args: { view: at('ready', { target: ROWS.find((r) => !r.hasPassword) ?? ROWS[0]! }, 'resending') },
}
export const ConfirmUnlink: Story = { args: { view: at('ready', { target: ROWS[0]! }, 'confirmingUnlink') } }

/** A store owner on /pages/owners (§6): contact the franchise manager. */
export const StoreOwnerDenied: StoryObj = { render: () => <OwnersDenied /> }
