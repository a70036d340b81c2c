import type { Meta, StoryObj } from '@storybook/react-vite'
import { ownersMachine } from '../../machines/owners/owners.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Owners',
  component: MachineDiagram,
  args: {
    machine: ownersMachine,
    description:
      'Store owners (§6, §7 "Owners", §8 409): search, page and size in the address, debounced search back to the first page, latest answer only, a failure with a retry; the create dialog (e-mail, stores, 409 on the e-mail, success toast and reload) and a confirmed unlink.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
