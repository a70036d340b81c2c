import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/CampaignCoupon',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.campaignCoupon,
    description:
      'The public coupon page behind a campaign’s short link: load the coupon by its code; an unknown code says so, another failure offers a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
