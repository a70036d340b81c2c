import type { Meta, StoryObj } from '@storybook/react-vite'
import { importMachine } from '../../machines/import/import.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Import',
  component: MachineDiagram,
  args: {
    machine: importMachine,
    description:
      'Client import (issue 23): choose and upload a CSV (a refused file names why), map its columns from the server’s suggestion (a first name and a phone or an e-mail), preview the first rows with what each would do, run it, poll its progress after a named delay (a missed answer is asked again), cancel, and the end: done with the skipped rows and their CSV report, failed or cancelled.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
