import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/AutomationList',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.automationList,
    description:
      'The automated marketing list (issue 20): load the franchise’s three automations and revenue; switch one on or off from its card; a failed load offers a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
