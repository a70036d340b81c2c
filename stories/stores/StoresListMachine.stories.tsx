import type { Meta, StoryObj } from '@storybook/react-vite'
import { storesListMachine } from '../../machines/stores-list/stores-list.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Stores list',
  component: MachineDiagram,
  args: {
    machine: storesListMachine,
    description:
      'The stores list (§2, §4, §9): the query (search, page, rowsPerPage, sort, order) in the address; the sorted column cycles descending → ascending → default; a search goes back to page 1; the owned stores are loaded once and searched, sorted and paged locally; the store editor is a child, and a save or delete reloads the list and the session’s stores.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
