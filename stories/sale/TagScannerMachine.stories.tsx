import type { Meta, StoryObj } from '@storybook/react-vite'
import { tagScannerMachine } from '../../machines/tag-scanner/tag-scanner.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Tag scanner',
  component: MachineDiagram,
  args: {
    machine: tagScannerMachine,
    description:
      "The customer-facing tag scanner screen (issue 5): reads the tag, then polls it every 2 s (POLL_INTERVAL) while a ticker drives the countdown; a failed first read retries after RETRY_DELAY. In parallel it reads the store's presence code (issue 16 #5) again when the server says it ends (CODE_REFRESH), or after RETRY_DELAY when a read failed.",
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
