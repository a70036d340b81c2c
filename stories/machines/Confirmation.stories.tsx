import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Account confirmation',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.confirmation,
    description: 'Terms of service, then the subscription plan and its payment link (§4 Effective role).',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
