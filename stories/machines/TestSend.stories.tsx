import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Test send',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.testSend,
    description:
      "Staff's test SMS / test e-mail: the address of the channel's kind, the send through the configured provider, its answer (accepted id or its refusal) shown as it came; our own failure with a retry.",
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
