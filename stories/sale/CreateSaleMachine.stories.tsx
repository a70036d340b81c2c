import type { Meta, StoryObj } from '@storybook/react-vite'
import { createSaleMachine } from '../../machines/create-sale/create-sale.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Create sale',
  component: MachineDiagram,
  args: {
    machine: createSaleMachine,
    description:
      'The toolbar’s create-sale dialog (issue 5): loads the current store’s tags, auto-selects the only one (or the saved one), takes a decimal amount, injects it, then counts down each second (ticker) until the points expire; Reset only while the countdown runs.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
