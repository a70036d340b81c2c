import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/CampaignHistory',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.campaignHistory,
    description:
      'The campaign history (§3 statuses): the paged lists’ query in the address (page, size, status, channel, period), latest answer only, last page, failure and retry; an inverted period asks nothing.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
