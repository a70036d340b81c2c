import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StateValue } from 'xstate'
import { type CreateSaleContext, createSaleMachine } from '../../machines/create-sale/create-sale.machine'
import { toCreateSaleView } from '../../machines/create-sale/create-sale.view'
import { CreateSaleDialogView } from '../../src/features/sale/CreateSaleDialog'
import { FRANCHISE_ID, INFO, NOW, STORE_ID, tag } from './fixtures'

function at(value: StateValue, over: Partial<CreateSaleContext> = {}) {
  const context: CreateSaleContext = {
    franchiseId: FRANCHISE_ID,
    storeId: STORE_ID,
    savedTagId: null,
    tags: [tag(1)],
    selectedTagId: tag(1).id,
    amount: '',
    now: NOW,
    error: null,
    collected: false,
    ...over,
  }
  return toCreateSaleView(createSaleMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Sale/Create-sale dialog',
  component: CreateSaleDialogView,
  args: {
    view: at({ open: { ready: 'editing' } }),
    send: () => {},
    storeName: 'Brooklyn Bagels — Williamsburg',
  },
} satisfies Meta<typeof CreateSaleDialogView>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { view: at({ open: 'loading' }, { tags: [] }) } }
export const NoStore: Story = { args: { view: at({ open: 'noStore' }, { storeId: null }), storeName: null } }
export const NoTagsFound: Story = { args: { view: at({ open: 'noTags' }, { tags: [] }) } }
export const FetchTagsError: Story = {
  args: { view: at({ open: 'loadFailed' }, { tags: [], error: 'dialogs.createSaleDialog.fetchTagsError' }) },
}
/** The only tag is selected; Validate waits for a non-zero amount. */
export const Empty: Story = {}
export const AmountTyped: Story = { args: { view: at({ open: { ready: 'editing' } }, { amount: '12,50' }) } }
export const SeveralTagsNoneSelected: Story = {
  args: { view: at({ open: { ready: 'editing' } }, { tags: [tag(1), tag(2)], selectedTagId: null }) },
}
export const Injecting: Story = { args: { view: at({ open: { ready: 'injecting' } }, { amount: '12,50' }) } }
/** After the injection: amount, points and the countdown (2:35 left). */
export const Injected: Story = {
  args: { view: at({ open: { ready: 'injected' } }, { tags: [tag(1, INFO)] }) },
}
/** The customer collected the waiting points (seen by the TAG_POLL refresh): the form is free again. */
export const Collected: Story = {
  args: { view: at({ open: { ready: 'editing' } }, { collected: true }) },
}
export const InjectPointsError: Story = {
  args: {
    view: at(
      { open: { ready: 'editing' } },
      { amount: '12,50', error: 'dialogs.createSaleDialog.injectPointsError' },
    ),
  },
}
export const ResetTagError: Story = {
  args: {
    view: at(
      { open: { ready: 'injected' } },
      { tags: [tag(1, INFO)], error: 'dialogs.createSaleDialog.resetTagError' },
    ),
  },
}
