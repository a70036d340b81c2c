import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/Coupon redeem',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.couponRedeem,
    description:
      'The counter coupon page: the coupon read by its short code, then Redeem once it is active; unknown codes and failures say so, with retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
