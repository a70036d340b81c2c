import type { Meta, StoryObj } from '@storybook/react-vite'
import { demoMachine } from '../../machines/demo/demo.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Demo',
  component: MachineDiagram,
  args: {
    machine: demoMachine,
    description:
      'The demo pages (issue 8): finds the demo franchise (GET /api/v2/demo), then the page shows the analytics, client list or loyalty card over it, read-only; none seeded: empty; a failure offers a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
