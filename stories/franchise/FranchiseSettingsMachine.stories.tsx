import type { Meta, StoryObj } from '@storybook/react-vite'
import { franchiseSettingsMachine } from '../../machines/franchise-settings/franchise-settings.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Franchise settings',
  component: MachineDiagram,
  args: {
    machine: franchiseSettingsMachine,
    description:
      'The franchise page (§2, §3, §5, §8): load (not found / error with retry), then one save at a time: information with a logo upload, loyalty rules, theme (draft previewed, cancel restores), and the client qualification, average basket and sender-name dialogs (domain rules live, then a debounced server check).',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
