import type { Meta, StoryObj } from '@storybook/react-vite'
import { posIntegrationMachine } from '../../machines/pos-integration/pos-integration.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/POS integration',
  component: MachineDiagram,
  args: {
    machine: posIntegrationMachine,
    description:
      'The POS integration dialog of a store (§2, §3, §8): closed until opened; loads the account (NOT_FOUND is no error: an empty form to connect; other failures fetch-integration-failed with a retry), then the webhook status, products and last orders; saves only a valid form (updateSuccessfully / updateFailed), then reads the activity again; copies the webhook address and secret; regenerates the secret after a confirmation.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
