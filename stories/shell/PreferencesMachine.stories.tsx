import type { Meta, StoryObj } from '@storybook/react-vite'
import { preferencesMachine } from '../../machines/preferences/preferences.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Preferences',
  component: MachineDiagram,
  args: {
    machine: preferencesMachine,
    description:
      'Language, folded navbar and layout settings: stored locally at once, saved to the account (debounced) while signed in; the server wins on sign-in (§1, §9).',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
