import type { Meta, StoryObj } from '@storybook/react-vite'
import { newsEditorMachine } from '../../machines/news-editor/news-editor.machine'
import { newsActionsMachine } from '../../machines/news-list/news-actions.machine'
import { newsListMachine } from '../../machines/news-list/news-list.list'
import { offersCalendarMachine } from '../../machines/offers-calendar/offers-calendar.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/News',
  component: MachineDiagram,
  args: {
    machine: newsListMachine,
    description:
      'News and happy hours (issue 19), one list of createListMachine: status, page and size in the address, latest answer only, a failure with a retry.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machines themselves (xstate/graph → Mermaid), offline. */
export const List: Story = {}
export const Dialogs: Story = {
  args: {
    machine: newsActionsMachine,
    description:
      'The news page’s dialogs: the editor invoked for create/edit; stop, restart and delete confirmed, a restart refused by the §5 limit keeping the confirmation open with the offers listed; a change reloads the list.',
  },
}
export const Editor: Story = {
  args: {
    machine: newsEditorMachine,
    description:
      'The news editor: §5 field errors shown once a save was tried and following the typing; the 409 NEWS_LIMIT_REACHED listing the offers at once; a 400 naming its field; ends saved (the item) or cancelled.',
  },
}
export const Calendar: Story = {
  args: {
    machine: offersCalendarMachine,
    description:
      'The offers calendar: month or week, previous/today/next, one store or all; one call per range (the latest answer only); an event opens only when drawn.',
  },
}
