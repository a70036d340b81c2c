import type { Meta, StoryObj } from '@storybook/react-vite'
import { storeOpinionsMachine } from '../../machines/store-opinions/store-opinions.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Store opinions',
  component: MachineDiagram,
  args: {
    machine: storeOpinionsMachine,
    description:
      'A store’s opinions (issue 6): pages and a rating filter (back to the first page), and the reply dialog in its own region: open on a listed opinion, edit, save (not dismissable while saving), a failure keeps the text with the generic error.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
