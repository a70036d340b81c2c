import type { SnapshotFrom } from 'xstate'
import { secondsLeft } from '../../src/domain/sale'
import type { tagScannerMachine } from './tag-scanner.machine'

/** What the tag scanner screen renders. */
export function toTagScannerView(s: SnapshotFrom<typeof tagScannerMachine>) {
  const { tag, now, isStale, isCodeStale, presence } = s.context
  const info = tag?.manualPointsInfo ?? null
  const remaining = info && now !== null ? secondsLeft(info, now) : null
  // Points show only while collectable: once the countdown ends the screen invites the next scan.
  const pending = info && remaining !== null && remaining > 0 ? info : null
  return {
    isLoading: s.matches('loading') && !tag,
    isLoadFailed: s.matches('loadFailed'),
    tag,
    /** The store's presence code the QR code carries (issue 16 #5); null until the first is read. */
    code: presence?.code ?? null,
    pending,
    remaining: pending ? remaining : null,
    isStale: isStale || isCodeStale,
  }
}
export type TagScannerView = ReturnType<typeof toTagScannerView>
