import type { Meta, StoryObj } from '@storybook/react-vite'
import { scanMachine } from '../../machines/scan/scan.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Scan',
  component: MachineDiagram,
  args: {
    machine: scanMachine,
    description:
      'The customer scan page (issue 5): load the tag (not found, error + retry) → phone (and receipt for POS cards) → a 10-second confirmation countdown (validate / cancel; 0 cancels) → collecting → done with the opinion form (sending, sent, failed) | failed with the §8 message and retry. The camera reads another tag’s QR code (denied: camera permission not granted).',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
