import type { Meta, StoryObj } from '@storybook/react-vite'
import { gameDetailMachine } from '../../machines/game-detail/game-detail.machine'
import { gameHistoryMachine } from '../../machines/game-history/game-history.machine'
import { gamePlayMachine } from '../../machines/game-play/game-play.machine'
import { gameWizardMachine } from '../../machines/game-wizard/game-wizard.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Games',
  component: MachineDiagram,
  args: {
    machine: gameWizardMachine,
    description:
      'The gift wheel wizard (issue 22): wheel, rewards and duration, each step left only when its §5 rules hold; saving → saved (toast, history, draft reset) or back to the last step with games.creation.validation.error.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machines themselves (xstate/graph → Mermaid), offline. */
export const Wizard: Story = {}
export const History: Story = {
  args: {
    machine: gameHistoryMachine,
    description:
      'The game history: page and size in the address, the latest answer only, a failed fetch empties the list (Error fetching games) with a retry.',
  },
}
export const Detail: Story = {
  args: {
    machine: gameDetailMachine,
    description:
      'A game: its info, then its rewards (won vs expected) and participants, each fetch failing on its own with a retry; disable/enable.',
  },
}
export const Play: Story = {
  args: {
    machine: gamePlayMachine,
    description:
      'The public play page: the action, the phone proven by the phone-code child, the server-drawn spin, the wheel turning to the result (at once with reduced motion); closed games and refusals said.',
  },
}
