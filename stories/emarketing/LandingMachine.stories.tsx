import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Landing',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.landing,
    description:
      'The public landing page (issue 21): load the franchise’s page and form; fill the registration form; prove the phone with the one-time code (phone-code child); register once for the points, or learn the card already exists.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
