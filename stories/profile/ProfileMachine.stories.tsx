import type { Meta, StoryObj } from '@storybook/react-vite'
import { profileMachine } from '../../machines/profile/profile.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Profile',
  component: MachineDiagram,
  args: {
    machine: profileMachine,
    description:
      'The profile (§2): information loaded, display name edited and saved, photo uploaded through the storage adapter and saved; the start page saved in local storage. The subscription card runs the subscription machine.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
