import type { Meta, StoryObj } from '@storybook/react-vite'
import { clientFormMachine } from '../../machines/client-form/client-form.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Client form',
  component: MachineDiagram,
  args: {
    machine: clientFormMachine,
    description:
      "A client's form (create from the list, edit from the client's page): §5 rules on every change, the §8 save errors on their fields (phone or e-mail used, invalid phone).",
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
