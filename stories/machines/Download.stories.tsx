import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Download link',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.download,
    description:
      'A download link asks for a one-use, one-minute ticket, then opens the file address with it (never the access token); a failure says so, with retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
