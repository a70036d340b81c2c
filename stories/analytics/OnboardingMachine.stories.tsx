import type { Meta, StoryObj } from '@storybook/react-vite'
import { onboardingMachine } from '../../machines/onboarding/onboarding.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Onboarding',
  component: MachineDiagram,
  args: {
    machine: onboardingMachine,
    description:
      'The dashboard’s getting-started checklist (issue 34): unless the owner hid it, it asks the server which first steps are done (store, card, tag poster, first sale), shows them while some remain or fails with a retry, asks again when the sale dialog closes, and ends once every step is done or the owner hides it.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
