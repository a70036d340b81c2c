import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Reset password',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.resetPassword,
    description:
      'Chooses a new password with the token of the mailed link; invalid or expired links are explained.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
