import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/CampaignDetail',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.campaignDetail,
    description:
      'A campaign’s detail: info, stats and coupon in parallel with their own failures and retries (no coupon is not an error), the progress refreshed while a send runs, recipients paged, cancel after a confirmation, pause and resume.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
