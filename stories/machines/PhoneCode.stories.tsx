import type { Meta, StoryObj } from '@storybook/react-vite'
import { MachineDiagram } from '../support/MachineDiagram'
import { DIAGRAM_MACHINES } from '../support/machines'

const meta = {
  title: 'Machines/PhoneCode',
  component: MachineDiagram,
  args: {
    machine: DIAGRAM_MACHINES.phoneCode,
    description:
      'A public page’s phone confirmation: a valid number gets a code by SMS; a wrong code says the tries left, too many lock the number; the proof ends the machine for the page to go on.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
