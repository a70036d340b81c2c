import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StateValue } from 'xstate'
import { type StoreTagsContext, storeTagsMachine } from '../../machines/store-tags/store-tags.machine'
import { toStoreTagsView } from '../../machines/store-tags/store-tags.view'
import { StoreTagsList } from '../../src/features/sale/StoreTagsSection'
import { FRANCHISE_ID, STORE_ID, tag } from './fixtures'

function at(value: StateValue, over: Partial<StoreTagsContext> = {}) {
  const context: StoreTagsContext = {
    franchiseId: FRANCHISE_ID,
    storeId: STORE_ID,
    origin: 'https://app.example.com',
    tags: [tag(1), tag(2)],
    draft: null,
    newName: '',
    error: null,
    ...over,
  }
  return toStoreTagsView(storeTagsMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Sale/Store tags',
  component: StoreTagsList,
  parameters: { layout: 'padded' },
  args: { view: at({ ready: 'idle' }), send: () => {} },
} satisfies Meta<typeof StoreTagsList>

export default meta
type Story = StoryObj<typeof meta>

export const Tags: Story = {}
export const Loading: Story = { args: { view: at('loading', { tags: [] }) } }
export const Empty: Story = { args: { view: at({ ready: 'idle' }, { tags: [] }) } }
export const LoadFailed: Story = {
  args: { view: at('failed', { tags: [], error: 'sale.tags.errors.load' }) },
}
export const Editing: Story = {
  args: { view: at({ ready: 'editing' }, { draft: { tagId: tag(1).id, name: 'Counter', resetDelay: '5' } }) },
}
export const Adding: Story = { args: { view: at({ ready: 'creating' }, { newName: 'Terrace' }) } }
