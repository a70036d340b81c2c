import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  adminMerchantsListMachine,
  type MerchantsListContext,
  toMerchantsListView,
} from '../../machines/admin-merchants/admin-merchants.list'
import {
  type MerchantActionsContext,
  merchantActionsMachine,
  type RowAction,
} from '../../machines/admin-merchants/admin-merchants-actions.machine'
import { toMerchantActionsView } from '../../machines/admin-merchants/admin-merchants-actions.view'
import { DEFAULT_MERCHANT_QUERY } from '../../machines/admin-merchants/query'
import { EMPTY_FRANCHISE_OWNER_FORM, type MerchantRow } from '../../src/domain/admin'
import { AdminDashboardPage } from '../../src/features/admin/AdminDashboardPage'

const ROWS: MerchantRow[] = [
  {
    id: '44444444-4444-4444-8444-000000000001',
    email: 'owner@demo.test',
    displayName: 'Claire Dupont',
    isSubscribedRetailer: true,
    hasFullAccess: true,
    hasAcceptedCGV: true,
    dateCreated: '2026-03-02T09:00:00.000Z',
    franchise: {
      id: '55555555-5555-4555-8555-000000000001',
      name: 'Maison Dupont',
      codeAlpha3: 'FRA',
      currencyCode: 'EUR',
    },
    franchises: [
      { id: '55555555-5555-4555-8555-000000000001', name: 'Maison Dupont' },
      { id: '55555555-5555-4555-8555-000000000003', name: 'Dupont Traiteur' },
    ],
    loyaltyModel: {
      id: '66666666-6666-4666-8666-000000000001',
      name: 'Carte Dupont',
      loyaltyType: 'PASSAGE',
    },
    stores: [
      { id: '77777777-7777-4777-8777-000000000001', name: 'Paris Marais' },
      { id: '77777777-7777-4777-8777-000000000002', name: 'Lyon Presqu’île' },
    ],
    clientCount: 2140,
    passages30Days: 318,
  },
  {
    id: '44444444-4444-4444-8444-000000000002',
    email: 'bagels@demo.test',
    displayName: '',
    isSubscribedRetailer: false,
    hasFullAccess: false,
    hasAcceptedCGV: true,
    dateCreated: '2026-06-12T15:30:00.000Z',
    franchise: {
      id: '55555555-5555-4555-8555-000000000002',
      name: 'Brooklyn Bagels',
      codeAlpha3: 'USA',
      currencyCode: 'USD',
    },
    franchises: [{ id: '55555555-5555-4555-8555-000000000002', name: 'Brooklyn Bagels' }],
    loyaltyModel: null,
    stores: [{ id: '77777777-7777-4777-8777-000000000003', name: 'Williamsburg' }],
    clientCount: 160,
    passages30Days: 0,
  },
]

type Action =
  | 'idle'
  | 'confirmingSubscription'
  | 'changingSubscription'
  | 'connecting'
  | 'editingFranchise'
  | 'creatingFranchise'
  | 'creatingFranchiseWithoutOwner'
  | 'editingMerchantFranchise'
  | 'addingFranchise'
/** The list's and the actions' context; a target names its row by id, an error by its HTTP status. */
type Over = Partial<Omit<MerchantsListContext, 'errorStatus'>> &
  Partial<Omit<MerchantActionsContext, 'target'>> & {
    target?: { id: string; action: RowAction }
    errorCode?: number
  }
function at(list: 'loading' | 'ready' | 'failed', over: Over = {}, action: Action = 'idle') {
  const context: MerchantsListContext = {
    query: over.query ?? DEFAULT_MERCHANT_QUERY,
    searchInput: over.searchInput ?? '',
    params: {},
    rows: over.rows ?? ROWS,
    total: over.total ?? ROWS.length,
    extra: null,
    error: list === 'failed' ? 'admin.errors.load' : null,
    errorStatus: over.errorCode ?? null,
    requestId: 1,
  }
  const target = over.target ? { ...over.target, row: ROWS.find((r) => r.id === over.target!.id)! } : null
  const actions: MerchantActionsContext = {
    adminId: '99999999-9999-4999-8999-999999999999',
    target,
    form: over.form ?? EMPTY_FRANCHISE_OWNER_FORM,
    ownerTiming: over.ownerTiming ?? 'now',
    formErrors: over.formErrors ?? {},
    formError: over.formError ?? null,
  }
  return {
    ...toMerchantsListView(
      adminMerchantsListMachine.resolveState({ value: { list, search: 'idle' }, context }),
    ),
    ...toMerchantActionsView(merchantActionsMachine.resolveState({ value: action, context: actions })),
  }
}

const meta = {
  title: 'Pages/Admin/Dashboard',
  component: AdminDashboardPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {} },
} satisfies Meta<typeof AdminDashboardPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }
export const NoResult: Story = {
  args: {
    view: at('ready', {
      rows: [],
      total: 0,
      query: { ...DEFAULT_MERCHANT_QUERY, filter: 'zoé' },
      searchInput: 'zoé',
    }),
  },
}
/** §8: the failure keeps the HTTP status as the error code. */
export const Failed: Story = { args: { view: at('failed', { rows: [], total: 0, errorCode: 503 }) } }
export const ConfirmDeactivation: Story = {
  args: {
    view: at('ready', { target: { id: ROWS[0]!.id, action: 'deactivate' } }, 'confirmingSubscription'),
  },
}
/** The row's own button spins while its subscription changes. */
export const ChangingSubscription: Story = {
  args: { view: at('ready', { target: { id: ROWS[1]!.id, action: 'activate' } }, 'changingSubscription') },
}
export const ConnectingAs: Story = {
  args: { view: at('ready', { target: { id: ROWS[0]!.id, action: 'connect' } }, 'connecting') },
}
export const CreateFranchise: Story = {
  args: {
    view: at(
      'ready',
      {
        form: { title: '', codeAlpha3: 'FRA', email: 'cafe@', displayName: '' },
        formErrors: { title: 'admin.create.errors.titleRequired', email: 'admin.create.errors.emailInvalid' },
      },
      'editingFranchise',
    ),
  },
}
export const CreateEmailExists: Story = {
  args: {
    view: at(
      'ready',
      {
        form: { title: 'Café Lumière', codeAlpha3: 'CHE', email: 'owner@demo.test', displayName: '' },
        formErrors: { email: 'admin.create.errors.emailExists' },
      },
      'editingFranchise',
    ),
  },
}
/** "Create the owner later": no owner fields; the franchise's panel opens once it is created. */
export const CreateOwnerLater: Story = {
  args: {
    view: at(
      'ready',
      { form: { ...EMPTY_FRANCHISE_OWNER_FORM, title: 'Café Sans Maître' }, ownerTiming: 'later' },
      'editingFranchise',
    ),
  },
}
export const CreatingWithoutOwner: Story = {
  args: {
    view: at(
      'ready',
      { form: { ...EMPTY_FRANCHISE_OWNER_FORM, title: 'Café Sans Maître' }, ownerTiming: 'later' },
      'creatingFranchiseWithoutOwner',
    ),
  },
}
/** "Add a franchise" on Brooklyn Bagels' row, with the errors of a first empty submit. */
export const AddFranchise: Story = {
  args: {
    view: at(
      'ready',
      {
        target: { id: ROWS[1]!.id, action: 'addFranchise' },
        form: { ...EMPTY_FRANCHISE_OWNER_FORM },
        formErrors: { title: 'admin.create.errors.titleRequired' },
      },
      'editingMerchantFranchise',
    ),
  },
}
/** The dialog's button and the row's both show the franchise being added. */
export const AddingFranchise: Story = {
  args: {
    view: at(
      'ready',
      {
        target: { id: ROWS[1]!.id, action: 'addFranchise' },
        form: { ...EMPTY_FRANCHISE_OWNER_FORM, title: 'Bagels Queens', codeAlpha3: 'USA' },
      },
      'addingFranchise',
    ),
  },
}
/** §6: a failure no field explains is the generic error. */
export const AddFranchiseFailed: Story = {
  args: {
    view: at(
      'ready',
      {
        target: { id: ROWS[1]!.id, action: 'addFranchise' },
        form: { ...EMPTY_FRANCHISE_OWNER_FORM, title: 'Bagels Queens', codeAlpha3: 'USA' },
        formError: 'errors.generic',
      },
      'editingMerchantFranchise',
    ),
  },
}
