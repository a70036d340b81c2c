import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/AutomationEditor',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.automationEditor,
    description:
      'An automation’s editor (issue 20): load, edit the message, coupon, filters and timing, validate, save, switch on or off, reset to a type; leaving with unsaved changes asks first.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
