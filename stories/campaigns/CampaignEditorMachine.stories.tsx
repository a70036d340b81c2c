import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/CampaignEditor',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.campaignEditor,
    description:
      'The campaign editor (§3-§5 Campaign, §8, §9): loads the sender id (and the campaign; a failure goes back), then target → content → date → preview, each valid before the next; the audience counted after a pause, latest answer only, with its failure and retry; the validation dialog (upload, save, send now); leaving with unsaved changes asks first.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
