import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StateValue } from 'xstate'
import {
  type ScannerSelectContext,
  scannerSelectMachine,
} from '../../machines/scanner-select/scanner-select.machine'
import { toScannerSelectView } from '../../machines/scanner-select/scanner-select.view'
import { ScannerDialogView } from '../../src/features/sale/ScannerDialog'
import { FRANCHISE_ID, STORE_ID, tag } from './fixtures'

function at(value: StateValue, over: Partial<ScannerSelectContext> = {}) {
  const context: ScannerSelectContext = {
    franchiseId: FRANCHISE_ID,
    storeId: STORE_ID,
    tags: [tag(1), tag(2)],
    error: null,
    ...over,
  }
  return toScannerSelectView(scannerSelectMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Sale/Scanner dialog',
  component: ScannerDialogView,
  args: { view: at({ open: 'choosing' }), send: () => {}, storeName: 'Brooklyn Bagels — Williamsburg' },
} satisfies Meta<typeof ScannerDialogView>

export default meta
type Story = StoryObj<typeof meta>

export const Tags: Story = {}
export const Loading: Story = { args: { view: at({ open: 'loading' }, { tags: [] }) } }
export const NoTags: Story = { args: { view: at({ open: 'noTags' }, { tags: [] }) } }
export const FetchTagsError: Story = {
  args: { view: at({ open: 'loadFailed' }, { tags: [], error: 'dialogs.selectScanner.fetchTagsError' }) },
}
