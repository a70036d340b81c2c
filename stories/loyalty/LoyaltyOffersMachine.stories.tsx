import type { Meta, StoryObj } from '@storybook/react-vite'
import { loyaltyOffersMachine } from '../../machines/loyalty-offers/loyalty-offers.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Loyalty offers',
  component: MachineDiagram,
  args: {
    machine: loyaltyOffersMachine,
    description:
      'The card offers (§2, §3, §4, §5, §8): the list by redeem points (archived ones on request), the new/edit dialog with the §5 offer rules and a warning before losing changes, and the ACTIVE ⇄ ARCHIVED status change confirmed first. Every change reads the list again.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
