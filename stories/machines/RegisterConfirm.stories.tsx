import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Register confirmation',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.registerConfirm,
    description:
      'Follows the mailed sign-up link: the account is created and signed in; a used, expired or mangled link says so.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
