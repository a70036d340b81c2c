import type { Meta, StoryObj } from '@storybook/react-vite'
import { clientEraseMachine } from '../../machines/client-erase/client-erase.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Client erase',
  component: MachineDiagram,
  args: {
    machine: clientEraseMachine,
    description:
      'Erasing a client (GDPR): a confirmation naming what is kept and removed, the erasure, then back to the client list with a toast; a failure keeps the dialog open with a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
