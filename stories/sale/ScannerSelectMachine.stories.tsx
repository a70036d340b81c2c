import type { Meta, StoryObj } from '@storybook/react-vite'
import { scannerSelectMachine } from '../../machines/scanner-select/scanner-select.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Scanner select',
  component: MachineDiagram,
  args: {
    machine: scannerSelectMachine,
    description:
      'The toolbar’s scanner dialog (issue 5): lists the current store’s tags (fetch error with retry, none found), and opens the chosen tag’s scanner screen.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
