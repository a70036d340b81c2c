import type { SnapshotFrom } from 'xstate'
import { priceCentsOf } from '../../src/domain/news'
import type { newsEditorMachine } from './news-editor.machine'

/** What the news dialog renders. */
export function toNewsEditorView(s: SnapshotFrom<typeof newsEditorMachine>) {
  const c = s.context
  return {
    isNew: c.item === null,
    draft: c.draft,
    errors: c.errors,
    conflicts: c.conflicts,
    formError: c.formError,
    stores: c.stores,
    needsStore: c.needsStore,
    maxConcurrent: c.maxConcurrent,
    isHappyHour: c.draft.type === 'happy-hours',
    /** The price as it will be saved, in cents (null: none or not valid yet). */
    priceCents: priceCentsOf(c.draft.price) ?? null,
    isSaving: s.matches('saving'),
  }
}
export type NewsEditorView = ReturnType<typeof toNewsEditorView>
