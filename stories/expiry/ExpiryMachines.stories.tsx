import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Points expiry',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.expirySettings,
    description:
      'The franchise page’s points expiry (issue 23): load, edit the draft (mode, months, the reminder’s channel and text with the SMS rules), save whole; a 400 shows on its field. The draft’s preview (the next night run and its figures) follows each change of rule, and saving a change of rule asks to confirm with those figures (issue 34).',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Settings: Story = {}
export const ClientPanel: Story = {
  args: {
    machine: DIAGRAM_MACHINES.clientExpiry,
    description:
      'The client detail’s coming expiry: loaded once per balance; hidden when expiry is off; retry after a failure.',
  },
}
