import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { newsEditorMachine } from '../news-editor/news-editor.machine'
import type { newsActionsMachine } from './news-actions.machine'

/** What the news page renders of its dialogs. */
export function toNewsActionsView(s: SnapshotFrom<typeof newsActionsMachine>) {
  const c = s.context
  const isConfirming = s.matches('confirming') || s.matches('acting')
  return {
    canCreate: !c.isStoreOwner || c.stores.length > 0,
    stores: c.stores,
    /** The create/edit dialog's machine while it is open. */
    editor: s.children.newsEditor as ActorRefFrom<typeof newsEditorMachine> | undefined,
    confirm: isConfirming && c.target && c.action ? { item: c.target, action: c.action } : null,
    conflicts: c.conflicts,
    isActing: s.matches('acting'),
  }
}
export type NewsActionsView = ReturnType<typeof toNewsActionsView>
