import type { Meta, StoryObj } from '@storybook/react-vite'
import { loyaltyCardMachine } from '../../machines/loyalty-card/loyalty-card.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Loyalty card',
  component: MachineDiagram,
  args: {
    machine: loyaltyCardMachine,
    description:
      'The loyalty page (§2, §3, §5, §8): the card is read with the point-of-sale products (none → "create your card"); the form follows the §5 rules shared with the server; saving creates or updates it and, when its type changed, tells the shell. Beside it, the tab region: leaving "my card" with unsaved changes asks first.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
