import type { Meta, StoryObj } from '@storybook/react-vite'
import { analyticsMachine } from '../../machines/analytics/analytics.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Analytics',
  component: MachineDiagram,
  args: {
    machine: analyticsMachine,
    description:
      'The analytics dashboard (§2, issue 8): the filters (store, period) and one region per card, loaded in parallel; each card is hidden on screens without it, waits for a store (frequency, returns), loads, shows its figures or fails with its own retry. A filter change re-enters every card with the new filter.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
