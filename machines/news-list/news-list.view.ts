import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { newsEditorMachine } from '../news-editor/news-editor.machine'
import { pageCount } from '../paged-list/paged-list'
import type { newsListMachine } from './news-list.machine'

/** What the news page renders. */
export function toNewsListView(s: SnapshotFrom<typeof newsListMachine>) {
  const c = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isConfirming = s.matches({ dialog: 'confirming' }) || s.matches({ dialog: 'acting' })
  return {
    query: c.query,
    rows: c.rows,
    total: c.total,
    maxConcurrent: c.maxConcurrent,
    isLoading,
    isRefreshing: isLoading && c.rows.length > 0,
    error: s.matches({ list: 'failed' }) ? c.error : null,
    /** None at all yet, or none with this status. */
    isEmpty: isReady && c.total === 0 && c.query.status === null,
    isNoResult: isReady && c.total === 0 && c.query.status !== null,
    pageCount: pageCount(c.total, c.query.size),
    canCreate: !c.isStoreOwner || c.stores.length > 0,
    stores: c.stores,
    /** The create/edit dialog's machine while it is open. */
    editor: s.children.newsEditor as ActorRefFrom<typeof newsEditorMachine> | undefined,
    confirm: isConfirming && c.target && c.action ? { item: c.target, action: c.action } : null,
    conflicts: c.conflicts,
    isActing: s.matches({ dialog: 'acting' }),
  }
}
export type NewsListView = ReturnType<typeof toNewsListView>
