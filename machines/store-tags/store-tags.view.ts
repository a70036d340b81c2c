import type { SnapshotFrom } from 'xstate'
import { tagDraftErrors, tagScannerPath } from '../../src/domain/sale'
import { scanUrl } from '../../src/domain/scan'
import { draftErrors, type storeTagsMachine } from './store-tags.machine'

/** What the store screen's tags section renders. */
export function toStoreTagsView(s: SnapshotFrom<typeof storeTagsMachine>) {
  const c = s.context
  const isIdle = s.matches({ ready: 'idle' })
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    error: s.matches('failed') ? c.error : null,
    isEmpty: s.matches('ready') && c.tags.length === 0,
    rows: c.tags.map((t) => ({
      ...t,
      scanUrl: scanUrl(c.origin, t.tagId),
      scannerPath: tagScannerPath(c.storeId, t.id),
      isEditing: c.draft?.tagId === t.id,
    })),
    draft: c.draft,
    draftErrors: draftErrors(c),
    isSaving: s.matches({ ready: 'saving' }),
    canSave: s.matches({ ready: 'editing' }) && Object.keys(draftErrors(c)).length === 0,
    newName: c.newName,
    canAdd: isIdle && tagDraftErrors({ name: c.newName, resetDelay: '180' }).name === undefined,
    isCreating: s.matches({ ready: 'creating' }),
    canAct: isIdle,
  }
}
export type StoreTagsView = ReturnType<typeof toStoreTagsView>
