import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Login',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.login,
    description:
      'The login form: §5 rules, roles allowed to sign in, terms and subscription checks (§4 Login).',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
