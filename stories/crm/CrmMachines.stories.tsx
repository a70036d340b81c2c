import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/CRM',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.crmEditor,
    description:
      'The registration-form builder (§4 CRM field, §5, §8): load with the 404 fallback to the static fields; any change marks the form edited; add, archive, unarchive, move; delete for good after the values count; the versioned save with its 409; leaving while edited asks first.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Editor: Story = {}
export const Clients: Story = {
  args: {
    machine: DIAGRAM_MACHINES.crmClients,
    description:
      'The CRM clients: search, field filter, page and size in the address, the paged lists’ rules, and a reload after the form is saved.',
  },
}
export const ClientAnswers: Story = {
  args: {
    machine: DIAGRAM_MACHINES.clientCrm,
    description:
      'A client’s answers on the client detail: read, edited with the §5 rules of each field, saved.',
  },
}
