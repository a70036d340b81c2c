import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Subscription',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.subscription,
    description:
      'Manage the subscription: plan, state, renewal and invoices; cancel at the period’s end after a confirmation, resume before it, pay without one.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
