import type { Meta, StoryObj } from '@storybook/react-vite'
import { messagesListMachine } from '../../machines/messages-list/messages-list.list'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Messages sent',
  component: MachineDiagram,
  args: {
    machine: messagesListMachine,
    description:
      'Messages sent (issue 19), one list of createListMachine: the outbox’s SMS and pushes of the franchise; channel, campaign, recipient search, page and size in the address, the debounced search, latest answer only, a failure with a retry, and clearing the filters.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
