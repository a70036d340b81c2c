import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { createActor, fromPromise } from 'xstate'
import {
  editorErrors,
  type NewsEditorContext,
  newsEditorMachine,
  type SaveNewsInput,
} from '../../machines/news-editor/news-editor.machine'
import { draftOf, emptyNewsDraft, type NewsItem } from '../../src/domain/news'
import { NewsEditorDialog } from '../../src/features/news/NewsEditorDialog'
import { CONFLICTS, FID, ROWS, STORES } from './fixtures'

/** The dialog on an editor actor restored at a state (its save never answers: nothing leaves the story). */
function Editor({ state, over }: { state: 'editing' | 'saving'; over: Partial<NewsEditorContext> }) {
  const [actor] = useState(() => {
    const machine = newsEditorMachine.provide({
      actors: { saveNews: fromPromise<NewsItem, SaveNewsInput>(() => new Promise(() => {})) },
    })
    const context: NewsEditorContext = {
      franchiseId: FID,
      item: null,
      draft: emptyNewsDraft('2026-11-25'),
      stores: STORES,
      needsStore: false,
      maxConcurrent: 3,
      errors: {},
      conflicts: [],
      formError: null,
      saved: null,
      ...over,
    }
    // The input is what the restored snapshot was made from; the snapshot wins.
    const input = {
      franchiseId: FID,
      item: null,
      today: '2026-11-25',
      stores: STORES,
      needsStore: false,
      maxConcurrent: 3,
    }
    return createActor(machine, { snapshot: machine.resolveState({ value: state, context }), input }).start()
  })
  return <NewsEditorDialog editor={actor} currency="EUR" />
}

const meta = {
  title: 'Pages/News/Editor',
  component: Editor,
  args: { state: 'editing', over: {} },
} satisfies Meta<typeof Editor>

export default meta
type Story = StoryObj<typeof meta>

export const NewHappyHour: Story = {}
const invalid = {
  ...emptyNewsDraft('2026-11-25'),
  name: '',
  price: '4,555',
  endDate: '2026-11-01',
  happyHourEnd: '',
}
export const FieldErrors: Story = { args: { over: { draft: invalid, errors: editorErrors(invalid, false) } } }
export const LimitReached: Story = {
  args: {
    over: {
      draft: { ...emptyNewsDraft('2026-11-25'), name: 'Happy hour du jeudi' },
      conflicts: CONFLICTS,
      formError: 'news.errors.limitReached',
    },
  },
}
export const EditNews: Story = { args: { over: { item: ROWS[1]!, draft: draftOf(ROWS[1]!) } } }
export const StoreOwnerMustChoose: Story = {
  args: {
    over: {
      needsStore: true,
      draft: { ...emptyNewsDraft('2026-11-25'), name: 'Apéro' },
      errors: { storeIds: 'news.errors.storeRequired' },
    },
  },
}
export const Saving: Story = {
  args: { state: 'saving', over: { draft: { ...emptyNewsDraft('2026-11-25'), name: 'Apéro' } } },
}
