import type { Meta, StoryObj } from '@storybook/react-vite'
import { ownersListMachine } from '../../machines/owners/owners.list'
import { ownersActionsMachine } from '../../machines/owners/owners-actions.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Owners',
  component: MachineDiagram,
  args: {
    machine: ownersListMachine,
    description:
      'Store owners (§6, §7 "Owners"), one list of createListMachine: search, page and size in the address, debounced search back to the first page, latest answer only, a failure with a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
export const Dialogs: Story = {
  args: {
    machine: ownersActionsMachine,
    description:
      'The owners page’s dialogs (§8 409): the create dialog (e-mail, stores, 409 on the e-mail, success toast), the stores of an owner, an invitation sent again, and a confirmed unlink; a change reloads the list.',
  },
}
