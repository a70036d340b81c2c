import type { Meta, StoryObj } from '@storybook/react-vite'
import { clientDetailMachine } from '../../machines/client-detail/client-detail.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Client detail',
  component: MachineDiagram,
  args: {
    machine: clientDetailMachine,
    description:
      'One client (§2, §3, §4, §8): information and loyalty (failed-information state on a failure), coupons by state and page; points, sale, offer and coupon redemption at the current store, edit and delete, each with its §8 messages.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
