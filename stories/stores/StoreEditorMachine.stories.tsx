import type { Meta, StoryObj } from '@storybook/react-vite'
import { storeEditorMachine } from '../../machines/store-editor/store-editor.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Store editor',
  component: MachineDiagram,
  args: {
    machine: storeEditorMachine,
    description:
      'The store editor (§2, §3, §5, §8): a new store opens on the blank form (hours 08:00–18:00), an existing one is loaded first; every field, opening hours (per-day errors for inverted or overlapping ranges), settings and image uploads; save only when valid (generic error on failure), delete after a confirmation, and a warning before closing with unsaved changes.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
