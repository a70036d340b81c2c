import type { Meta, StoryObj } from '@storybook/react-vite'
import { clientListMachine } from '../../machines/client-list/client-list.list'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Client list',
  component: MachineDiagram,
  args: {
    machine: clientListMachine,
    description:
      'The client list (§2, §4, §9), one list of createListMachine: the query in the address (defaults filled, written back on change), page reset on a filter or search change, same-column sort toggles, debounced search, latest answer only, a failure empties the list. Creating a client from a search without result is the client-create machine beside it.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
