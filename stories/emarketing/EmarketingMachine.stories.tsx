import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Emarketing',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.emarketing,
    description:
      'The e-marketing set-up (issue 21): not set up yet or loaded; edit the link, colours, logo and registration points with a live preview; the link’s availability is checked before saving.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
