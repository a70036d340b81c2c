import type { SnapshotFrom } from 'xstate'
import type { scannerSelectMachine } from './scanner-select.machine'

/** What the scanner dialog renders. */
export function toScannerSelectView(s: SnapshotFrom<typeof scannerSelectMachine>) {
  return {
    isOpen: s.matches('open'),
    isLoading: s.matches({ open: 'loading' }) || s.matches({ open: 'starting' }),
    isLoadFailed: s.matches({ open: 'loadFailed' }),
    hasNoStore: s.matches({ open: 'noStore' }),
    hasNoTags: s.matches({ open: 'noTags' }),
    tags: s.matches({ open: 'choosing' }) ? s.context.tags : [],
    error: s.context.error,
  }
}
export type ScannerSelectView = ReturnType<typeof toScannerSelectView>
