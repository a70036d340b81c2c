import type { Meta, StoryObj } from '@storybook/react-vite'
import { storeTagsMachine } from '../../machines/store-tags/store-tags.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Store tags',
  component: MachineDiagram,
  args: {
    machine: storeTagsMachine,
    description:
      'The store screen’s NFC tags (issue 5): list, edit one tag’s name and reset delay, add a tag, copy a tag’s scan link.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
