import type { Meta, StoryObj } from '@storybook/react-vite'
import { adminMerchantsListMachine } from '../../machines/admin-merchants/admin-merchants.list'
import { merchantActionsMachine } from '../../machines/admin-merchants/admin-merchants-actions.machine'
import { franchisePanelMachine } from '../../machines/franchise-panel/franchise-panel.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Admin',
  component: MachineDiagram,
  args: {
    machine: adminMerchantsListMachine,
    description:
      'Admin merchants (§2, §6, §7, §8), one list of createListMachine: filter, sort, page and size in the address, debounced search back to page 1, latest answer only, a failure keeping the HTTP status with a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const MerchantsDiagram: Story = {}
export const MerchantActionsDiagram: Story = {
  args: {
    machine: merchantActionsMachine,
    description:
      'Admin merchants’ row actions, one at a time (confirmed subscription change shown on its row, connect as with an impostor token, add a franchise for that merchant) and the create franchise dialog, inviting the owner now or creating the franchise alone and opening its panel.',
  },
}
export const FranchisePanelDiagram: Story = {
  args: {
    machine: franchisePanelMachine,
    description:
      'Franchise panel (§2, §4, §6): the panel read with its HTTP status on failure, the paged audit log, one change at a time (feature, store setting, loyalty type) answered by the fresh panel, and the sender-name modal: §5 rules, the server check (failure status as the error type), then the save; and, for a franchise without an owner, the create-owner dialog (invited by e-mail).',
  },
}
