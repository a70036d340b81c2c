import type { Meta, StoryObj } from '@storybook/react-vite'
import { satisfactionMachine } from '../../machines/satisfaction/satisfaction.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Satisfaction',
  component: MachineDiagram,
  args: {
    machine: satisfactionMachine,
    description:
      'Satisfaction (issue 6): loads each store’s average and distribution, the total and the latest opinions; a store filter reloads the latest opinions (the averages stay on screen); a failure offers a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
