import type { Meta, StoryObj } from '@storybook/react-vite'
import { clientListMachine } from '../../machines/client-list/client-list.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Client list',
  component: MachineDiagram,
  args: {
    machine: clientListMachine,
    description:
      'The client list (§2, §4, §9): the query in the address (defaults filled, written back on change), page reset on a filter or search change, same-column sort toggles, debounced search, latest answer only, a failure empties the list; create from a search without result.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
